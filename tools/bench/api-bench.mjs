// Dice bets through the real HTTP API on the embedded PostgreSQL, with pgbench (tpcb-like) on the
// same server in the same run as the physical baseline. Reports bets/s, p50/p99 and bets/s ÷ TPS,
// checks the ledger after every run, and prints a JSON summary (the caller writes BENCHMARKS.md).
//
//   node tools/bench/api-bench.mjs [--duration 20] [--connections 64] [--players 64]
//                                  [--cpu-prof DIR] [--api-node-args "ARGS"] [--api-stdout FILE]
//                                  [--spread-only] [--api-log-level error]
// --cpu-prof writes a V8 CPU profile of the API process (open it in Chrome DevTools, or summarise
// it with tools/bench/profile-summary.mjs); --spread-only skips the hot-player run and the
// 64-player run on a second instance without group commit (BET_BATCH_MAX=1). --api-node-args
// passes more flags to the measured API's node; its stdout (V8's GC trace, summarised per run in
// the JSON's "gc") is kept in --api-stdout when given. --api-log-level is the API's LOG_LEVEL
// (error by default; info, production's default, writes a line per request to that stdout).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  cpuSnapshot as cpuSnapshotOf,
  lastBetId,
  machine,
  need,
  pgbenchInit as pgbenchInitAt,
  pgDelta,
  quiesce,
  runPgbench as runPgbenchAt,
  signIn as signInAt,
  startApi as startApiAt,
  topUp,
  U,
  waitFor,
  withCpu,
} from './bench-lib.mjs';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '64' },
    players: { type: 'string', default: '64' },
    port: { type: 'string', default: '3300' },
    'pgbench-clients': { type: 'string', default: '16' },
    'cpu-prof': { type: 'string' },
    'api-node-args': { type: 'string', default: '' },
    'api-stdout': { type: 'string' },
    'spread-only': { type: 'boolean', default: false },
    'api-log-level': { type: 'string', default: 'error' },
  },
});
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const playerCount = Number(opts.players);
const port = Number(opts.port);
const pgPort = port + 20000;
const base = `http://127.0.0.1:${port}`;
const dbUrl = `postgresql://cosmic:cosmic-local@127.0.0.1:${pgPort}/cosmic`;

const signIn = (i) => signInAt(base, i);

function wrkScript(players) {
  const entries = players
    .map(
      (p) =>
        `{ cookie = ${JSON.stringify(p.cookie)}, body = ${JSON.stringify(JSON.stringify({ walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'seven' }))} }`,
    )
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

function runWrk(players, label, url = base, pid = apiPid) {
  const script = join(tmpdir(), `bench-${label}.lua`);
  writeFileSync(script, wrkScript(players));
  const before = cpuSnapshot(pid);
  const gcFrom = gcLogSize(pid);
  const r = withCpu('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-s', script, url]);
  const after = cpuSnapshot(pid);
  const gc = gcSummary(gcLogSince(pid, gcFrom), duration);
  const stats = parseWrk(r.stdout);
  const per = (ms) => Math.round((1000 * ms) / stats.requests);
  // CPU time each process spent per bet, in µs: where a bet's cost goes on this machine
  const cpuPerBetUs = { api: per(after.api - before.api), postgres: per(pgDelta(before, after)), wrk: per(r.cpuMs) };
  return { ...stats, cpuPerBetUs, gc, raw: r.stdout };
}

/** CPU so far of the API process `apiProcess` and of the embedded PostgreSQL (see bench-lib). */
const cpuSnapshot = (apiProcess = apiPid) => cpuSnapshotOf(dataDir, apiProcess);

const pgbenchInit = (db) => pgbenchInitAt(pgPort, db);

/** Runs pgbench against the embedded server (extra `args`), with its TPS and CPU µs per transaction by process. */
const runPgbench = (args) => runPgbenchAt({ pgPort, seconds: duration, snapshot: () => cpuSnapshot() }, args);

/** pgbench's built-in tpcb-like transaction on database `db`: the baseline. */
function pgbench(db) {
  return runPgbench(['-c', opts['pgbench-clients'], db]);
}

/**
 * place_bet() driven by pgbench (one client per player, prepared statements as the API sends them,
 * the pair and nonce read first): what the database alone does with the bet path, next to tpcb.
 */
async function placeBetDbOnly(client, players) {
  await topUp(
    client,
    players.map((p) => p.id),
    100_000n,
  );
  await client.query('CREATE TABLE IF NOT EXISTS bench_players (i int PRIMARY KEY, user_id bigint NOT NULL)');
  await client.query('TRUNCATE bench_players');
  for (const [i, p] of players.entries()) await client.query('INSERT INTO bench_players VALUES ($1, $2)', [i, p.id]);
  const script = join(tmpdir(), 'bench-place-bet.sql');
  writeFileSync(
    script,
    `SELECT encode(s.token_hash, 'hex') AS tok, b.user_id AS uid, p.id AS pair, p.nonce AS nonce
       FROM bench_players b JOIN seed_pairs p ON p.user_id = b.user_id AND p.active JOIN sessions s ON s.user_id = b.user_id
      WHERE b.i = :client_id LIMIT 1 \\gset
SELECT place_bet(decode(:tok, 'hex'), :uid, false, 'HC', ${U}, 0, :pair, :nonce, 'dice', '0', jsonb_build_object('dice', jsonb_build_array(3, 1), 'total', 4, 'betType', 'seven', 'won', false));
`,
  );
  return runPgbench(['-c', String(players.length), '-M', 'prepared', '-f', script, 'cosmic']);
}

/**
 * Bets placed since `afterId` and the transactions that committed them (the distinct xmin of
 * their rows): with group commit one transaction carries several bets.
 */
async function commitsPerBet(client, afterId) {
  const r = (
    await client.query('SELECT count(*) AS bets, count(DISTINCT xmin::text) AS commits FROM bets WHERE id > $1', [
      afterId,
    ])
  ).rows[0];
  return Number(r.bets) ? Number((Number(r.commits) / Number(r.bets)).toFixed(3)) : 0;
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
            (SELECT COALESCE(sum(delta), 0) FROM ledger WHERE currency = 'HC' AND user_id = ANY($1) AND kind IN ('signup', 'adjustment')) AS credited,
            (SELECT COALESCE(sum(amount), 0) FROM bets WHERE currency = 'HC' AND user_id = ANY($1)) AS stakes,
            (SELECT COALESCE(sum(payout), 0) FROM bets WHERE currency = 'HC' AND user_id = ANY($1)) AS wins,
            (SELECT count(*) FROM bets WHERE user_id = ANY($1)) AS bets`,
    [ids],
  );
  const r = t.rows[0];
  const expected = BigInt(r.credited) - BigInt(r.stakes) + BigInt(r.wins);
  return {
    exact: bad.length === 0 && expected === BigInt(r.balances),
    players: per.rows.length,
    bets: Number(r.bets),
    mismatches: bad.length,
  };
}

let dataDir;
let apiPid;

/** GC trace file of each API process the bench started, by pid. */
const gcLogs = new Map();

/**
 * The built API on `apiPort`, quiet, without scheduled jobs; V8 traces its collections (one line
 * each, to a file) for gcSummary().
 */
function startApi(apiPort, env, nodeArgs = []) {
  const gcLog = opts['api-stdout'] && apiPort === port ? opts['api-stdout'] : join(dataDir, `api-${apiPort}-gc.log`);
  const child = startApiAt({
    port: apiPort,
    env: { LOG_LEVEL: opts['api-log-level'], ...env },
    nodeArgs: ['--trace-gc', '--trace-gc-nvp', ...nodeArgs],
    stdoutFile: gcLog,
  });
  gcLogs.set(child.pid, gcLog);
  return child;
}

/**
 * What V8's collector did in one process during a run, from its --trace-gc-nvp lines: young
 * collections (scavenges: count, mean and longest pause, MB surviving and promoted to the old
 * generation each) and full mark-compacts (count, longest pause). Every pause stops the event
 * loop: the bets in flight wait for it, which is where the latency tail comes from.
 */
function gcSummary(text, seconds) {
  const young = [];
  const full = [];
  for (const line of text.split('\n')) {
    const f = Object.fromEntries([...line.matchAll(/(\w[\w.]*)=([\w.%]+)/g)].map((m) => [m[1], m[2]]));
    if (f.gc === 's') young.push(f);
    else if (f.gc === 'mc' || f.gc === 'mmc') full.push(f);
  }
  const pause = (rows) => rows.map((r) => Number(r.pause));
  const mb = (rows, key) =>
    Math.round((rows.reduce((a, r) => a + Number(r[key] ?? 0), 0) / Math.max(1, rows.length) / 1e6) * 100) / 100;
  const round = (n) => Math.round(n * 10) / 10;
  const yp = pause(young);
  return {
    scavengesPerSecond: round(young.length / seconds),
    scavengePauseMeanMs: round(yp.reduce((a, b) => a + b, 0) / Math.max(1, yp.length)),
    scavengePauseMaxMs: round(Math.max(0, ...yp)),
    survivedMBEach: mb(young, 'new_space_survived'),
    promotedMBEach: mb(young, 'promoted'),
    markCompacts: full.length,
    markCompactPauseMaxMs: round(Math.max(0, ...pause(full))),
  };
}

/** The GC log of process `pid` from byte `from` on. */
function gcLogSince(pid, from) {
  const log = gcLogs.get(pid);
  return log ? readFileSync(log).subarray(from).toString('utf8') : '';
}

function gcLogSize(pid) {
  const log = gcLogs.get(pid);
  return log ? statSync(log).size : 0;
}

/**
 * The same 64-player run against a second API instance on the same database with group commit
 * off (BET_BATCH_MAX=1: every bet in its own transaction), as the same-run "before".
 */
async function runWithoutGroupCommit(client, players, ids) {
  const apiPort = port + 1;
  const plain = startApi(apiPort, { DATABASE_URL: dbUrl, BET_BATCH_MAX: '1' });
  const url = `http://127.0.0.1:${apiPort}`;
  try {
    await waitFor(`${url}/api/health`, 60_000);
    runWrkShort(players, url);
    await quiesce(client);
    const from = await lastBetId(client);
    const run = runWrk(players, 'plain', url, plain.pid); // CPU per bet counts this instance
    run.commitsPerBet = await commitsPerBet(client, from);
    return { run, ledger: await ledgerCheck(client, ids) };
  } finally {
    plain.kill('SIGTERM');
    await new Promise((r) => plain.once('exit', r));
  }
}

async function main() {
  need('wrk', 'wrk');
  need('pgbench', 'postgresql-client');
  dataDir = mkdtempSync(join(tmpdir(), 'cosmic-bench-'));
  const nodeArgs = [
    ...(opts['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', opts['cpu-prof']] : []),
    ...opts['api-node-args'].split(' ').filter(Boolean),
  ];
  const api = startApi(port, { DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_PG_PORT: String(pgPort) }, nodeArgs);
  apiPid = api.pid;
  try {
    await waitFor(`${base}/api/health`, 60_000);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    client.on('error', () => undefined); // the server stops at the end: not an error of the run
    await client.query('CREATE DATABASE pgbench').catch(() => undefined);

    const players = await Promise.all(Array.from({ length: playerCount }, (_, i) => signIn(i)));
    const hot = await signIn('hot');
    const ids = [...players.map((p) => p.id), hot.id];
    // 'seven' keeps a third of each stake: at ~6,000 bets/s the 1,000 HC a player starts with ran
    // out during the runs (402 answers), so every player gets enough for all of them
    await topUp(client, ids, 200_000n);

    // warm-up: JIT, prepared statements, caches
    runWrkShort(players);
    pgbenchInit('pgbench');
    await quiesce(client);
    const pgBefore = pgbench('pgbench');
    await quiesce(client);
    const spreadFrom = await lastBetId(client);
    const spread = runWrk(players, 'spread');
    spread.commitsPerBet = await commitsPerBet(client, spreadFrom);
    const spreadLedger = await ledgerCheck(client, ids);
    if (!opts['spread-only']) await quiesce(client);
    const hotFrom = await lastBetId(client);
    const hotRun = opts['spread-only'] ? spread : runWrk([hot], 'hot');
    if (!opts['spread-only']) hotRun.commitsPerBet = await commitsPerBet(client, hotFrom);
    const hotLedger = opts['spread-only'] ? spreadLedger : await ledgerCheck(client, ids);
    const plain = opts['spread-only'] ? null : await runWithoutGroupCommit(client, players, ids);
    await quiesce(client);
    const pgAfter = pgbench('pgbench');
    await quiesce(client);
    const dbOnly = await placeBetDbOnly(client, players.slice(0, Number(opts['pgbench-clients'])));
    const dbOnlyLedger = await ledgerCheck(client, ids);
    await client.end();
    const tps = pgBefore.tps;
    const tpsAfter = pgAfter.tps;
    const baseline = (tps + tpsAfter) / 2;
    const summary = {
      date: new Date().toISOString(),
      machine: machine(),
      durationSeconds: duration,
      connections,
      pgbenchTps: { before: tps, after: tpsAfter, mean: baseline },
      pgbenchCpuPerTxUs: pgBefore.cpuPerTxUs,
      spread: { players: playerCount, ...httpSummary(spread, spreadLedger, baseline) },
      // the ceiling: place_bet() called by pgbench itself, no HTTP and no Node, same clients as tpcb
      dbOnly: {
        betsPerSecond: dbOnly.tps,
        ratio: dbOnly.tps / baseline,
        cpuPerBetUs: dbOnly.cpuPerTxUs,
        ledger: dbOnlyLedger,
      },
      // the same run as `spread` with every bet in its own transaction (BET_BATCH_MAX=1)
      ...(plain && { spreadWithoutGroupCommit: httpSummary(plain.run, plain.ledger, baseline) }),
      hot: { players: 1, ...httpSummary(hotRun, hotLedger, baseline) },
    };
    console.log(JSON.stringify(summary, null, 2));
    if (!spreadLedger.exact || !hotLedger.exact || !dbOnlyLedger.exact || (plain && !plain.ledger.exact)) {
      console.error('LEDGER NOT EXACT');
      process.exitCode = 1;
    }
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What the summary reports of one wrk run over HTTP. */
function httpSummary(run, ledger, baseline) {
  return {
    betsPerSecond: run.rps,
    p50ms: run.p50,
    p90ms: run.p90,
    p99ms: run.p99,
    non2xx: run.non2xx,
    ratio: run.rps / baseline,
    ledger,
    cpuPerBetUs: run.cpuPerBetUs,
    commitsPerBet: run.commitsPerBet,
    gc: run.gc,
  };
}

function runWrkShort(players, url = base) {
  const script = join(tmpdir(), 'bench-warm.lua');
  writeFileSync(script, wrkScript(players));
  spawnSync('wrk', ['-t1', `-c${connections}`, '-d3s', '-s', script, url]);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
