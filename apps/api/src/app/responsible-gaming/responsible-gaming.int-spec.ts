import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlService } from '../database/sql.service';
import { ResponsibleGamingService } from './responsible-gaming.service';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { ledgerExact } from '../../test/seeds';

describe('responsible gaming: loss limits and self-exclusion enforced on every bet (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  let rg: ResponsibleGamingService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
    rg = app.get(ResponsibleGamingService);
  });
  afterAll(() => app.close());

  const dice = (p: TestPlayer, betAmount: string) =>
    p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount, betType: 'seven' });

  it('stops bets that would take today’s losses past the daily limit', async () => {
    const p = await signIn(app);
    const set = await p.post('/api/responsible-gaming/limits', {
      walletAddress: p.walletAddress,
      dailyLossLimitHC: '20',
    });
    expect(set.body).toMatchObject({
      dailyLossLimitHC: '20',
      lostTodayHC: '0',
      selfExcludedUntil: null,
      pendingLimitHC: null,
    });
    // 'seven' pays 4x one time in 6: today's net loss is a walk that drifts up 5/3 HC a bet, but
    // can stay under the limit for a while (40 bets missed it ~4.5% of the time); 600 bets miss
    // it less than once in 10^8, and the limit itself keeps the loss at 20 HC
    let refused: { status: number; body: { message: string } } | undefined;
    for (let i = 0; i < 600 && !refused; i++) {
      const r = await dice(p, '5');
      if (r.status !== 200) refused = r;
    }
    const limits = (await p.get('/api/responsible-gaming/limits')).body;
    expect(refused).toEqual({
      status: 429,
      body: {
        statusCode: 429,
        error: 'LOSS_LIMIT',
        message: `24-hour loss limit reached: this bet would take your net loss over the last 24 hours past the limit you set (${20 - Number(limits.lostTodayHC)} HC left)`,
      },
    });
    expect(Number(limits.lostTodayHC) + 5).toBeGreaterThan(20);
    expect(Number(limits.lostTodayHC)).toBeLessThanOrEqual(20);
    // blackjack and hi-lo are guarded too
    const bj = await p.post('/api/games/blackjack/deal', {
      walletAddress: p.walletAddress,
      currency: 'HC',
      betAmount: '20',
    });
    expect(bj.status).toBe(429);
    await ledgerExact(sql, p.id);
  });

  describe('cool-off: lowering applies at once, raising or removing a limit after 24 h', () => {
    // a fresh player has lost nothing: all of the 10 HC limit is left
    const LOSS_LIMIT = {
      status: 429,
      body: {
        statusCode: 429,
        error: 'LOSS_LIMIT',
        message:
          '24-hour loss limit reached: this bet would take your net loss over the last 24 hours past the limit you set (10 HC left)',
      },
    };
    const setHC = (p: TestPlayer, dailyLossLimitHC: string | null) =>
      p.post('/api/responsible-gaming/limits', { walletAddress: p.walletAddress, dailyLossLimitHC });
    // the cool-off ends now: what the clock would do in 24 h
    const endCoolOff = (p: TestPlayer) =>
      sql.query(
        `UPDATE player_limit_windows SET pending_at = now() - interval '1 second' WHERE user_id = $1 AND pending_at IS NOT NULL`,
        [p.id],
      );
    const pendingHours = (effectiveAt: string) => (new Date(effectiveAt).getTime() - Date.now()) / 3_600_000;

    it('lowering a limit applies at once: a 20 HC bet the old 100 HC limit allowed is refused with 429 LOSS_LIMIT', async () => {
      const p = await signIn(app);
      await setHC(p, '100');
      const lowered = await setHC(p, '10');
      expect(lowered).toMatchObject({
        status: 200,
        body: {
          dailyLossLimitHC: '10',
          pendingLimitHC: null,
          message: 'Your 24-hour HC loss limit is 10 HC, effective now.',
        },
      });
      expect(await dice(p, '20')).toEqual(LOSS_LIMIT);
      expect((await setHC(p, '-1')).status).toBe(400);
      await ledgerExact(sql, p.id);
    });

    it('raising a limit is pending (the old limit still refuses) and applies once the promotion job runs after the cool-off', async () => {
      const p = await signIn(app);
      await setHC(p, '10');
      const raise = await setHC(p, '500');
      expect(raise).toMatchObject({
        status: 200,
        body: {
          dailyLossLimitHC: '10',
          pendingLimitHC: { value: '500' },
          message:
            'Your new 24-hour HC loss limit of 500 HC takes effect in 24h 0m; until then your limit stays 10 HC.',
        },
      });
      expect(pendingHours(raise.body.pendingLimitHC.effectiveAt)).toBeCloseTo(24, 1);
      expect((await p.get('/api/responsible-gaming/limits')).body).toMatchObject({
        dailyLossLimitHC: '10',
        pendingLimitHC: raise.body.pendingLimitHC,
        pendingLimitAMINA: null,
      });
      expect(await dice(p, '20')).toEqual(LOSS_LIMIT);

      await endCoolOff(p);
      // the bet path reads only the live limit: until promotion the lower limit still applies
      expect(await dice(p, '20')).toEqual(LOSS_LIMIT);
      expect(await rg.promoteDueChanges()).toBeGreaterThanOrEqual(1);
      const [row] = await sql.query<{ live: string; pending_value: string | null; pending_at: Date | null }>(
        `SELECT live, pending_value, pending_at FROM player_limit_windows WHERE user_id = $1 AND kind = 'loss' AND currency = 'HC' AND period = '24h'`,
        [p.id],
      );
      expect(row).toEqual({ live: String(500n * 100_000_000n), pending_value: null, pending_at: null });
      expect((await dice(p, '20')).status).toBe(200);
      expect((await p.get('/api/responsible-gaming/limits')).body).toMatchObject({
        dailyLossLimitHC: '500',
        pendingLimitHC: null,
      });
      await ledgerExact(sql, p.id);
    });

    it('removing a limit is pending (the old limit still refuses) and applies after the cool-off when limits are next read', async () => {
      const p = await signIn(app);
      await setHC(p, '10');
      const removal = await setHC(p, null);
      expect(removal).toMatchObject({
        status: 200,
        body: {
          dailyLossLimitHC: '10',
          pendingLimitHC: { value: null },
          message: 'Your 24-hour HC loss limit will be removed in 24h 0m; until then your limit stays 10 HC.',
        },
      });
      expect(pendingHours(removal.body.pendingLimitHC.effectiveAt)).toBeCloseTo(24, 1);
      expect(await dice(p, '20')).toEqual(LOSS_LIMIT);

      await endCoolOff(p);
      expect((await p.get('/api/responsible-gaming/limits')).body).toMatchObject({
        dailyLossLimitHC: null,
        pendingLimitHC: null,
      });
      expect((await dice(p, '20')).status).toBe(200);
      expect((await setHC(p, null)).body.message).toBe('You have no 24-hour HC loss limit to remove.');
    });

    it('lowering a limit while a raise is pending applies the lower value at once and cancels the raise', async () => {
      const p = await signIn(app);
      await setHC(p, '50');
      await setHC(p, '500');
      const lowered = await setHC(p, '10');
      expect(lowered.body).toMatchObject({
        dailyLossLimitHC: '10',
        pendingLimitHC: null,
        message: 'Your 24-hour HC loss limit is 10 HC, effective now; the pending raise to 500 HC is cancelled.',
      });
      await rg.promoteDueChanges();
      expect((await p.get('/api/responsible-gaming/limits')).body).toMatchObject({
        dailyLossLimitHC: '10',
        pendingLimitHC: null,
      });
      expect(await dice(p, '20')).toEqual(LOSS_LIMIT);
    });

    it('a later raise replaces the pending one and restarts the cool-off; repeating the pending raise keeps its time', async () => {
      const p = await signIn(app);
      await setHC(p, '10');
      await setHC(p, '100');
      await sql.query(
        `UPDATE player_limit_windows SET pending_at = now() + interval '1 hour' WHERE user_id = $1 AND pending_at IS NOT NULL`,
        [p.id],
      );
      const replaced = (await setHC(p, '200')).body;
      expect(replaced.pendingLimitHC.value).toBe('200');
      expect(pendingHours(replaced.pendingLimitHC.effectiveAt)).toBeCloseTo(24, 1);
      await sql.query(
        `UPDATE player_limit_windows SET pending_at = now() + interval '1 hour' WHERE user_id = $1 AND pending_at IS NOT NULL`,
        [p.id],
      );
      const repeated = (await setHC(p, '200')).body;
      expect(pendingHours(repeated.pendingLimitHC.effectiveAt)).toBeCloseTo(1, 1);
      expect(repeated.message).toMatch(
        /^Your new 24-hour HC loss limit of 200 HC takes effect in (1h 0m|0h 59m); until then your limit stays 10 HC\.$/,
      );
    });

    it('keeps HC and AMINA apart: one request lowers HC at once and raises AMINA after the cool-off', async () => {
      const p = await signIn(app);
      await p.post('/api/responsible-gaming/limits', {
        walletAddress: p.walletAddress,
        dailyLossLimitHC: '100',
        dailyLossLimitAMINA: '2',
      });
      const both = await p.post('/api/responsible-gaming/limits', {
        walletAddress: p.walletAddress,
        dailyLossLimitHC: '40',
        dailyLossLimitAMINA: '5',
      });
      expect(both.body).toMatchObject({
        dailyLossLimitHC: '40',
        pendingLimitHC: null,
        dailyLossLimitAMINA: '2',
        pendingLimitAMINA: { value: '5' },
        message:
          'Your 24-hour HC loss limit is 40 HC, effective now. Your new 24-hour AMINA loss limit of 5 AMINA takes effect in 24h 0m; until then your limit stays 2 AMINA.',
      });
    });
  });

  describe('daily loss limit: open rounds count, and bets placed together cannot pass it', () => {
    const U = 100_000_000n;
    /** Today's HC loss measured without the code under test: settled bets, plus the ledger debits of open rounds. */
    async function lossToday(p: TestPlayer): Promise<bigint> {
      const [r] = await sql.query<{ lost: string }>(
        `SELECT COALESCE((SELECT sum(amount - payout) FROM bets WHERE user_id = $1 AND currency = 'HC' AND created_at >= now() - interval '24 hours'), 0)
              + COALESCE((SELECT -sum(l.delta) FROM ledger l JOIN game_rounds r ON l.ref = 'round:' || r.id
                            WHERE r.user_id = $1 AND r.status = 'open' AND l.currency = 'HC'), 0) AS lost`,
        [p.id],
      );
      return BigInt(r.lost);
    }
    const post = (p: TestPlayer, url: string, body: Record<string, unknown> = {}) =>
      p.post(url, { walletAddress: p.walletAddress, ...body });

    it('every game at once (an open hand doubled, hi-lo, a bonus buy, slots and dice): today’s loss, open stakes included, ends at or under the limit', async () => {
      for (let round = 0; round < 5; round++) {
        const p = await signIn(app);
        await post(p, '/api/responsible-gaming/limits', { dailyLossLimitHC: '150' });
        const hand = await post(p, '/api/games/blackjack/deal', { currency: 'HC', betAmount: '20' });
        expect(hand.status).toBe(200);
        const answers = await Promise.all([
          post(p, '/api/games/blackjack/double'),
          post(p, '/api/games/hilo/start', { currency: 'HC', bet: '50' }),
          post(p, '/api/games/slots/buy-bonus', { currency: 'HC', betAmount: '1' }), // 100 HC
          ...Array.from({ length: 2 }, () =>
            post(p, '/api/games/slots', { currency: 'HC', betAmount: '10', isFreeSpins: false }),
          ),
          ...Array.from({ length: 6 }, () => dice(p, '10')),
        ]);
        // each answer is a settlement, the limit, or a conflict between the games (free spins held, hand over)
        for (const a of answers) {
          if (a.status === 429) expect(a.body.error).toBe('LOSS_LIMIT');
          else if (a.status !== 200) expect(a.status).toBe(409);
        }
        expect(await lossToday(p)).toBeLessThanOrEqual(150n * U);
        // the open rounds' staked column is what their ledger debits say
        const [open] = await sql.query<{ staked: string; debited: string }>(
          `SELECT COALESCE(sum(r.staked), 0) AS staked, COALESCE((SELECT -sum(l.delta) FROM ledger l JOIN game_rounds o ON l.ref = 'round:' || o.id WHERE o.user_id = $1 AND o.status = 'open'), 0) AS debited
             FROM game_rounds r WHERE r.user_id = $1 AND r.status = 'open'`,
          [p.id],
        );
        expect(open.staked).toBe(open.debited);
        await ledgerExact(sql, p.id);
      }
    });
  });

  it('self-exclusion blocks every bet and cannot be shortened', async () => {
    const p = await signIn(app);
    const ex = await p.post('/api/responsible-gaming/self-exclude', { walletAddress: p.walletAddress, period: '6m' });
    expect(new Date(ex.body.selfExcludedUntil).getTime()).toBeGreaterThan(Date.now() + 180 * 86400_000);
    const bet = await dice(p, '1');
    expect(bet).toMatchObject({
      status: 403,
      body: { message: 'You are self-excluded: betting is blocked until your self-exclusion period ends' },
    });
    const hilo = await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '1' });
    expect(hilo.status).toBe(403);
    const shorter = await p.post('/api/responsible-gaming/self-exclude', {
      walletAddress: p.walletAddress,
      period: '24h',
    });
    expect(shorter).toMatchObject({ status: 409 });
    expect(shorter.body.message).toBe(
      `You are already self-excluded until ${ex.body.selfExcludedUntil}: a time-out or self-exclusion can be extended, never shortened`,
    );
    expect((await p.get('/api/responsible-gaming/limits')).body.selfExcludedUntil).toBe(ex.body.selfExcludedUntil);
    expect(
      (await p.post('/api/responsible-gaming/self-exclude', { walletAddress: p.walletAddress, period: '3d' })).body
        .message,
    ).toBe('period must be one of 24h, 7d, 6w, 6m, 1y, 5y');
    expect(await ledgerExact(sql, p.id)).toMatchObject({ HC: String(1000n * 100_000_000n) });
  });

  it("lost today on the page counts an open round's stake, as the limit check does", async () => {
    const p = await signIn(app);
    const deal = await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '7' });
    expect(deal.status).toBe(200);
    const limits = (await p.get(`/api/responsible-gaming/limits?walletAddress=${p.walletAddress}`)).body;
    expect(limits.lostTodayHC).toBe('7');
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'GET /api/responsible-gaming/limits',
        'POST /api/responsible-gaming/limits',
        'POST /api/responsible-gaming/self-exclude',
      ]),
    });
  });
});
