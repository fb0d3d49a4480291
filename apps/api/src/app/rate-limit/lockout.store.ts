/** Injection token for the lockout store. */
export const LOCKOUT_STORE = Symbol('LOCKOUT_STORE');

/** A value now, or later from a shared store. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Counters and locks behind the operator-login lockout (wrong passwords per address and in all,
 * locks that grow per address, a success that clears the count). Request rate limits are
 * @fastify/rate-limit's (rate-limits.ts); a lockout needs what a rate limiter does not have: reset
 * on success, locks with their own end, and a count of locked addresses. The memory store below
 * keeps them per instance; RedisLockoutStore shares them when REDIS_URL is set.
 */
export interface LockoutStore {
  /** Counts one hit on `key`; answers the hits in the sliding window of `windowMs` ending now. */
  hit(key: string, windowMs: number, now: number): MaybePromise<number>;
  /**
   * Counts one more strike on `key` and answers the strikes so far. The count lives until `ttlMs`
   * after the last strike: unlike `hit`, no window edge (midnight, say) can forget a strike.
   */
  strike(key: string, ttlMs: number, now: number): MaybePromise<number>;
  /** Forgets `key`'s hits. */
  reset(key: string): MaybePromise<void>;
  /** Locks `key` until `untilMs`. */
  lock(key: string, untilMs: number): MaybePromise<void>;
  /** When `key`'s lock ends (ms since the epoch), or 0 when it is not locked. */
  lockedUntil(key: string, now: number): MaybePromise<number>;
  /** How many keys are locked now (for the dashboard). */
  lockedCount(now: number): MaybePromise<number>;
}

interface Window {
  start: number;
  current: number;
  previous: number;
  windowMs: number;
}

/**
 * In-memory sliding-window counters (two fixed windows, the previous one weighted by how much
 * of it still overlaps), so a burst at a window edge cannot double the limit. Idle entries are
 * swept once per window.
 */
export class MemoryLockoutStore implements LockoutStore {
  private readonly windows = new Map<string, Window>();
  private readonly locks = new Map<string, number>();
  private readonly strikes = new Map<string, { count: number; until: number }>();
  private lastSweep = 0;

  hit(key: string, windowMs: number, now: number): number {
    this.sweep(now, windowMs);
    let w = this.windows.get(key);
    const start = now - (now % windowMs);
    if (!w) {
      w = { start, current: 0, previous: 0, windowMs };
      this.windows.set(key, w);
    } else if (w.start !== start) {
      w.previous = start - w.start === windowMs ? w.current : 0;
      w.current = 0;
      w.start = start;
    }
    w.current++;
    const overlap = 1 - (now - start) / windowMs;
    return w.current + Math.floor(w.previous * overlap);
  }

  strike(key: string, ttlMs: number, now: number): number {
    const last = this.strikes.get(key);
    const count = last && last.until > now ? last.count + 1 : 1;
    this.strikes.set(key, { count, until: now + ttlMs });
    return count;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  lock(key: string, untilMs: number): void {
    this.locks.set(key, untilMs);
  }

  lockedUntil(key: string, now: number): number {
    const until = this.locks.get(key) ?? 0;
    if (until !== 0 && until <= now) this.locks.delete(key);
    return until > now ? until : 0;
  }

  lockedCount(now: number): number {
    let n = 0;
    for (const until of this.locks.values()) if (until > now) n++;
    return n;
  }

  /** Counters and locks held in memory (swept ones are gone). */
  get size(): number {
    return this.windows.size + this.locks.size + this.strikes.size;
  }

  /** Entries idle for two windows are dropped, at most once per window. */
  private sweep(now: number, windowMs: number): void {
    if (now - this.lastSweep < windowMs) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (now - w.start >= 2 * w.windowMs) this.windows.delete(k);
    for (const [k, until] of this.locks) if (until <= now) this.locks.delete(k);
    for (const [k, s] of this.strikes) if (s.until <= now) this.strikes.delete(k);
  }
}
