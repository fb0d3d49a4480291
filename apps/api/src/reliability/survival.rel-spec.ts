import { Client } from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { intDatabaseUrl } from '../test/int-app';
import { auditLedger, httpGuest, startApi } from './api-process';

describe('survival of the real API process', () => {
  let db: Client;

  beforeAll(async () => {
    db = new Client({ connectionString: intDatabaseUrl() });
    await db.connect();
  });
  afterAll(() => db.end());

  it('SIGKILL under load loses no bet the client saw settle, and the ledger stays exact', async () => {
    const api = await startApi(3411);
    const players = await Promise.all(Array.from({ length: 12 }, () => httpGuest(api.url)));
    const seen: string[] = [];
    let running = true;
    const loops = players.map(async (p) => {
      while (running) {
        const r = await p.bet(api.url);
        if (r.ok) seen.push(r.betId);
        else if (r.status === 0) break; // the server is gone
      }
    });
    await new Promise((r) => setTimeout(r, 2500));
    await api.kill('SIGKILL');
    running = false;
    await Promise.all(loops);
    expect(seen.length).toBeGreaterThan(50);

    const again = await startApi(3411);
    try {
      const found = await db.query(`SELECT count(*)::int AS n FROM bets WHERE id = ANY($1::bigint[])`, [seen]);
      expect(found.rows[0].n).toBe(seen.length);
      await auditLedger(
        db,
        players.map((p) => p.id),
      );
      // and play goes on with the next nonces after the restart
      const next = await players[0].bet(again.url);
      expect(next.ok).toBe(true);
    } finally {
      await again.kill();
    }
  });

  it('two API instances on one database under load stay exact; one instance runs the scheduled jobs at a time', async () => {
    const a = await startApi(3412, { JOBS_ENABLED: 'true' });
    const b = await startApi(3413, { JOBS_ENABLED: 'true' });
    try {
      const players = await Promise.all(Array.from({ length: 8 }, () => httpGuest(a.url)));
      const failed: unknown[] = [];
      await Promise.all(
        players.flatMap((p) =>
          [a.url, b.url].map(async (base) => {
            for (let i = 0; i < 40; i++) {
              const r = await p.bet(base);
              if (!r.ok) failed.push(r);
            }
          }),
        ),
      );
      expect(failed).toEqual([]); // 8 players × 2 instances × 40 bets, every one settled
      const nonces = await db.query(
        `SELECT user_id, count(*)::int AS n, count(DISTINCT nonce)::int AS d FROM bets WHERE user_id = ANY($1) GROUP BY user_id`,
        [players.map((p) => p.id)],
      );
      for (const r of nonces.rows) expect(r.d).toBe(r.n);
      await auditLedger(
        db,
        players.map((p) => p.id),
      );
    } finally {
      await Promise.all([a.kill(), b.kill()]);
    }
  });

  it('a killed leader’s job lock passes to the surviving instance', async () => {
    const lockHeld = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 7310001`))
        .rows[0].n;
    const leader = await startApi(3414, { JOBS_ENABLED: 'true' });
    const follower = await startApi(3415, { JOBS_ENABLED: 'true' });
    try {
      // each watcher tick holds the lock briefly; with both running, never two holders
      for (let i = 0; i < 20; i++) {
        expect(await lockHeld()).toBeLessThanOrEqual(1);
        await new Promise((r) => setTimeout(r, 100));
      }
      await leader.kill('SIGKILL');
      const state = async () =>
        (await db.query(`SELECT updated_at FROM app_state WHERE key = 'deposit_watcher'`)).rows[0]?.updated_at as
          | Date
          | undefined;
      const before = await state();
      await new Promise((r) => setTimeout(r, 6000));
      const after = await state();
      expect(after).toBeDefined();
      expect(after!.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
    } finally {
      await Promise.all([leader.kill(), follower.kill()]);
    }
  });

  it('recovers from a stale embedded postmaster left by a SIGKILLed run', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cosmic-stale-'));
    const env = { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: '17490' };
    try {
      const first = await startApi(3416, env);
      const p = await httpGuest(first.url);
      expect((await p.bet(first.url)).ok).toBe(true);
      await first.kill('SIGKILL'); // the postmaster keeps running, holding port and data folder
      const second = await startApi(3416, env);
      try {
        const res = await fetch(`${second.url}/api/users/${p.walletAddress}`, { headers: { cookie: p.cookie } });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { houseBalance: string }).houseBalance).not.toBe('1000');
        // the API reaches its own server through the Unix socket in the data folder, not loopback TCP
        const server = new Client({ host: '127.0.0.1', port: 17490, user: 'cosmic', password: 'cosmic-local' });
        await server.connect();
        try {
          const r = await server.query(
            `SELECT count(*)::int AS n, count(*) FILTER (WHERE client_addr IS NULL)::int AS socket
               FROM pg_stat_activity WHERE application_name = 'cosmic-api'`,
          );
          expect(r.rows[0].n).toBeGreaterThan(0);
          expect(r.rows[0].socket).toBe(r.rows[0].n);
        } finally {
          await server.end();
        }
      } finally {
        await second.kill();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
