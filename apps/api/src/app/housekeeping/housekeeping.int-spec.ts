import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlService } from '../database/sql.service';
import { createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { casinoLedgerDrift } from '../../test/seeds';
import { JOB_LOCKS } from '../jobs/advisory-lock';
import { HousekeepingService } from './housekeeping.service';

// Issue 27 item 3: nothing grows without bound. Rows are aged with SQL (created_at, expires_at)
// instead of waiting, then one housekeeping pass runs.

describe('housekeeping: expired rows and idle guests are deleted (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const rows = async (table: string, userId: string) =>
    Number((await sql.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [userId]))[0].n);
  const age = (p: TestPlayer, days: number) =>
    sql.query(`UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [p.id, days]);
  const endSessions = (p: TestPlayer, daysAgo: number) =>
    sql.query(`UPDATE sessions SET expires_at = now() - make_interval(days => $2) WHERE user_id = $1`, [p.id, daysAgo]);

  it('deletes a guest who never played a day on, whole (sessions, ledger, balances, seed pair, user), live session or not, and keeps every other kind', async () => {
    const idle = await signIn(app);
    const played = await signIn(app);
    expect(
      (
        await played.post('/api/games/dice', {
          walletAddress: played.walletAddress,
          currency: 'HC',
          betAmount: '1',
          betType: 'low',
        })
      ).status,
    ).toBe(200);
    const fresh = await signIn(app); // idle but less than a day old
    // issue 37 item 11: idle and old, its session still alive: a flood's guests keep theirs, and go too
    const live = await signIn(app);
    for (const p of [idle, played, live]) await age(p, 8);
    await sql.query(`UPDATE users SET created_at = now() - interval '23 hours' WHERE id = $1`, [fresh.id]);
    for (const p of [idle, played, fresh]) await endSessions(p, 1);

    const report = await app.get(HousekeepingService).run();
    expect(report?.guests).toBeGreaterThanOrEqual(2);
    for (const gone of [idle, live]) {
      for (const t of ['users', 'sessions', 'ledger', 'balances', 'seed_pairs']) {
        const n =
          t === 'users'
            ? Number((await sql.query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE id = $1`, [gone.id]))[0].n)
            : await rows(t, gone.id);
        expect({ table: t, rows: n }).toEqual({ table: t, rows: 0 });
      }
    }
    for (const kept of [played, fresh]) expect(await rows('balances', kept.id)).toBe(2);
    // the auditor's invariant still holds for everyone left: balance = sum of the ledger
    expect(await casinoLedgerDrift(app)).toEqual([]);
  });

  it('deletes sessions a week after they ended, Idempotency-Keys after a day, expired challenges after a day', async () => {
    const p = await signIn(app);
    const key = 'hk-1';
    expect(
      (
        await p.post(
          '/api/games/dice',
          { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'low' },
          { 'Idempotency-Key': key },
        )
      ).status,
    ).toBe(200);
    const q = await signIn(app);
    await sql.query(`UPDATE sessions SET revoked_at = now() - interval '8 days' WHERE user_id = $1`, [q.id]);
    await sql.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1`, [p.id]);
    await sql.query(
      `INSERT INTO ownership_challenges (id, user_id, session_hash, nonce, expires_at) VALUES (gen_random_uuid(), $1, '\\x00', 'n', now() - interval '2 days'), (gen_random_uuid(), $1, '\\x00', 'n', now() + interval '1 minute')`,
      [p.id],
    );
    const report = await app.get(HousekeepingService).run();
    expect(report).toMatchObject({
      sessions: expect.any(Number),
      idempotencyKeys: expect.any(Number),
      challenges: expect.any(Number),
    });
    expect(await rows('sessions', q.id)).toBe(0);
    expect(await rows('sessions', p.id)).toBe(1);
    expect(await rows('idempotency_keys', p.id)).toBe(0);
    expect(await rows('ownership_challenges', p.id)).toBe(1); // the live one stays
  });

  it('one instance at a time: while another holds the job lock, a pass does nothing', async () => {
    const hk = app.get(HousekeepingService);
    const other = await sql.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [JOB_LOCKS.housekeeping]);
      expect(await hk.run()).toBeUndefined();
      await other.query('SELECT pg_advisory_unlock($1)', [JOB_LOCKS.housekeeping]);
    } finally {
      other.release();
    }
    expect(await hk.run()).toMatchObject({ sessions: expect.any(Number) });
  });

  it('every pooled connection has statement, idle-in-transaction and connect timeouts', async () => {
    const [s] = await sql.query<{ statement_timeout: string }>(`SHOW statement_timeout`);
    const [i] = await sql.query<{ idle_in_transaction_session_timeout: string }>(
      `SHOW idle_in_transaction_session_timeout`,
    );
    expect(s.statement_timeout).toBe('30s');
    expect(i.idle_in_transaction_session_timeout).toBe('1min');
    expect(
      (sql.pool as unknown as { options: { connectionTimeoutMillis: number } }).options.connectionTimeoutMillis,
    ).toBe(10_000);
  });
});
