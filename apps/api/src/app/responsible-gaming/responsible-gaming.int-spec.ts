import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlService } from '../database/sql.service';
import { createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { ledgerExact } from '../../test/seeds';

describe('responsible gaming: loss limits and self-exclusion enforced on every bet (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const dice = (p: TestPlayer, betAmount: string) => p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount, betType: 'seven' });

  it('stops bets that would take today’s losses past the daily limit', async () => {
    const p = await signIn(app);
    const set = await p.post('/api/responsible-gaming/limits', { walletAddress: p.walletAddress, dailyLossLimitHC: '20' });
    expect(set.body).toMatchObject({ dailyLossLimitHC: '20', lostTodayHC: '0', selfExcludedUntil: null });
    // 'seven' pays 4x one time in 6: today's net loss is a walk that drifts up 5/3 HC a bet, but
    // can stay under the limit for a while (40 bets missed it ~4.5% of the time); 600 bets miss
    // it less than once in 10^8, and the limit itself keeps the loss at 20 HC
    let refused: { status: number; body: { message: string } } | undefined;
    for (let i = 0; i < 600 && !refused; i++) {
      const r = await dice(p, '5');
      if (r.status !== 200) refused = r;
    }
    expect(refused).toEqual({ status: 429, body: { statusCode: 429, error: 'LOSS_LIMIT', message: 'Daily loss limit reached: this bet would take today’s losses past the limit you set' } });
    const limits = (await p.get('/api/responsible-gaming/limits')).body;
    expect(Number(limits.lostTodayHC) + 5).toBeGreaterThan(20);
    expect(Number(limits.lostTodayHC)).toBeLessThanOrEqual(20);
    // blackjack and hi-lo are guarded too
    const bj = await p.post('/api/games/blackjack/deal', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '20' });
    expect(bj.status).toBe(429);
    await ledgerExact(sql, p.id);
  });

  it('lowers a limit at once but refuses raising or removing it inside the cool-off', async () => {
    const p = await signIn(app);
    await p.post('/api/responsible-gaming/limits', { walletAddress: p.walletAddress, dailyLossLimitHC: '100' });
    expect((await p.post('/api/responsible-gaming/limits', { walletAddress: p.walletAddress, dailyLossLimitHC: '50' })).body.dailyLossLimitHC).toBe('50');
    const raise = await p.post('/api/responsible-gaming/limits', { walletAddress: p.walletAddress, dailyLossLimitHC: '500' });
    expect(raise).toMatchObject({ status: 409, body: { message: 'dailyLossLimitHC: a limit can be lowered at once but raised only after a 24-hour cool-off' } });
    expect((await p.post('/api/responsible-gaming/limits', { walletAddress: p.walletAddress, dailyLossLimitHC: null })).status).toBe(409);
    expect((await p.post('/api/responsible-gaming/limits', { walletAddress: p.walletAddress, dailyLossLimitHC: '-1' })).status).toBe(400);
  });

  it('self-exclusion blocks every bet and cannot be shortened', async () => {
    const p = await signIn(app);
    const ex = await p.post('/api/responsible-gaming/self-exclude', { walletAddress: p.walletAddress, days: 7 });
    expect(new Date(ex.body.selfExcludedUntil).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86400_000);
    const bet = await dice(p, '1');
    expect(bet).toMatchObject({ status: 403, body: { message: 'You are self-excluded: betting is blocked until your self-exclusion period ends' } });
    const hilo = await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '1' });
    expect(hilo.status).toBe(403);
    const shorter = await p.post('/api/responsible-gaming/self-exclude', { walletAddress: p.walletAddress, days: 1 });
    expect(shorter.body.selfExcludedUntil).toBe(ex.body.selfExcludedUntil);
    expect((await p.post('/api/responsible-gaming/self-exclude', { walletAddress: p.walletAddress, days: 3 })).body.message).toBe('days must be one of 1, 7, 30, 180, 365');
    expect(await ledgerExact(sql, p.id)).toMatchObject({ HC: String(1000n * 100_000_000n) });
  });
});
