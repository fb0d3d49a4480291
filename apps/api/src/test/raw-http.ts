import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { request } from 'node:http';

/** One answer of a raw HTTP request. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** Listens on a free loopback port; answers the port. */
export async function listenLoopback(app: NestFastifyApplication): Promise<number> {
  await app.listen(0, '127.0.0.1');
  return (app.getHttpServer().address() as { port: number }).port;
}

/**
 * Sends `target` as the request line's target byte for byte (node:http writes `path` verbatim),
 * so an absolute-form target (`http://host/api/...`) or a percent-encoded one reaches the server
 * as a client wrote it: Fastify's inject() would rebuild it into an origin-form path first.
 */
export function rawRequest(
  port: number,
  method: 'GET' | 'POST',
  target: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { ...opts.headers };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: target, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
