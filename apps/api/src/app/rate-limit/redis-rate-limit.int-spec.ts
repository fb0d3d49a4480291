import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { randomInt } from 'node:crypto';
import { createIntApp } from '../../test/int-app';
import { guestId } from '../../test/player';
import { LOCKOUT } from './limits';
import { RedisLockoutStore } from './redis-lockout.store';

// Redis runs on this machine and CI's (127.0.0.1:6379); REDIS_URL points elsewhere when set.
const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const MIN = 60_000;
/** An address of its own for each run: the Redis server outlives the test run. */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('@fastify/rate-limit on Redis: limits shared by every API instance (REDIS_URL, real Redis, real PostgreSQL)', () => {
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  const redis = new Redis(REDIS_URL);

  beforeAll(async () => {
    a = await createIntApp({ REDIS_URL, RATE_LIMIT_PER_MINUTE: '4' });
    b = await createIntApp({ REDIS_URL, RATE_LIMIT_PER_MINUTE: '4' });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    redis.disconnect();
  });

  it('two instances count one address into one window: the 5th request is refused, whichever instance gets it', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (const app of [a, b, a, b, a])
      statuses.push((await app.inject({ method: 'GET', url: '/api/nowhere', remoteAddress: ip })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
    const refused = await b.inject({ method: 'GET', url: '/api/nowhere', remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests: slow down',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // another address is not affected
    expect((await b.inject({ method: 'GET', url: '/api/nowhere', remoteAddress: freshIp() })).statusCode).toBe(404);
    // the count lives in Redis with the window as its TTL: it cannot outlive the minute
    expect(await redis.get(`cosmic:rl:${ip}`)).toBe('6');
    const ttl = await redis.pttl(`cosmic:rl:${ip}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(MIN);
  });

  it('an entry is gone from Redis once its window is over (deposit notices: 3 per 5 s per player), and the player may notify again', async () => {
    // signed in from an address of its own: Redis keeps counting loopback across test runs
    const signUp = await a.inject({
      method: 'POST',
      url: '/api/users',
      payload: { walletAddress: guestId() },
      remoteAddress: freshIp(),
    });
    const p = {
      id: signUp.json().id as string,
      walletAddress: signUp.json().walletAddress as string,
      cookie: String(signUp.headers['set-cookie']).split(';')[0],
    };
    const txId = 'A'.repeat(52); // well-formed, unknown to the chain: answered pending
    // each from an address of its own: only the per-player limit is at work here
    const notice = (app: NestFastifyApplication) =>
      app.inject({
        method: 'POST',
        url: '/api/crypto/notify-deposit',
        payload: { walletAddress: p.walletAddress, txId },
        headers: { cookie: p.cookie },
        remoteAddress: freshIp(),
      });
    const statuses: number[] = [];
    for (const app of [a, b, a, b]) statuses.push((await notice(app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await notice(a)).json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests: slow down',
    });
    const keys = await redis.keys(`cosmic:rl:*deposit-notice:${p.id}`);
    expect(keys).toHaveLength(1);
    const ttl = await redis.pttl(keys[0]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
    await sleep(ttl + 50);
    expect(await redis.exists(keys[0])).toBe(0);
    expect((await notice(b)).json()).toEqual({ txId, status: 'pending' });
  });

  it('fails open when Redis is unreachable: requests are answered, never held or refused', async () => {
    const down = await createIntApp({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await down.inject({ method: 'GET', url: '/api/nowhere', remoteAddress: '10.9.9.9' })).statusCode,
        );
      expect(statuses).toEqual([404, 404, 404]);
    } finally {
      await down.close();
    }
  });
});

describe('RedisLockoutStore: login lockouts shared by every API instance (real Redis)', () => {
  const prefix = `cosmic:test:${process.pid}:${Date.now()}:`;
  const ca = new Redis(REDIS_URL);
  const cb = new Redis(REDIS_URL);
  const a = new RedisLockoutStore(ca, prefix);
  const b = new RedisLockoutStore(cb, prefix);
  afterAll(() => {
    ca.disconnect();
    cb.disconnect();
  });

  it('two instances count into one window', async () => {
    const t0 = 1_000 * MIN + 10;
    expect(await a.hit('ip', MIN, t0)).toBe(1);
    expect(await b.hit('ip', MIN, t0)).toBe(2);
    expect(await a.hit('ip', MIN, t0)).toBe(3);
  });

  it('weighs the previous window by its overlap, like the memory store', async () => {
    const t0 = 2_000 * MIN;
    for (let i = 0; i < 100; i++) await a.hit('edge', MIN, t0 + MIN - 1);
    expect(await b.hit('edge', MIN, t0 + MIN + MIN / 4)).toBe(1 + 75);
  });

  it('shares lockouts and resets, and every key carries a TTL', async () => {
    const now = Date.now();
    await a.lock('locked-ip', now + 60_000);
    expect(await b.lockedUntil('locked-ip', now)).toBe(now + 60_000);
    expect(await b.lockedCount(now)).toBe(1);
    expect(await b.lockedCount(now + 60_000)).toBe(0);
    await a.hit('r', MIN, now);
    await b.reset('r');
    expect(await a.hit('r', MIN, now)).toBe(1);
    const keys = await ca.keys(`${prefix}*`);
    expect(keys.sort()).toEqual([
      `${prefix}hits:edge`,
      `${prefix}hits:ip`,
      `${prefix}hits:r`,
      `${prefix}lock:locked-ip`,
      `${prefix}locks`,
    ]);
    for (const k of keys) {
      const ttl = await ca.pttl(k);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(LOCKOUT.maxDurationMs);
    }
  });

  it('counts strikes across instances and keeps them until the TTL after the last one', async () => {
    expect(await a.strike('strike-ip', 60_000)).toBe(1);
    expect(await b.strike('strike-ip', 60_000)).toBe(2);
    const ttl = await ca.pttl(`${prefix}strikes:strike-ip`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await ca.pexpire(`${prefix}strikes:strike-ip`, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await a.strike('strike-ip', 60_000)).toBe(1);
  });

  it('fails open (nothing counted, nothing locked) when Redis is unreachable', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    dead.on('error', () => undefined);
    const down = new RedisLockoutStore(dead, prefix);
    expect(await down.hit('x', MIN, Date.now())).toBe(0);
    expect(await down.lockedUntil('x', Date.now())).toBe(0);
    expect(await down.lockedCount(Date.now())).toBe(0);
    expect(await down.strike('x', MIN)).toBe(0);
    dead.disconnect();
  });
});
