import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between an API's pools and PostgreSQL, for failover tests: `cut()` is the leader
 * disappearing (every connection dropped, new ones refused), `restore()` the new leader answering
 * on the same address, and `swallow()` a leader that commits what it was sent but whose answers
 * never arrive (the ambiguous COMMIT), until the next cut.
 */
export interface PgProxy {
  /** `target` with the proxy's host and port. */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  swallow(): void;
  /**
   * The same for one connection only: the first that sends a message holding `marker` (a
   * statement's name, as its Parse and Bind messages carry it: `round_act\0`) has that message
   * run and committed, and none of its answers arrive, until the next cut. Others are untouched.
   */
  swallowAfter(marker: string): void;
  close(): Promise<void>;
}

/** Starts a proxy to the PostgreSQL of `target` (a postgres:// URL) on a free loopback port. */
export async function startPgProxy(target: string): Promise<PgProxy> {
  const to = new URL(target);
  const pairs = new Set<[Socket, Socket]>();
  let swallowing = false;
  let marker: Buffer | null = null;
  let swallowed: Socket | null = null;
  const onConnection = (client: Socket) => {
    const server = connect(Number(to.port || 5432), to.hostname);
    const pair: [Socket, Socket] = [client, server];
    pairs.add(pair);
    const drop = () => {
      client.destroy();
      server.destroy();
      pairs.delete(pair);
    };
    client.on('data', (b) => {
      if (marker && b.includes(marker)) {
        swallowed = client;
        marker = null;
      }
      server.write(b);
    });
    server.on('data', (b) => {
      if (!swallowing && swallowed !== client) client.write(b);
    });
    client.on('error', drop).on('close', drop);
    server.on('error', drop).on('close', drop);
  };
  let listener: Server = createServer(onConnection);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as { port: number }).port;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  let open = true;
  const stop = async () => {
    if (!open) return;
    open = false;
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    for (const [c, s] of pairs) {
      c.destroy();
      s.destroy();
    }
    pairs.clear();
    await closed;
  };
  return {
    url: url.toString(),
    cut: stop,
    async restore() {
      swallowing = false;
      marker = null;
      swallowed = null;
      if (open) return;
      listener = createServer(onConnection);
      await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
      open = true;
    },
    swallow() {
      swallowing = true;
    },
    swallowAfter(text) {
      marker = Buffer.from(text);
    },
    close: stop,
  };
}
