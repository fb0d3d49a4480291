import { Client } from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { intDatabaseUrl } from '../test/int-app';
import { auditLedger, httpGuest, startApi } from './api-process';

/** Whether a new TCP connection to `port` is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** One bet as the client saw it. */
interface Seen {
  player: number;
  startedAt: number;
  endedAt: number;
  status: number;
  betId?: string;
}

/** Where the API under test keeps its data, and how the test reaches that database. */
interface Setup {
  env: Record<string, string>;
  databaseUrl: string;
  /** The database is the API's own (embedded): it must run again for the checks after the exit. */
  restartForChecks: boolean;
}

/**
 * 16 clients bet dice on the real built API; four players' balance rows are held by another
 * transaction so their bets in flight wait in PostgreSQL when SIGTERM comes, and a fifth player's
 * client gives up on its bet. Returns what the clients saw and how the process ended.
 */
async function sigtermUnderLoad(port: number, setup: Setup) {
  const api = await startApi(port, setup.env);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    api.child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const players = await Promise.all(Array.from({ length: 16 }, () => httpGuest(api.url)));
  const seen: Seen[] = [];
  let stop = false;
  const loops = players.map(async (p, player) => {
    while (!stop) {
      const startedAt = Date.now();
      const r = await p.bet(api.url);
      seen.push({
        player,
        startedAt,
        endedAt: Date.now(),
        status: r.ok ? 200 : r.status,
        betId: r.ok ? r.betId : undefined,
      });
      if (!r.ok && r.status !== 503 && r.status !== 0) throw new Error(`bet refused: ${r.status} ${r.message}`);
      if (!r.ok) await new Promise((res) => setTimeout(res, 20));
    }
  });

  await new Promise((r) => setTimeout(r, 1500));
  const held = [0, 1, 2, 3];
  const quitter = await httpGuest(api.url);
  const blocker = new Client({ connectionString: setup.databaseUrl });
  await blocker.connect();
  blocker.on('error', () => undefined);
  await blocker.query('BEGIN');
  await blocker.query(`SELECT 1 FROM balances WHERE user_id = ANY($1) FOR UPDATE`, [
    [...held.map((i) => players[i].id), quitter.id],
  ]);
  const giveUp = new AbortController();
  const abandoned = fetch(`${api.url}/api/games/dice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: quitter.cookie },
    body: JSON.stringify({ walletAddress: quitter.walletAddress, currency: 'HC', betAmount: '1', betType: 'seven' }),
    signal: giveUp.signal,
  }).catch((e: Error) => e.name);
  await new Promise((r) => setTimeout(r, 300));
  giveUp.abort();
  expect(await abandoned).toBe('AbortError');
  await new Promise((r) => setTimeout(r, 200));

  const sigtermAt = Date.now();
  api.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  // draining: still running (the held bets are not answered yet), no new connection accepted
  const runningWhileHeld = api.child.exitCode === null;
  const acceptedWhileDraining = await accepts(port);
  const releasedAt = Date.now();
  await blocker.query('COMMIT');
  await blocker.end();

  const exit = await exited;
  stop = true;
  await Promise.all(loops);
  return { players, quitter, held, seen, sigtermAt, releasedAt, exit, runningWhileHeld, acceptedWhileDraining };
}

describe('SIGTERM drains the real API process', () => {
  it.each([
    ['an external PostgreSQL', 3421, () => ({ env: {}, databaseUrl: intDatabaseUrl(), restartForChecks: false })],
    [
      'its embedded PostgreSQL (stopped only after the drain)',
      3422,
      () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'cosmic-drain-'));
        // below 32768, Linux's ephemeral range: a client socket the failover test left cannot hold it
        return {
          env: { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: '17422' },
          databaseUrl: 'postgresql://cosmic:cosmic-local@127.0.0.1:17422/cosmic',
          restartForChecks: true,
        };
      },
    ],
  ])(
    'on %s under dice load: refuses new connections, answers the bets in flight, commits every bet it answered 200 with its ledger rows, and exits 0',
    async (_db, port, makeSetup) => {
      const setup: Setup = makeSetup();
      try {
        const run = await sigtermUnderLoad(port, setup);
        expect(run.runningWhileHeld).toBe(true);
        expect(run.acceptedWhileDraining).toBe(false);
        expect(run.exit).toMatchObject({ code: 0, signal: null });
        expect(run.exit.at).toBeGreaterThanOrEqual(run.releasedAt);
        // the abandoned request did not keep the drain waiting for its 20 s limit
        expect(run.exit.at - run.releasedAt).toBeLessThan(8000);
        // each held player's bet that was waiting in the database at SIGTERM was answered 200 after the release
        for (const i of run.held) {
          const waiting = run.seen.filter(
            (s) => s.player === i && s.startedAt < run.sigtermAt && s.endedAt >= run.releasedAt,
          );
          expect(waiting.map((s) => s.status)).toEqual([200]);
        }
        // before the signal every bet settled; after it a client got either its answer, 503 or a refused connection
        expect(run.seen.filter((s) => s.endedAt < run.sigtermAt && s.status !== 200)).toEqual([]);
        const ok = run.seen.filter((s) => s.status === 200).map((s) => s.betId as string);
        expect(ok.length).toBeGreaterThan(100);

        const again = setup.restartForChecks ? await startApi(port, setup.env) : null;
        const db = new Client({ connectionString: setup.databaseUrl });
        await db.connect();
        try {
          // every bet answered 200 is committed, with its ledger rows; balances = sum of the ledger
          const found = await db.query(`SELECT count(*)::int AS n FROM bets WHERE id = ANY($1::bigint[])`, [ok]);
          expect(found.rows[0].n).toBe(ok.length);
          const ids = run.players.map((p) => p.id);
          // and nothing was committed that no client was told about
          const all = await db.query(`SELECT count(*)::int AS n FROM bets WHERE user_id = ANY($1)`, [ids]);
          expect(all.rows[0].n).toBe(ok.length);
          await auditLedger(db, [...ids, run.quitter.id]);
        } finally {
          await db.end();
          await again?.kill();
        }
      } finally {
        if (setup.env['DATA_DIR']) rmSync(setup.env['DATA_DIR'], { recursive: true, force: true });
      }
    },
  );
});
