import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createIntApp } from '../test/int-app';
import { signIn, type TestPlayer } from '../test/player';
import { casinoLedgerDrift } from '../test/seeds';

// Issue 27 item 8: races between one player's own calls answer 2xx or 409, never a 5xx, and the
// ledger stays exact. Seed rotations race each other and every kind of bet.

describe('races answer 409, never 500 (real PostgreSQL)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createIntApp();
  });
  afterAll(() => app.close());

  const exact = () => casinoLedgerDrift(app);

  const calls = (p: TestPlayer, i: number) => {
    const me = { walletAddress: p.walletAddress };
    const hc = { ...me, currency: 'HC' };
    return [
      () => p.post('/api/game-seeds/update-client-seed', { ...me, clientSeed: `race-${i}` }),
      () => p.post('/api/game-seeds/new-server-seed', me),
      () => p.post('/api/games/dice', { ...hc, betAmount: '1', betType: 'low' }),
      () => p.post('/api/games/plinko/deduct', { ...hc, betAmount: '1', risk: 'low' }),
      () => p.post('/api/games/slots', { ...hc, betAmount: '1' }),
      () => p.post('/api/games/blackjack/deal', { ...hc, betAmount: '1' }),
      () => p.post('/api/games/blackjack/stand', me),
      () => p.post('/api/games/hilo/start', { ...hc, bet: '1' }),
      () => p.post('/api/games/hilo/guess', { ...me, direction: 'higher' }),
      () => p.post('/api/games/slots/buy-bonus', { ...hc, betAmount: '1' }),
    ];
  };

  it('seed rotations racing every kind of bet and round step: only 2xx and 409, the ledger exact', async () => {
    const p = await signIn(app);
    const statuses = new Map<number, number>();
    for (let round = 0; round < 4; round++) {
      const all = await Promise.all(
        Array.from({ length: 3 }, (_, i) => calls(p, round * 3 + i))
          .flat()
          .map((call) => call()),
      );
      for (const r of all) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      const bad = all.filter((r) => r.status >= 500 || (r.status >= 400 && r.status !== 409 && r.status !== 400));
      expect(bad.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    }
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(await exact()).toEqual([]);
  });
});
