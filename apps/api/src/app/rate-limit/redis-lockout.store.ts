import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LOCKOUT } from './limits';
import type { LockoutStore } from './lockout.store';

/**
 * Lockout counters and locks shared by every API instance through Redis (REDIS_URL), on the same
 * ioredis client as @fastify/rate-limit: the same sliding-window approximation as the memory store
 * (this window's count plus the previous window's, weighted by how much of it still overlaps).
 * Every key carries a TTL, so nothing outlives its window. If Redis is unreachable the lockout
 * fails open and logs, so an outage of the cache never takes the casino down (the slow scrypt hash
 * still holds).
 */
export class RedisLockoutStore implements LockoutStore {
  private readonly logger = new Logger('RedisLockout');
  private warned = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'cosmic:lockout:',
  ) {}

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    const window = Math.floor(now / windowMs);
    const k = `${this.prefix}hits:${key}`;
    try {
      const [current, , previous] = await Promise.all([
        this.redis.hincrby(k, String(window), 1),
        this.redis.pexpire(k, windowMs * 2),
        this.redis.hget(k, String(window - 1)),
      ]);
      const overlap = 1 - (now % windowMs) / windowMs;
      return current + Math.floor(Number(previous ?? 0) * overlap);
    } catch (e) {
      this.fail(e);
      return 0;
    }
  }

  async strike(key: string, ttlMs: number): Promise<number> {
    const k = `${this.prefix}strikes:${key}`;
    try {
      const answers = await this.redis.multi().incr(k).pexpire(k, ttlMs).exec();
      return Number(answers?.[0]?.[1] ?? 0);
    } catch (e) {
      this.fail(e);
      return 0;
    }
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}hits:${key}`).catch((e) => this.fail(e));
  }

  async lock(key: string, untilMs: number): Promise<void> {
    const now = Date.now();
    const ttl = Math.max(1, untilMs - now);
    const locks = `${this.prefix}locks`;
    await Promise.all([
      this.redis.set(`${this.prefix}lock:${key}`, String(untilMs), 'PX', ttl),
      this.redis.zadd(locks, untilMs, key),
      // the set of locked keys keeps only live locks, and goes with the last of them
      this.redis.zremrangebyscore(locks, '-inf', now),
      this.redis.pexpire(locks, Math.max(ttl, LOCKOUT.maxDurationMs)),
    ]).catch((e) => this.fail(e));
  }

  async lockedUntil(key: string, now: number): Promise<number> {
    try {
      const v = Number((await this.redis.get(`${this.prefix}lock:${key}`)) ?? 0);
      return v > now ? v : 0;
    } catch (e) {
      this.fail(e);
      return 0;
    }
  }

  async lockedCount(now: number): Promise<number> {
    try {
      return await this.redis.zcount(`${this.prefix}locks`, `(${now}`, '+inf');
    } catch (e) {
      this.fail(e);
      return 0;
    }
  }

  private fail(e: unknown): void {
    if (Date.now() - this.warned > 60_000) {
      this.warned = Date.now();
      this.logger.warn({
        msg: 'Redis unreachable: login lockouts fail open until it is back',
        error: (e as Error).message,
      });
    }
  }
}
