// Dice bets through the real HTTP API on the embedded PostgreSQL, with pgbench (tpcb-like) on the
// same server in the same run as the physical baseline. Reports bets/s, p50/p99 and bets/s ÷ TPS,
// checks the ledger after every run, and prints a JSON summary (the caller writes BENCHMARKS.md).
//
//   node tools/bench/api-bench.mjs [--duration 20] [--connections 64] [--players 64]
//                                  [--cpu-prof DIR] [--spread-only]
// --cpu-prof writes a V8 CPU profile of the API process (open it in Chrome DevTools, or summarise
// it with tools/bench/profile-summary.mjs); --spread-only skips the hot-player run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '64' },
    players: { type: 'string', default: '64' },
    port: { type: 'string', default: '3300' },
    'pgbench-clients': { type: 'string', default: '16' },
    'cpu-prof': { type: 'string' },
    'spread-only': { type: 'boolean', default: false },
  },
});
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const playerCount = Number(opts.players);
const port = Number(opts.port);
const pgPort = port + 20000;
const base = `http://127.0.0.1:${port}`;
const dbUrl = `postgresql://cosmic:cosmic-local@127.0.0.1:${pgPort}/cosmic`;
const U = 100_000_000n;

function need(cmd, pkg) {
  if (spawnSync('which', [cmd]).status === 0) return;
  console.error(`${cmd} is missing: installing ${pkg} with apt`);
  const r = spawnSync('bash', ['-c', `apt-get update -qq && apt-get install -y -qq ${pkg}`], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`could not install ${pkg}`);
}

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function signIn(i) {
  const walletAddress = `GUEST_bench${Date.now()}${i}x${Math.random().toString(36).slice(2, 8)}`;
  const res = await fetch(`${base}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ walletAddress }) });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  const user = await res.json();
  return { id: user.id, walletAddress, cookie: res.headers.get('set-cookie').split(';')[0] };
}

function wrkScript(players) {
  const entries = players
    .map((p) => `{ cookie = ${JSON.stringify(p.cookie)}, body = ${JSON.stringify(JSON.stringify({ walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'seven' }))} }`)
    .join(',\n');
  return `local players = {\n${entries}\n}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  local p = players[(i % #players) + 1]\n  return wrk.format("POST", "/api/games/dice", { ["Content-Type"] = "application/json", ["Cookie"] = p.cookie }, p.body)\nend\n`;
}

function parseWrk(out) {
  const num = (re) => {
    const m = re.exec(out);
    return m ? Number(m[1]) : NaN;
  };
  const ms = (re) => {
    const m = re.exec(out);
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50: ms(/50%\s+([\d.]+)(us|ms|s)/),
    p90: ms(/90%\s+([\d.]+)(us|ms|s)/),
    p99: ms(/99%\s+([\d.]+)(us|ms|s)/),
    requests: num(/(\d+) requests in/),
    non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/) || 0,
    errors: /Socket errors/.test(out) ? out.match(/Socket errors:.*/)[0] : null,
  };
}

function runWrk(players, label) {
  const script = join(tmpdir(), `bench-${label}.lua`);
  writeFileSync(script, wrkScript(players));
  const r = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-s', script, base], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`wrk failed: ${r.stderr}`);
  return { ...parseWrk(r.stdout), raw: r.stdout };
}

function pgbench(db) {
  const env = { ...process.env, PGPASSWORD: 'cosmic-local' };
  const common = ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'cosmic'];
  const init = spawnSync('pgbench', [...common, '-i', '-s', '10', '-q', db], { env, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync('pgbench', [...common, '-c', opts['pgbench-clients'], '-j', '2', '-T', String(duration), '-n', db], { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
  const m = /tps = ([\d.]+)/.exec(run.stdout);
  return Number(m[1]);
}

/** balance = ledger sum for every player, and the totals add up: start + top-ups − stakes + wins. */
async function ledgerCheck(client, ids) {
  const per = await client.query(
    `SELECT b.user_id, b.amount, COALESCE((SELECT sum(delta) FROM ledger l WHERE l.user_id = b.user_id AND l.currency = 'HC'), 0) AS sum
       FROM balances b WHERE b.currency = 'HC' AND b.user_id = ANY($1)`,
    [ids],
  );
  const bad = per.rows.filter((r) => String(r.amount) !== String(r.sum) || BigInt(r.amount) < 0n);
  const t = await client.query(
    `SELECT (SELECT sum(amount) FROM balances WHERE currency = 'HC' AND user_id = ANY($1)) AS balances,
            (SELECT COALESCE(sum(delta), 0) FROM ledger WHERE currency = 'HC' AND user_id = ANY($1) AND kind IN ('signup', 'bench-topup')) AS credited,
            (SELECT COALESCE(sum(amount), 0) FROM bets WHERE currency = 'HC' AND user_id = ANY($1)) AS stakes,
            (SELECT COALESCE(sum(payout), 0) FROM bets WHERE currency = 'HC' AND user_id = ANY($1)) AS wins,
            (SELECT count(*) FROM bets WHERE user_id = ANY($1)) AS bets`,
    [ids],
  );
  const r = t.rows[0];
  const expected = BigInt(r.credited) - BigInt(r.stakes) + BigInt(r.wins);
  return { exact: bad.length === 0 && expected === BigInt(r.balances), players: per.rows.length, bets: Number(r.bets), mismatches: bad.length };
}

async function topUp(client, ids, hc) {
  for (const id of ids) {
    await client.query('BEGIN');
    const b = await client.query(`UPDATE balances SET amount = amount + $2 WHERE user_id = $1 AND currency = 'HC' RETURNING amount`, [id, String(hc * U)]);
    await client.query(`INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref) VALUES ($1, 'HC', $2, $3, 'bench-topup', 'bench')`, [id, String(hc * U), b.rows[0].amount]);
    await client.query('COMMIT');
  }
}

async function main() {
  need('wrk', 'wrk');
  need('pgbench', 'postgresql-client');
  const dataDir = mkdtempSync(join(tmpdir(), 'cosmic-bench-'));
  const profile = opts['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', opts['cpu-prof']] : [];
  const api = spawn(process.execPath, [...profile, 'dist/apps/api/apps/api/src/main.js'], {
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_PG_PORT: String(pgPort), DEVNET_ALGOD_PORT: '0', DEVNET_INDEXER_PORT: '0', LOG_LEVEL: 'error', JOBS_ENABLED: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/api/health`, 60_000);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await client.query('CREATE DATABASE pgbench').catch(() => undefined);

    const players = await Promise.all(Array.from({ length: playerCount }, (_, i) => signIn(i)));
    const hot = await signIn('hot');
    await topUp(client, [hot.id], 200_000n);
    const ids = [...players.map((p) => p.id), hot.id];

    // warm-up: JIT, prepared statements, caches
    runWrkShort(players);
    const tps = pgbench('pgbench');
    const spread = runWrk(players, 'spread');
    const spreadLedger = await ledgerCheck(client, ids);
    const hotRun = opts['spread-only'] ? spread : runWrk([hot], 'hot');
    const hotLedger = opts['spread-only'] ? spreadLedger : await ledgerCheck(client, ids);
    const tpsAfter = pgbench('pgbench');
    await client.end();
    const baseline = (tps + tpsAfter) / 2;
    const summary = {
      date: new Date().toISOString(),
      machine: machine(),
      durationSeconds: duration,
      connections,
      pgbenchTps: { before: tps, after: tpsAfter, mean: baseline },
      spread: { players: playerCount, betsPerSecond: spread.rps, p50ms: spread.p50, p90ms: spread.p90, p99ms: spread.p99, non2xx: spread.non2xx, ratio: spread.rps / baseline, ledger: spreadLedger },
      hot: { players: 1, betsPerSecond: hotRun.rps, p50ms: hotRun.p50, p90ms: hotRun.p90, p99ms: hotRun.p99, non2xx: hotRun.non2xx, ratio: hotRun.rps / baseline, ledger: hotLedger },
    };
    console.log(JSON.stringify(summary, null, 2));
    if (!spreadLedger.exact || !hotLedger.exact) {
      console.error('LEDGER NOT EXACT');
      process.exitCode = 1;
    }
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function runWrkShort(players) {
  const script = join(tmpdir(), 'bench-warm.lua');
  writeFileSync(script, wrkScript(players));
  spawnSync('wrk', ['-t1', `-c${connections}`, '-d3s', '-s', script, base]);
}

function machine() {
  const cpu = spawnSync('bash', ['-c', "nproc; grep -m1 'model name' /proc/cpuinfo | cut -d: -f2; free -g | awk '/Mem:/ {print $2}'"], { encoding: 'utf8' }).stdout.trim().split('\n');
  return { cores: Number(cpu[0]), cpu: (cpu[1] ?? '').trim(), memoryGiB: Number(cpu[2]), node: process.version };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
