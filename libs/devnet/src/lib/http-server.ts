import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as algosdk from 'algosdk';

/** What a route answers. `handled` means the route wrote (or destroyed) the response itself. */
export type Reply =
  | { status: number; json: unknown }
  | { status: number; jsonText: string }
  | { status: number; msgpack: Uint8Array }
  | { status: number; empty: true }
  | { handled: true };

/** One request as routes see it. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  query: URLSearchParams;
  params: string[];
  body(): Promise<Uint8Array>;
}

/** A route: method, path pattern with capture groups, handler. */
export interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle(ctx: RequestContext): Promise<Reply> | Reply;
}

/** Settings for one API server (algod or indexer). */
export interface ApiServerOptions {
  name: string;
  tokenHeader: string;
  token: string;
  routes: Route[];
  /** When true, every non-admin request has its connection destroyed (the node "went away"). */
  isDown(): boolean;
  log?: (line: string) => void;
  maxBodyBytes?: number;
}

/** A JSON error reply in algod's `{"message": …}` shape. */
export function errorReply(status: number, message: string): Reply {
  return { status, json: { message } };
}

/** JSON with bigints written as plain numbers, as algod and the indexer do. */
export function toJson(value: unknown): string {
  return algosdk.stringifyJSON(value);
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: Reply): void {
  if ('handled' in reply) return;
  if ('json' in reply || 'jsonText' in reply) {
    const body = 'json' in reply ? toJson(reply.json) : reply.jsonText;
    res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  } else if ('msgpack' in reply) {
    res.writeHead(reply.status, { 'Content-Type': 'application/msgpack', 'Content-Length': reply.msgpack.length });
    res.end(Buffer.from(reply.msgpack));
  } else {
    res.writeHead(reply.status, { 'Content-Length': 0 });
    res.end();
  }
}

/** Creates (not yet listening) an HTTP server that routes, checks the token and honours `down`. */
export function createApiServer(options: ApiServerOptions): Server {
  const limit = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://devnet.invalid');
    const isAdmin = url.pathname.startsWith('/devnet/');
    if (options.isDown() && !isAdmin) {
      req.socket.destroy();
      return;
    }
    void handle(req, res, url).catch((error: unknown) => {
      options.log?.(`${options.name}: ${req.method} ${url.pathname} failed: ${(error as Error).stack ?? error}`);
      if (!res.headersSent && !res.destroyed) send(res, errorReply(500, (error as Error).message));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (options.token && req.headers[options.tokenHeader.toLowerCase()] !== options.token) {
      send(res, errorReply(401, 'Invalid API Token'));
      return;
    }
    for (const route of options.routes) {
      if (route.method !== req.method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      const ctx: RequestContext = {
        req,
        res,
        path: url.pathname,
        query: url.searchParams,
        params: match.slice(1).map((part) => decodeURIComponent(part)),
        body: () => readBody(req, limit),
      };
      try {
        send(res, await route.handle(ctx));
      } catch (error) {
        if (error instanceof BodyTooLarge) send(res, errorReply(413, 'request body too large'));
        else throw error;
      }
      return;
    }
    send(res, errorReply(404, `${options.name}: no route for ${req.method} ${url.pathname}`));
  }

  return server;
}

/** Starts listening and resolves with the bound port (port 0 picks a free one). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops the server and drops keep-alive connections so close() never waits on idle clients. */
export function shutdown(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
