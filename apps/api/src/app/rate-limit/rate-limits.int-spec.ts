import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { createIntApp } from '../../test/int-app';
import { MEMORY_KEYS } from './limits';
import { RateLimits } from './rate-limits';

/** What the library reads from a request: the address (and the route's options). */
const from = (ip: string) => ({ ip, routeOptions: { config: {} } }) as unknown as FastifyRequest;

describe('@fastify/rate-limit in memory (no REDIS_URL): entries expire and memory is bounded (real PostgreSQL)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createIntApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  it("an address's entry ends with its window: refused within the minute, counted afresh after it", async () => {
    const get = () => app.inject({ method: 'GET', url: '/api/nowhere', remoteAddress: '10.3.3.3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get()).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 59_000);
    expect((await get()).statusCode).toBe(429);
    jest.spyOn(Date, 'now').mockReturnValue(now + 60_001);
    const again: number[] = [];
    for (let i = 0; i < 4; i++) again.push((await get()).statusCode);
    expect(again).toEqual([404, 404, 404, 429]);
  });

  it('counts the dice and plinko Fastify routes (outside Nest) into the same per-address minute, and never /api/health', async () => {
    const ip = '10.3.3.4';
    const bet = (url: string) =>
      app.inject({
        method: 'POST',
        url,
        payload: { walletAddress: 'GUEST_nobody1', currency: 'HC', betAmount: '1', betType: 'seven' },
        remoteAddress: ip,
      });
    const statuses = [(await bet('/api/games/dice')).statusCode, (await bet('/api/games/plinko/deduct')).statusCode];
    statuses.push((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip })).statusCode);
    statuses.push(
      (await bet('/api/games/dice')).statusCode,
      (await bet('/api/games/dice')).statusCode,
      (await bet('/api/games/plinko/deduct')).statusCode,
    );
    expect(statuses).toEqual([401, 401, 200, 401, 429, 429]);
  });

  it(`remembers at most ${MEMORY_KEYS} addresses: an address-rotating flood cannot grow it further`, async () => {
    const limits = app.get(RateLimits);
    const first = from('10.200.0.1');
    for (let i = 0; i < 3; i++) await limits.hit('api', first);
    expect((await limits.hit('api', first)).exceeded).toBe(true);
    // MEMORY_KEYS other addresses push the first one out of the LRU: its count is gone
    for (let i = 0; i < MEMORY_KEYS; i++)
      await limits.hit('api', from(`10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`));
    expect((await limits.hit('api', first)).exceeded).toBe(false);
  });
});
