import { RedisRateLimitStore } from './redis-rate-limit.store';

// Redis runs on this machine and CI's (127.0.0.1:6379); REDIS_URL points elsewhere when set.
const URL_ = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const MIN = 60_000;

describe('RedisRateLimitStore: limits shared by every API instance (real Redis)', () => {
  const prefix = `cosmic:test:${process.pid}:${Date.now()}:`;
  const a = new RedisRateLimitStore(URL_, prefix);
  const b = new RedisRateLimitStore(URL_, prefix);
  afterAll(() => {
    a.close();
    b.close();
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

  it('shares lockouts and resets', async () => {
    const now = Date.now();
    await a.lock('locked-ip', now + 60_000);
    expect(await b.lockedUntil('locked-ip', now)).toBe(now + 60_000);
    expect(await b.lockedCount(now)).toBeGreaterThanOrEqual(1);
    await a.hit('r', MIN, now);
    await b.reset('r');
    expect(await a.hit('r', MIN, now)).toBe(1);
  });

  it('fails open (0 hits) when Redis is unreachable', async () => {
    const down = new RedisRateLimitStore('redis://127.0.0.1:1', prefix);
    expect(await down.hit('x', MIN, Date.now())).toBe(0);
    expect(await down.lockedUntil('x', Date.now())).toBe(0);
    down.close();
  });
});
