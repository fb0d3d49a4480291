import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlService } from '../database/sql.service';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { ledgerExact } from '../../test/seeds';

const U = 100_000_000n;
const hc = (units: bigint) => (Number(units) / Number(U)).toString();

describe('responsible gaming: loss and wager limits over 24 h, 7 and 30 days, time-outs and self-exclusion (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
    // bets are partitioned by week: the weeks the backdated bets below move into
    await sql.query(`SELECT ensure_week_partitions(now() - interval '40 days', now())`);
  });
  afterAll(() => app.close());

  const dice = (p: TestPlayer, betAmount: string) =>
    p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount, betType: 'low' });
  const setLimits = (p: TestPlayer, limits: Array<{ kind: string; period: string; value: string | null }>) =>
    p.post('/api/responsible-gaming/limits', {
      walletAddress: p.walletAddress,
      limits: limits.map((l) => ({ currency: 'HC', ...l })),
    });
  const view = async (p: TestPlayer) => (await p.get('/api/responsible-gaming/limits')).body;
  const row = (body: { limits: Array<Record<string, unknown>> }, kind: string, period: string) =>
    body.limits.find((l) => l.kind === kind && l.currency === 'HC' && l.period === period);
  /** Moves the player's bets (newest first) back by the given ages: what the clock would do. */
  async function age(p: TestPlayer, ages: string[]) {
    const bets = await sql.query<{ id: string }>(`SELECT id FROM bets WHERE user_id = $1 ORDER BY id DESC`, [p.id]);
    for (let i = 0; i < ages.length; i++)
      await sql.query(`UPDATE bets SET created_at = now() - $2::interval WHERE id = $1`, [bets[i].id, ages[i]]);
  }
  /** The player's net HC loss over the last `span`, measured without the code under test. */
  async function lossOver(p: TestPlayer, span: string): Promise<bigint> {
    const [r] = await sql.query<{ lost: string }>(
      `SELECT COALESCE(sum(amount - payout), 0) AS lost FROM bets WHERE user_id = $1 AND currency = 'HC' AND created_at >= now() - $2::interval`,
      [p.id, span],
    );
    return BigInt(r.lost);
  }

  it('wager limits: each window counts only its own bets, the lowest left wins, and the refusal says what is left', async () => {
    const p = await signIn(app);
    for (const amount of ['10', '20', '30', '40']) expect((await dice(p, amount)).status).toBe(200);
    // newest first: 40 HC a minute ago, 30 three days ago, 20 ten days ago, 10 thirty-one days ago
    await age(p, ['1 minute', '3 days', '10 days', '31 days']);
    const set = await setLimits(p, [
      { kind: 'wager', period: '24h', value: '500' },
      { kind: 'wager', period: '7d', value: '150' },
      { kind: 'wager', period: '30d', value: '100' },
    ]);
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(
      'Your 24-hour HC wager limit is 500 HC, effective now. Your 7-day HC wager limit is 150 HC, effective now. Your 30-day HC wager limit is 100 HC, effective now.',
    );
    const v = await view(p);
    expect([row(v, 'wager', '24h'), row(v, 'wager', '7d'), row(v, 'wager', '30d')]).toEqual([
      { kind: 'wager', currency: 'HC', period: '24h', limit: '500', used: '40', left: '460', pending: null },
      { kind: 'wager', currency: 'HC', period: '7d', limit: '150', used: '70', left: '80', pending: null },
      { kind: 'wager', currency: 'HC', period: '30d', limit: '100', used: '90', left: '10', pending: null },
    ]);
    expect(v.left).toMatchObject({ wagerHC: '10', lossHC: null, wagerAMINA: null, depositAMINA: null });

    const before = await ledgerExact(sql, p.id);
    expect(await dice(p, '11')).toEqual({
      status: 429,
      body: {
        statusCode: 429,
        error: 'WAGER_LIMIT',
        message:
          '30-day wager limit reached: this bet would take your amount wagered over the last 30 days past the limit you set (10 HC left)',
      },
    });
    expect(await ledgerExact(sql, p.id)).toEqual(before);
    expect((await dice(p, '10')).status).toBe(200);
    expect((await view(p)).left.wagerHC).toBe('0');
    expect((await dice(p, '1')).body.error).toBe('WAGER_LIMIT');

    // removing the spent limit waits for the cool-off: until then it still refuses
    await setLimits(p, [{ kind: 'wager', period: '30d', value: null }]);
    expect((await dice(p, '1')).body.message).toMatch(/^30-day wager limit reached: .* \(0 HC left\)$/);
    await ledgerExact(sql, p.id);
  });

  it('loss limits: 24 h, 7 days and 30 days each count their window; the one with the least left refuses', async () => {
    const p = await signIn(app);
    for (const amount of ['30', '30', '30']) expect((await dice(p, amount)).status).toBe(200);
    await age(p, ['2 hours', '5 days', '20 days']);
    const [l24, l7, l30] = [await lossOver(p, '24 hours'), await lossOver(p, '7 days'), await lossOver(p, '30 days')];
    // each limit leaves 100 HC, 60 HC and 20 HC over its window's own loss
    const limits = { '24h': l24 + 100n * U, '7d': l7 + 60n * U, '30d': l30 + 20n * U };
    // a limit is positive: when the player is up, the window's loss is negative and the room is bigger
    const value = (v: bigint) => hc(v > 0n ? v : U);
    await setLimits(p, [
      { kind: 'loss', period: '24h', value: value(limits['24h']) },
      { kind: 'loss', period: '7d', value: value(limits['7d']) },
      { kind: 'loss', period: '30d', value: value(limits['30d']) },
    ]);
    const v = await view(p);
    const left = (period: '24h' | '7d' | '30d', loss: bigint) => {
      const lim = limits[period] > 0n ? limits[period] : U;
      return lim - loss > 0n ? lim - loss : 0n;
    };
    expect(row(v, 'loss', '24h')).toMatchObject({ used: hc(l24 > 0n ? l24 : 0n), left: hc(left('24h', l24)) });
    expect(row(v, 'loss', '7d')).toMatchObject({ left: hc(left('7d', l7)) });
    expect(row(v, 'loss', '30d')).toMatchObject({ left: hc(left('30d', l30)) });
    const least = [left('24h', l24), left('7d', l7), left('30d', l30)].reduce((a, b) => (a < b ? a : b));
    expect(v.left.lossHC).toBe(hc(least));
    expect(v.lostTodayHC).toBe(hc(l24 > 0n ? l24 : 0n));

    const refused = await dice(p, hc(least + U));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('LOSS_LIMIT');
    expect(refused.body.message).toContain(`(${hc(least)} HC left)`);
    await ledgerExact(sql, p.id);
  });

  it('a bet older than 30 days counts in no window', async () => {
    const p = await signIn(app);
    expect((await dice(p, '50')).status).toBe(200);
    await age(p, ['31 days']);
    await setLimits(p, [{ kind: 'wager', period: '30d', value: '5' }]);
    expect(row(await view(p), 'wager', '30d')).toMatchObject({ used: '0', left: '5' });
    expect((await dice(p, '5')).status).toBe(200);
  });

  it('cool-off for every limit: raising or removing a 7-day wager limit waits 24 h; lowering applies at once', async () => {
    const p = await signIn(app);
    await setLimits(p, [{ kind: 'wager', period: '7d', value: '10' }]);
    const raise = await setLimits(p, [{ kind: 'wager', period: '7d', value: '100' }]);
    expect(raise.body.message).toBe(
      'Your new 7-day HC wager limit of 100 HC takes effect in 24h 0m; until then your limit stays 10 HC.',
    );
    expect(row(raise.body, 'wager', '7d')).toMatchObject({ limit: '10', pending: { value: '100' } });
    expect((await dice(p, '11')).body.error).toBe('WAGER_LIMIT');
    await sql.query(`UPDATE player_limit_windows SET pending_at = now() - interval '1 second' WHERE user_id = $1`, [
      p.id,
    ]);
    expect(row(await view(p), 'wager', '7d')).toMatchObject({ limit: '100', pending: null });
    expect((await dice(p, '11')).status).toBe(200);
    const lowered = await setLimits(p, [{ kind: 'wager', period: '7d', value: '12' }]);
    expect(lowered.body.message).toBe('Your 7-day HC wager limit is 12 HC, effective now.');
    expect((await dice(p, '2')).body.message).toMatch(/\(1 HC left\)$/);
    // a deposit limit is AMINA only
    const bad = await setLimits(p, [{ kind: 'deposit', period: '24h', value: '1' }]);
    expect(bad).toMatchObject({ status: 400, body: { message: 'limits[0].value: deposit limits are in AMINA only' } });
  });

  describe('time-outs and self-exclusion', () => {
    const exclude = (p: TestPlayer, period: string) =>
      p.post('/api/responsible-gaming/self-exclude', { walletAddress: p.walletAddress, period });
    const ends = async (p: TestPlayer) =>
      sql.query(`UPDATE player_limits SET self_excluded_until = now() - interval '1 second' WHERE user_id = $1`, [
        p.id,
      ]);

    it.each([
      ['24h', 'time-out', '24 hours'],
      ['7d', 'time-out', '7 days'],
      ['6w', 'time-out', '42 days'],
      ['6m', 'self-exclusion', '6 months'],
      ['1y', 'self-exclusion', '1 year'],
      ['5y', 'self-exclusion', '5 years'],
    ])('%s is a %s ending %s from now', async (period, kind, span) => {
      const p = await signIn(app);
      const [t] = await sql.query<{ lo: Date; hi: Date }>(`SELECT now() + $1::interval AS lo FROM (SELECT 1) x`, [
        span,
      ]);
      const r = await exclude(p, period);
      const [t2] = await sql.query<{ hi: Date }>(`SELECT now() + $1::interval AS hi`, [span]);
      expect(r.status).toBe(200);
      expect(r.body.exclusion).toMatchObject({ kind, ended: false });
      const until = new Date(r.body.exclusion.until).getTime();
      expect(until).toBeGreaterThanOrEqual(t.lo.getTime());
      expect(until).toBeLessThanOrEqual(t2.hi.getTime());
      const bet = await dice(p, '1');
      expect(bet.status).toBe(403);
      expect(bet.body.error).toBe(kind === 'time-out' ? 'TIME_OUT' : 'SELF_EXCLUDED');
    });

    it('a time-out refuses with its end, cannot be shortened, can become a self-exclusion; once ended play waits for the confirmation', async () => {
      const p = await signIn(app);
      const out = await exclude(p, '7d');
      const until = out.body.exclusion.until as string;
      expect(await dice(p, '1')).toEqual({
        status: 403,
        body: {
          statusCode: 403,
          error: 'TIME_OUT',
          message: `You are on a time-out until ${until.slice(0, 16).replace('T', ' ')} UTC: betting is blocked until it ends`,
        },
      });
      expect(await exclude(p, '24h')).toMatchObject({
        status: 409,
        body: {
          message: `You are already on a time-out until ${until}: a time-out or self-exclusion can be extended, never shortened`,
        },
      });
      expect((await p.post('/api/responsible-gaming/confirm-play', { walletAddress: p.walletAddress })).status).toBe(
        409,
      );
      const longer = await exclude(p, '6m');
      expect(longer.body.exclusion.kind).toBe('self-exclusion');
      expect(new Date(longer.body.exclusion.until).getTime()).toBeGreaterThan(new Date(until).getTime());

      await ends(p);
      expect((await view(p)).exclusion).toMatchObject({ kind: 'self-exclusion', ended: true });
      expect(await dice(p, '1')).toEqual({
        status: 428,
        body: {
          statusCode: 428,
          error: 'CONFIRM_TO_PLAY',
          message: 'Your self-exclusion has ended: confirm on the Responsible gaming page that you want to play again',
        },
      });
      const hilo = await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '1' });
      expect(hilo.status).toBe(428);
      const confirmed = await p.post('/api/responsible-gaming/confirm-play', { walletAddress: p.walletAddress });
      expect(confirmed).toMatchObject({ status: 200, body: { exclusion: null, selfExcludedUntil: null } });
      expect((await dice(p, '1')).status).toBe(200);
      await ledgerExact(sql, p.id);
    });
  });

  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'GET /api/responsible-gaming/limits',
        'POST /api/responsible-gaming/limits',
        'POST /api/responsible-gaming/self-exclude',
        'POST /api/responsible-gaming/confirm-play',
      ]),
    });
  });
});
