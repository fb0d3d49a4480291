// What the API benchmarks share: the built API on an embedded PostgreSQL, pgbench as the same-run
// baseline, CPU per process from /proc, the ledger check and the machine's description.
import { spawn, spawnSync } from 'node:child_process';
import { openSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const U = 100_000_000n;
const PG_PASSWORD = 'cosmic-local';

/** Installs a missing command with apt (wrk, pgbench). */
export function need(cmd, pkg) {
  if (spawnSync('which', [cmd]).status === 0) return;
  console.error(`${cmd} is missing: installing ${pkg} with apt`);
  const r = spawnSync('bash', ['-c', `apt-get update -qq && apt-get install -y -qq ${pkg}`], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`could not install ${pkg}`);
}

export async function waitFor(url, ms) {
  const until = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
      last = `HTTP ${r.status}`;
    } catch (e) {
      // not up yet (ECONNREFUSED), or never reachable by fetch (a port the Fetch standard bars, e.g. 4190)
      last = String(e.cause?.code ?? e.cause?.message ?? e.message);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up within ${ms} ms (last: ${last})`);
}

/**
 * Waits until the API started as `api` (a child process) answers its health check at `base`; fails
 * at once if it exits first.
 */
export async function waitForApi(api, base, ms = 120_000) {
  let onExit;
  const exited = new Promise((_, reject) => {
    onExit = (code) => reject(new Error(`the API exited (${code}) before it answered`));
    api.once('exit', onExit);
  });
  try {
    await Promise.race([waitFor(`${base}/api/health`, ms), exited]);
  } finally {
    api.off('exit', onExit);
  }
}

/** A new guest on the API at `base`: its id, guest id and session cookie. */
export async function signIn(base, i) {
  const walletAddress = `GUEST_bench${Date.now()}${i}x${Math.random().toString(36).slice(2, 8)}`;
  const res = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  const user = await res.json();
  return { id: user.id, walletAddress, cookie: res.headers.get('set-cookie').split(';')[0] };
}

/**
 * The built API on `port`, quiet, without scheduled jobs, with its stdout in `stdoutFile`.
 * `env` adds to (or overrides) the defaults: an embedded PostgreSQL in DATA_DIR unless DATABASE_URL.
 * `dist` is the build whose API runs.
 */
export function startApi({ port, env = {}, nodeArgs = [], stdoutFile, dist = 'dist' }) {
  return spawn(process.execPath, [...nodeArgs, join(dist, 'apps/api/apps/api/src/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DEVNET_ALGOD_PORT: '0',
      DEVNET_INDEXER_PORT: '0',
      LOG_LEVEL: 'error',
      JOBS_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', stdoutFile ? openSync(stdoutFile, 'w') : 'ignore', 'inherit'],
  });
}

/** Runs a command and measures its own CPU time (user + system, ms), via bash's `times`. */
export function withCpu(cmd, args, options = {}) {
  const r = spawnSync('bash', ['-c', '"$@"; rc=$?; times >&2; exit $rc', 'bash', cmd, ...args], {
    encoding: 'utf8',
    ...options,
  });
  const lines = r.stderr.trim().split('\n');
  const children = lines[lines.length - 1].match(/(\d+)m([\d.]+)s/g) ?? [];
  const cpuMs = children.reduce((sum, t) => {
    const [, m, sec] = /(\d+)m([\d.]+)s/.exec(t);
    return sum + (Number(m) * 60 + Number(sec)) * 1000;
  }, 0);
  return { ...r, stderr: lines.slice(0, -2).join('\n'), cpuMs };
}

/** CPU ms so far of one process from /proc: its own user + system time, plus that of its exited children. */
export function procCpuMs(pid, withChildren = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
    return (ticks * 1000) / 100; // 100 Hz clock ticks
  } catch {
    return 0;
  }
}

/**
 * CPU so far of the API process `apiPid` and of the embedded PostgreSQL in `dataDir`: the
 * postmaster with the backends it has reaped (pgbench's connections end before the snapshot
 * after its run), plus the live backends.
 */
export function cpuSnapshot(dataDir, apiPid) {
  const postmaster = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pg = new Map([[postmaster, procCpuMs(postmaster, true)]]);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pg.set(Number(name), procCpuMs(name));
    } catch {
      /* exited */
    }
  }
  return { api: procCpuMs(apiPid), pg };
}

/** PostgreSQL CPU between two snapshots (a backend that started in between counts from zero; one
 * that ended in between moved into the postmaster's reaped-children time). */
export function pgDelta(before, after) {
  let ms = 0;
  for (const [pid, t] of after.pg) ms += t - (before.pg.get(pid) ?? 0);
  for (const [pid, t] of before.pg) if (!after.pg.has(pid)) ms -= t;
  return ms;
}

export function pgbenchInit(pgPort, db) {
  const env = { ...process.env, PGPASSWORD: PG_PASSWORD };
  const init = spawnSync(
    'pgbench',
    ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'cosmic', '-i', '-s', '10', '-q', db],
    { env, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
}

/**
 * Lets PostgreSQL settle before a measured run: a checkpoint (so no run pays for the one before's
 * dirty pages) and no autovacuum worker busy (up to a minute): both are children of the postmaster,
 * so their work would be counted as the run's and would slow it.
 */
export async function quiesce(client) {
  await client.query('CHECKPOINT');
  for (let i = 0; i < 120; i++) {
    const r = await client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`,
    );
    if (r.rows[0].n === 0) return;
    await new Promise((res) => setTimeout(res, 500));
  }
}

/**
 * Runs pgbench for `seconds` against the embedded server on `pgPort` (extra `args`), with its TPS
 * and CPU µs per transaction by process (`snapshot()` takes a CPU snapshot, see cpuSnapshot).
 */
export function runPgbench({ pgPort, seconds, snapshot }, args) {
  const env = { ...process.env, PGPASSWORD: PG_PASSWORD };
  const before = snapshot();
  const run = withCpu(
    'pgbench',
    ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'cosmic', '-j', '2', '-T', String(seconds), '-n', ...args],
    { env },
  );
  const after = snapshot();
  if (run.status !== 0) throw new Error(`pgbench ${args.join(' ')} failed: ${run.stdout} ${run.stderr}`);
  const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)[1]);
  const txs = Number(/number of transactions actually processed: (\d+)/.exec(run.stdout)[1]);
  const per = (ms) => Math.round((1000 * ms) / txs);
  return { tps, cpuPerTxUs: { postgres: per(pgDelta(before, after)), pgbench: per(run.cpuMs) } };
}

/** Credits `hc` whole HC to each player through the ledger (an 'adjustment', ref 'adjustment:bench top-up'). */
export async function topUp(client, ids, hc) {
  for (const id of ids) {
    await client.query('BEGIN');
    const b = await client.query(
      `UPDATE balances SET amount = amount + $2 WHERE user_id = $1 AND currency = 'HC' RETURNING amount`,
      [id, String(hc * U)],
    );
    await client.query(
      `INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref) VALUES ($1, 'HC', $2, $3, 'adjustment', 'adjustment:bench top-up')`,
      [id, String(hc * U), b.rows[0].amount],
    );
    await client.query('COMMIT');
  }
}

/** The last bet id so far: a run's bets are those after it. */
export async function lastBetId(client) {
  return (await client.query('SELECT COALESCE(max(id), 0) AS id FROM bets')).rows[0].id;
}

/** The ten routes the front-end benches load (lighthouse-bench.mjs, main-thread-bench.mjs). */
export const BENCH_ROUTES = [
  '/',
  '/casino',
  '/game/dice',
  '/game/plinko',
  '/game/slots',
  '/game/blackjack',
  '/game/hilo',
  '/cashier',
  '/poker',
  '/fairness',
];

/** The routes an `--only a,b` option names (all of them without it); fails on a route not benched. */
export function benchRoutes(only) {
  const routes = only ? only.split(',') : BENCH_ROUTES;
  const unknown = routes.filter((r) => !BENCH_ROUTES.includes(r));
  if (unknown.length)
    throw new Error(`--only: unknown route(s) ${unknown.join(', ')}; the routes are ${BENCH_ROUTES.join(', ')}`);
  return routes;
}

export function machine() {
  const cpu = spawnSync(
    'bash',
    ['-c', "nproc; grep -m1 'model name' /proc/cpuinfo | cut -d: -f2; free -g | awk '/Mem:/ {print $2}'"],
    { encoding: 'utf8' },
  )
    .stdout.trim()
    .split('\n');
  return { cores: Number(cpu[0]), cpu: (cpu[1] ?? '').trim(), memoryGiB: Number(cpu[2]), node: process.version };
}
