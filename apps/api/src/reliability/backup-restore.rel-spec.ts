// Issue 39, "a backup test": on the local Patroni cluster (tools/scripts/cluster.mjs), the built
// API bets through HAProxy's write port; a full pgBackRest backup, more bets, a time T, more bets;
// then a point-in-time restore to T into a fresh node holds exactly the bets committed up to T and
// an exact ledger. Prints one line with what it measured (the README's "Database high availability
// and backups" quotes it).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../app/database/data-source-options';
import { migrate } from '../app/database/repeatable-sql';
import { ApiProcess, auditLedger, httpGuest, startApi } from './api-process';

const ROOT = join(__dirname, '../../../..');
const CLI = join(ROOT, 'tools/scripts/cluster.mjs');
// a folder and ports of its own, so a cluster a developer left running is not touched
const CLUSTER_ENV = { CLUSTER_DIR: join(ROOT, 'tmp/cluster-backup-test'), CLUSTER_PORT_BASE: '15100' };
const RESTORE_PORT = 15540;
const API_PORT = 3481;
const DB = 'cosmic_backup';

/** Runs `node tools/scripts/cluster.mjs <args> --json` and returns its answer. */
function cluster<T = Record<string, unknown>>(...args: string[]): T {
  const r = spawnSync(process.execPath, [CLI, ...args, '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...CLUSTER_ENV },
    timeout: 300_000,
  });
  if (r.status !== 0) throw new Error(`cluster ${args.join(' ')} failed (${r.status}): ${r.stderr}${r.stdout}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as T;
}

const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

describe('backups: a point-in-time restore of the cluster', () => {
  let writeUrl: string;
  let api: ApiProcess | undefined;
  const clients: Client[] = [];
  const connect = async (url: string) => {
    const c = new Client({ connectionString: url });
    await c.connect();
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    writeUrl = cluster<{ writeUrl: string }>('up').writeUrl;
    const admin = await connect(writeUrl);
    await admin.query(`DROP DATABASE IF EXISTS ${DB}`);
    await admin.query(`CREATE DATABASE ${DB}`);
    const ds = new DataSource(dataSourceOptions(withDb(writeUrl, DB)));
    await ds.initialize();
    await migrate(ds);
    await ds.destroy();
    api = await startApi(API_PORT, { DATABASE_URL: withDb(writeUrl, DB) });
  });

  afterAll(async () => {
    await api?.kill();
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    cluster('down'); // stops whatever part of the cluster is running, and removes its folder
  });

  it('restores exactly the bets committed up to T, with balance = sum of ledger for every player', async () => {
    const base = api!.url;
    const players = await Promise.all(Array.from({ length: 4 }, () => httpGuest(base)));
    /** Each player bets `n` times in turn; the ids of the bets the API answered 2xx. */
    const bets = async (n: number) => {
      const ids = await Promise.all(
        players.map(async (p) => {
          const mine: string[] = [];
          for (let i = 0; i < n; i++) {
            const r = await p.bet(base);
            if (!r.ok) throw new Error(`a bet failed: ${JSON.stringify(r)}`);
            mine.push(r.betId);
          }
          return mine;
        }),
      );
      return ids.flat();
    };

    const beforeBackup = await bets(5);
    const full = cluster<{ label: string; seconds: number; stoppedAt: number }>('backup', '--type', 'full');
    expect(full.label).toMatch(/F$/);
    expect(full.stoppedAt).toBeGreaterThan(0);
    const afterBackup = await bets(5);

    // T: the leader's clock once every bet above was answered, with the balances as they stand then.
    // pgBackRest restores only to a time after the backup's stop time (whole seconds, taken after the
    // backup's WAL was archived), so T waits for the leader's clock to pass it.
    const live = await connect(withDb(writeUrl, DB));
    for (;;) {
      const now = await live.query(`SELECT extract(epoch FROM clock_timestamp())::float8 AS s`);
      if (now.rows[0].s > full.stoppedAt + 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const atT = await live.query(
      `SELECT clock_timestamp()::text AS t,
              (SELECT json_agg(json_build_object('user', user_id::text, 'currency', currency, 'amount', amount::text)
                        ORDER BY user_id, currency) FROM balances) AS balances`,
    );
    const T: string = atT.rows[0].t;
    const afterT = await bets(5);
    cluster('check'); // the WAL holding every bet above is in the archive

    const allLive = (await live.query(`SELECT id::text FROM bets ORDER BY bets.id`)).rows.map((r) => r.id);
    expect(allLive).toEqual([...beforeBackup, ...afterBackup, ...afterT].sort((a, b) => Number(a) - Number(b)));

    const t = Date.now();
    const restored = cluster<{ url: string; restoredIn: number; startedIn: number }>(
      'restore',
      '--time',
      T,
      '--port',
      String(RESTORE_PORT),
    );
    const restoreSeconds = (Date.now() - t) / 1000;
    const db = await connect(withDb(restored.url, DB));

    const upToT = [...beforeBackup, ...afterBackup].sort((a, b) => Number(a) - Number(b));
    const found = (await db.query(`SELECT id::text FROM bets ORDER BY bets.id`)).rows.map((r) => r.id);
    expect(found).toEqual(upToT);
    const balances = await db.query(
      `SELECT json_agg(json_build_object('user', user_id::text, 'currency', currency, 'amount', amount::text)
                ORDER BY user_id, currency) AS balances FROM balances`,
    );
    expect(balances.rows[0].balances).toEqual(atT.rows[0].balances);
    const everyone = (await db.query(`SELECT id::text FROM users`)).rows.map((r) => r.id);
    expect(everyone).toEqual(expect.arrayContaining(players.map((p) => p.id)));
    await auditLedger(db, everyone);

    const missing = upToT.filter((id) => !found.includes(id)).length;
    const extra = found.filter((id) => !upToT.includes(id)).length;
    console.log(
      `backup: full backup ${full.seconds.toFixed(1)} s; restore to T: ${upToT.length} bets up to T, ` +
        `${afterT.length} after T, missing ${missing}, extra ${extra}; ` +
        `restore ${restored.restoredIn.toFixed(1)} s + replay and promote ${restored.startedIn.toFixed(1)} s ` +
        `(${restoreSeconds.toFixed(1)} s in all)`,
    );
  });
});
