import { Logger } from '@nestjs/common';
import { createConnection, Socket } from 'node:net';
import type { RateLimitStore } from './rate-limit.store';

type Reply = string | number | null | Reply[];

/**
 * A minimal Redis client (RESP2 over one TCP connection, pipelined): enough for counters and
 * locks, without a dependency. Reconnects on the next command after a failure.
 */
export class RespClient {
  private socket?: Socket;
  private buffer = Buffer.alloc(0);
  private readonly pending: Array<{ resolve: (r: Reply) => void; reject: (e: Error) => void }> = [];

  constructor(private readonly url: URL) {}

  command(...args: Array<string | number>): Promise<Reply> {
    const socket = this.connect();
    const payload = `*${args.length}\r\n` + args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('');
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      socket.write(payload);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private connect(): Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = createConnection({ host: this.url.hostname, port: Number(this.url.port || 6379) });
    socket.setNoDelay(true);
    socket.on('data', (d) => this.onData(d));
    const fail = (e: Error) => {
      for (const p of this.pending.splice(0)) p.reject(e);
      this.socket = undefined;
      this.buffer = Buffer.alloc(0);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('redis connection closed')));
    this.socket = socket;
    if (this.url.password) void this.command('AUTH', decodeURIComponent(this.url.password)).catch(() => undefined);
    return socket;
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const parsed = parse(this.buffer, 0);
      if (!parsed) return;
      this.buffer = this.buffer.subarray(parsed.end);
      const p = this.pending.shift();
      if (parsed.value instanceof Error) p?.reject(parsed.value);
      else p?.resolve(parsed.value);
    }
  }
}

function parse(buf: Buffer, at: number): { value: Reply | Error; end: number } | null {
  const nl = buf.indexOf('\r\n', at);
  if (nl < 0) return null;
  const line = buf.toString('utf8', at + 1, nl);
  switch (String.fromCharCode(buf[at])) {
    case '+':
      return { value: line, end: nl + 2 };
    case '-':
      return { value: new Error(line), end: nl + 2 };
    case ':':
      return { value: Number(line), end: nl + 2 };
    case '$': {
      const len = Number(line);
      if (len < 0) return { value: null, end: nl + 2 };
      if (buf.length < nl + 2 + len + 2) return null;
      return { value: buf.toString('utf8', nl + 2, nl + 2 + len), end: nl + 2 + len + 2 };
    }
    case '*': {
      const n = Number(line);
      if (n < 0) return { value: null, end: nl + 2 };
      const items: Reply[] = [];
      let end = nl + 2;
      for (let i = 0; i < n; i++) {
        const item = parse(buf, end);
        if (!item) return null;
        items.push(item.value instanceof Error ? null : item.value);
        end = item.end;
      }
      return { value: items, end };
    }
    default:
      return { value: new Error(`unexpected redis reply ${line}`), end: nl + 2 };
  }
}

/**
 * Rate-limit counters and lockouts shared by every API instance through Redis (REDIS_URL): the same
 * sliding-minute approximation as the memory store (this window's hits plus the previous window's,
 * weighted by how much of it still overlaps). If Redis is unreachable the limiter fails open and
 * logs, so an outage of the cache never takes the casino down.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly logger = new Logger('RedisRateLimit');
  private readonly redis: RespClient;
  private warned = 0;

  constructor(url: string, private readonly prefix = 'cosmic:rl:') {
    this.redis = new RespClient(new URL(url));
  }

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    const window = Math.floor(now / windowMs);
    const k = `${this.prefix}hits:${key}`;
    try {
      const [current, , previous] = (await Promise.all([
        this.redis.command('HINCRBY', k, window, 1),
        this.redis.command('PEXPIRE', k, windowMs * 2),
        this.redis.command('HGET', k, window - 1),
      ])) as [number, number, string | null];
      const overlap = 1 - (now % windowMs) / windowMs;
      return current + Math.floor(Number(previous ?? 0) * overlap);
    } catch (e) {
      this.fail(e);
      return 0;
    }
  }

  async reset(key: string): Promise<void> {
    await this.redis.command('DEL', `${this.prefix}hits:${key}`).catch((e) => this.fail(e));
  }

  async lock(key: string, untilMs: number): Promise<void> {
    const ttl = Math.max(1, untilMs - Date.now());
    await Promise.all([
      this.redis.command('SET', `${this.prefix}lock:${key}`, untilMs, 'PX', ttl),
      this.redis.command('ZADD', `${this.prefix}locks`, untilMs, key),
    ]).catch((e) => this.fail(e));
  }

  async lockedUntil(key: string, now: number): Promise<number> {
    try {
      const v = Number((await this.redis.command('GET', `${this.prefix}lock:${key}`)) ?? 0);
      return v > now ? v : 0;
    } catch (e) {
      this.fail(e);
      return 0;
    }
  }

  async lockedCount(now: number): Promise<number> {
    try {
      await this.redis.command('ZREMRANGEBYSCORE', `${this.prefix}locks`, '-inf', now);
      return Number(await this.redis.command('ZCARD', `${this.prefix}locks`));
    } catch (e) {
      this.fail(e);
      return 0;
    }
  }

  close(): void {
    this.redis.close();
  }

  private fail(e: unknown): void {
    if (Date.now() - this.warned > 60_000) {
      this.warned = Date.now();
      this.logger.warn({ msg: 'Redis unreachable: rate limits fail open until it is back', error: (e as Error).message });
    }
  }
}
