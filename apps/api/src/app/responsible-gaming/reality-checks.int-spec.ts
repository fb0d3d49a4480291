import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlService } from '../database/sql.service';
import { createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { ledgerExact } from '../../test/seeds';

const U = 100_000_000n;
/** A signed HC amount as the API writes it ("-12", "3.5"). */
const hc = (units: bigint) => `${units < 0n ? '-' : ''}${Number(units < 0n ? -units : units) / Number(U)}`;

describe('reality checks: the play session, its interval, the refusal while due, continue and leave (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp({ REALITY_CHECK_TEST_SECONDS: '5' });
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const dice = (p: TestPlayer, betAmount = '10') =>
    p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount, betType: 'seven' });
  const state = async (p: TestPlayer) => (await p.get('/api/responsible-gaming/reality-check')).body;
  const hcSession = async (p: TestPlayer) =>
    (await state(p)).sessions.find((s: { currency: string }) => s.currency === 'HC');
  const setInterval = (p: TestPlayer, currency: string, intervalSeconds: unknown) =>
    p.post('/api/responsible-gaming/reality-check/interval', {
      walletAddress: p.walletAddress,
      currency,
      intervalSeconds,
    });
  const answer = (p: TestPlayer, action: string, currency = 'HC') =>
    p.post('/api/responsible-gaming/reality-check', { walletAddress: p.walletAddress, currency, action });
  /** What the clock would do: the HC check falls due now. */
  const fallDue = (p: TestPlayer) =>
    sql.query(`UPDATE play_sessions SET due_at = now() - interval '1 second' WHERE user_id = $1 AND currency = 'HC'`, [
      p.id,
    ]);
  /** The player's net HC result over bets since `since`, measured without the code under test. */
  async function netSince(p: TestPlayer, since: string): Promise<{ net: bigint; bets: number }> {
    const [r] = await sql.query<{ net: string; bets: string }>(
      `SELECT COALESCE(sum(payout - amount), 0) AS net, count(*) AS bets FROM bets WHERE user_id = $1 AND currency = 'HC' AND created_at >= $2`,
      [p.id, since],
    );
    return { net: BigInt(r.net), bets: Number(r.bets) };
  }

  it('House Coins are off and AMINA hourly by default; bets start no HC session while off', async () => {
    const p = await signIn(app);
    expect((await dice(p)).status).toBe(200);
    const s = await state(p);
    expect(s.sessions).toEqual([
      {
        currency: 'HC',
        intervalSeconds: null,
        startedAt: null,
        dueAt: null,
        due: false,
        elapsedSeconds: 0,
        net: '0',
        bets: 0,
      },
      {
        currency: 'AMINA',
        intervalSeconds: 3600,
        startedAt: null,
        dueAt: null,
        due: false,
        elapsedSeconds: 0,
        net: '0',
        bets: 0,
      },
    ]);
    expect(Date.parse(s.serverTime)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('an interval starts a session at the next bet; while the check is due stakes are refused, nothing is written; continue resumes', async () => {
    const p = await signIn(app);
    expect((await setInterval(p, 'HC', 900)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await dice(p)).status).toBe(200);
    const s = await hcSession(p);
    expect(s).toMatchObject({ intervalSeconds: 900, due: false, bets: 3 });
    expect(Date.parse(s.dueAt) - Date.parse(s.startedAt)).toBe(900_000);
    const measured = await netSince(p, s.startedAt);
    expect(measured.bets).toBe(3);
    expect(s.net).toBe(hc(measured.net));

    await fallDue(p);
    const before = await ledgerExact(sql, p.id);
    expect(await dice(p)).toEqual({
      status: 428,
      body: {
        statusCode: 428,
        error: 'REALITY_CHECK',
        message:
          'Reality check: see how long you have played and your House Coins result, then choose to keep playing or leave',
      },
    });
    expect(await ledgerExact(sql, p.id)).toEqual(before);
    expect(await hcSession(p)).toMatchObject({ due: true, bets: 3, net: s.net, startedAt: s.startedAt });

    const kept = await answer(p, 'continue');
    expect(kept.status).toBe(200);
    const after = kept.body.sessions[0];
    expect(after).toMatchObject({ due: false, startedAt: s.startedAt });
    // due one interval after the answer (serverTime is read a moment after it)
    const ahead = Date.parse(after.dueAt) - Date.parse(kept.body.serverTime);
    expect(ahead).toBeGreaterThan(895_000);
    expect(ahead).toBeLessThanOrEqual(900_000);
    expect((await dice(p)).status).toBe(200);
    expect(await hcSession(p)).toMatchObject({ bets: 4, startedAt: s.startedAt });
    // nothing due: nothing to continue
    expect(await answer(p, 'continue')).toMatchObject({
      status: 409,
      body: { message: 'No HC reality check is due: there is nothing to acknowledge' },
    });
  });

  it('leave ends the session: the next bet starts a new one that counts only its own bets; so does 30 minutes without a bet', async () => {
    const p = await signIn(app);
    expect((await setInterval(p, 'HC', 1800)).status).toBe(200);
    expect((await dice(p, '25')).status).toBe(200);
    const first = await hcSession(p);
    await fallDue(p);
    const left = await answer(p, 'leave');
    expect(left.status).toBe(200);
    expect(left.body.sessions[0]).toMatchObject({ startedAt: null, dueAt: null, due: false, bets: 0, net: '0' });

    expect((await dice(p, '7')).status).toBe(200);
    const second = await hcSession(p);
    expect(Date.parse(second.startedAt)).toBeGreaterThan(Date.parse(first.startedAt));
    const measured = await netSince(p, second.startedAt);
    expect(second).toMatchObject({ bets: 1, net: hc(measured.net), due: false });
    expect(measured.bets).toBe(1);

    // a check fell due, but the player stopped for more than 30 minutes: the next bet starts afresh
    await sql.query(
      `UPDATE play_sessions SET due_at = now() - interval '10 minutes', last_play_at = now() - interval '31 minutes' WHERE user_id = $1`,
      [p.id],
    );
    expect((await hcSession(p)).startedAt).toBeNull();
    expect((await dice(p, '3')).status).toBe(200);
    expect(await hcSession(p)).toMatchObject({ bets: 1, due: false });
  });

  it('only the offered intervals are accepted (and the test one here); AMINA cannot be turned off; off ends the HC session', async () => {
    const p = await signIn(app);
    expect(await setInterval(p, 'HC', 600)).toMatchObject({
      status: 400,
      body: { message: 'intervalSeconds must be one of 900, 1800, 3600, 5, or null (off)' },
    });
    expect(await setInterval(p, 'HC', '900')).toMatchObject({ status: 400 });
    expect(await setInterval(p, 'AMINA', null)).toMatchObject({
      status: 400,
      body: { message: 'intervalSeconds: AMINA play always has a reality check (900, 1800 or 3600 seconds)' },
    });
    expect(await setInterval(p, 'EUR', 900)).toMatchObject({ status: 400 });
    const amina = await setInterval(p, 'AMINA', 900);
    expect(amina.body.sessions[1]).toMatchObject({ currency: 'AMINA', intervalSeconds: 900 });

    expect((await setInterval(p, 'HC', 5)).status).toBe(200);
    expect((await dice(p)).status).toBe(200);
    expect((await hcSession(p)).intervalSeconds).toBe(5);
    const off = await setInterval(p, 'HC', null);
    expect(off.body.sessions[0]).toMatchObject({ intervalSeconds: null, startedAt: null });
    expect((await dice(p)).status).toBe(200);
    expect((await hcSession(p)).startedAt).toBeNull();
  });

  it('AMINA play has an hourly check with no tools set: the guard starts the session and refuses once it is due (check_play_allowed)', async () => {
    const p = await signIn(app);
    const guard = () => sql.tx((db) => db.query(`SELECT check_play_allowed($1, 'AMINA', 1000)`, [p.id]), null);
    await guard();
    const [s] = await sql.query<{ secs: string }>(
      `SELECT extract(epoch FROM due_at - started_at) AS secs FROM play_sessions WHERE user_id = $1 AND currency = 'AMINA'`,
      [p.id],
    );
    expect(Number(s.secs)).toBe(3600);
    await sql.query(`UPDATE play_sessions SET due_at = now() - interval '1 second' WHERE user_id = $1`, [p.id]);
    await expect(guard()).rejects.toMatchObject({ status: 428, code: 'REALITY_CHECK' });
    // a stake of 0 (an action within an open round) is never held up
    await sql.tx((db) => db.query(`SELECT check_play_allowed($1, 'AMINA', 0)`, [p.id]), null);
    expect((await answer(p, 'continue', 'AMINA')).status).toBe(200);
    await guard();
  });
});
