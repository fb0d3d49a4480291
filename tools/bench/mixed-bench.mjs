// A realistic player mix over real HTTP (issue 23): 64 players, each with their own session cookie,
// play dice, plinko (drop, then read the result), slots (spins that play their free spins out),
// blackjack (deal, then hit/stand/double by basic strategy) and hi-lo (start, 1–4 guesses, cash
// out) in a fixed proportion, for a fixed time, against the built API on an embedded PostgreSQL
// with pg_stat_statements, with pgbench (tpcb-like) before and after as the same-run baseline.
// First each game alone (statements, commits and CPU per action are only attributable one game
// at a time), then the mix. Prints a JSON summary; `npm run bench -- mixed` writes BENCHMARKS.md.
//
//   node tools/bench/mixed-bench.mjs [--duration 15] [--players 64] [--port 3400] [--solo-duration 8] [--statements N]
//                                    [--cpu-prof DIR]
//
// `--statements N` adds each phase's N statements that took the most PostgreSQL time, nested ones
// included (pg_stat_statements.track=all: the statements inside the settlement functions), with
// their calls and time per action: where a game's database time goes. Their planning time is
// counted too (pg_stat_statements.track_planning, on only with this option) and shown apart.
// `--cpu-prof DIR` writes a V8 CPU profile of the API process over the whole run into DIR (as
// api-bench.mjs does; summarise it with tools/bench/profile-summary.mjs).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Pool } from 'undici';
import {
  cpuSnapshot,
  lastBetId,
  machine,
  need,
  pgbenchInit,
  pgDelta,
  procCpuMs,
  quiesce,
  runPgbench,
  signIn,
  startApi,
  topUp,
  waitFor,
} from './bench-lib.mjs';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    'solo-duration': { type: 'string', default: '8' },
    players: { type: 'string', default: '64' },
    port: { type: 'string', default: '3400' },
    'pgbench-clients': { type: 'string', default: '16' },
    statements: { type: 'string', default: '0' },
    'cpu-prof': { type: 'string' },
  },
});
const duration = Number(opts.duration);
const soloDuration = Number(opts['solo-duration']);
const playerCount = Number(opts.players);
const port = Number(opts.port);
const pgPort = port + 20000;
const base = `http://127.0.0.1:${port}`;
const dbUrl = `postgresql://cosmic:cosmic-local@127.0.0.1:${pgPort}/cosmic`;

/** The mix: share of the sessions each game gets. */
const MIX = { dice: 0.3, plinko: 0.2, slots: 0.2, blackjack: 0.15, hilo: 0.15 };
/** p99 target of every action, ms, and of settled bets/s ÷ pgbench TPS (issue 23). */
const TARGET = { p99ms: 30, ratio: 1.5 };

/** A seeded PRNG (mulberry32) so every run plays the same sequence of choices. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Latencies and failures per action ("blackjack.hit"), collected by every player. */
class Recorder {
  constructor() {
    this.latency = new Map();
    this.failed = new Map();
  }
  add(action, ms, ok) {
    if (!this.latency.has(action)) this.latency.set(action, []);
    this.latency.get(action).push(ms);
    if (!ok) this.failed.set(action, (this.failed.get(action) ?? 0) + 1);
  }
}

/**
 * Keep-alive connections to the API, one per player: undici's own client, which costs the load
 * generator (sharing the machine's two cores with the API and PostgreSQL) a fraction of what
 * global fetch() does per request.
 */
let http;

/** One player's HTTP calls with their cookie (and an Idempotency-Key per money call, as the web sends). */
function client(player, rec) {
  return async (action, path, body) => {
    const started = performance.now();
    try {
      const res = await http.request({
        method: 'POST',
        path: `/api/games/${path}`,
        headers: { 'content-type': 'application/json', cookie: player.cookie, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ walletAddress: player.walletAddress, ...body }),
      });
      const json = await res.body.json();
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      rec.add(action, performance.now() - started, ok);
      return ok ? json : null;
    } catch {
      rec.add(action, performance.now() - started, false);
      return null;
    }
  };
}

const card = (c) => ({ A: 11, K: 10, Q: 10, J: 10 })[c.rank] ?? Number(c.rank);

/** Basic strategy without splits (hard and soft totals against the dealer's up card). */
function strategy(s) {
  const legal = new Set(s.legalActions);
  const up = card(s.dealerCards[0]);
  const total = s.playerTotal;
  const canDouble = legal.has('double');
  if (s.playerSoft) {
    if (total >= 19) return 'stand';
    if (total === 18) return up >= 9 ? 'hit' : canDouble && up >= 3 && up <= 6 ? 'double' : 'stand';
    return canDouble && up >= 4 && up <= 6 ? 'double' : 'hit';
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return up <= 6 ? 'stand' : 'hit';
  if (total === 12) return up >= 4 && up <= 6 ? 'stand' : 'hit';
  if (total === 11) return canDouble ? 'double' : 'hit';
  if (total === 10) return canDouble && up <= 9 ? 'double' : 'hit';
  return 'hit';
}

/** One session unit of each game: what a player does from placing a stake to its settlement. */
const GAMES = {
  async dice(call, r) {
    await call('dice.roll', 'dice', {
      currency: 'HC',
      betAmount: '1',
      betType: ['low', 'seven', 'high'][Math.floor(r() * 3)],
    });
  },
  async plinko(call, r) {
    const bet = await call('plinko.drop', 'plinko/deduct', {
      currency: 'HC',
      betAmount: '1',
      risk: ['low', 'medium', 'high'][Math.floor(r() * 3)],
    });
    if (bet) await call('plinko.result', 'plinko/result', { betId: bet.betId });
  },
  async slots(call) {
    let s = await call('slots.spin', 'slots', { currency: 'HC', betAmount: '1' });
    for (let i = 0; s && s.freeSpinsLeft > 0 && i < 200; i++)
      s = await call('slots.free-spin', 'slots', { isFreeSpins: true });
  },
  async blackjack(call) {
    let s = await call('blackjack.deal', 'blackjack/deal', { currency: 'HC', betAmount: '1' });
    for (let i = 0; s && !s.gameOver && i < 12; i++) {
      const action = strategy(s);
      s = await call(`blackjack.${action}`, `blackjack/${action}`, {});
    }
  },
  async hilo(call, r) {
    let s = await call('hilo.start', 'hilo/start', { currency: 'HC', bet: '1' });
    const guesses = 1 + Math.floor(r() * 4);
    for (let i = 0; s && !s.gameOver && i < guesses; i++) {
      const { higher, lower } = s.next ?? {};
      const options = [
        higher?.allowed && ['higher', higher.probability],
        lower?.allowed && ['lower', lower.probability],
      ].filter(Boolean);
      if (options.length === 0) break;
      const [direction] = options.sort((a, b) => b[1] - a[1])[0];
      s = await call('hilo.guess', 'hilo/guess', { direction });
    }
    if (s && !s.gameOver && s.streak > 0) await call('hilo.cashout', 'hilo/cashout', {});
    else if (s && !s.gameOver) await call('hilo.guess', 'hilo/guess', { direction: 'higher' }); // a round ends by a guess or a cash-out
  },
};

/** Picks a game by the mix's shares. */
function pick(r, mix) {
  let x = r();
  for (const [game, share] of Object.entries(mix)) {
    if ((x -= share) < 0) return game;
  }
  return Object.keys(mix)[0];
}

/** Every player plays session units of `mix` until `seconds` pass (the unit in play is finished). */
async function play(players, mix, seconds, seed) {
  const rec = new Recorder();
  const until = Date.now() + seconds * 1000;
  const units = new Map();
  await Promise.all(
    players.map(async (p, i) => {
      const r = rng(seed * 1000 + i);
      const call = client(p, rec);
      while (Date.now() < until) {
        const game = pick(r, mix);
        await GAMES[game](call, r);
        units.set(game, (units.get(game) ?? 0) + 1);
      }
    }),
  );
  return { rec, units };
}

const pct = (sorted, q) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10 : null;

/** A measured phase: statements and commits (pg_stat_statements, pg_stat_database), writing commits (the WAL's), CPU by process, bets settled per game. */
async function phase(db, ctx, players, mix, seconds, seed) {
  await quiesce(db);
  const fromBet = await lastBetId(db);
  await db.query('SELECT pg_stat_statements_reset()');
  const commitsBefore = await commits(db);
  const walBefore = await walFlushed(db);
  const cpuBefore = cpuSnapshot(ctx.dataDir, ctx.apiPid);
  const genBefore = process.cpuUsage();
  const started = performance.now();
  const { rec, units } = await play(players, mix, seconds, seed);
  const elapsed = (performance.now() - started) / 1000;
  const gen = process.cpuUsage(genBefore);
  const cpuAfter = cpuSnapshot(ctx.dataDir, ctx.apiPid);
  // the commits counter also counts this reader's own statements: measured before the reads below
  const commitsRun = (await commits(db)) - commitsBefore - 1;
  const writesRun = await writingCommits(db, walBefore);
  const statements = Number(
    (
      await db.query(
        `SELECT COALESCE(sum(calls), 0) AS n FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = 'cosmic' AND s.query NOT ILIKE '%pg_stat%'`,
      )
    ).rows[0].n,
  );
  const top = Number(opts.statements)
    ? (
        await db.query(
          `SELECT calls::int, round((total_exec_time + total_plan_time)::numeric, 1)::float AS ms,
                  round(total_plan_time::numeric, 1)::float AS "planMs", plans::int, toplevel,
                  regexp_replace(left(query, 160), '\\s+', ' ', 'g') AS query
             FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
            WHERE d.datname = 'cosmic' AND s.query NOT ILIKE '%pg_stat%'
            ORDER BY total_exec_time + total_plan_time DESC LIMIT $1`,
          [Number(opts.statements)],
        )
      ).rows
    : undefined;
  const bets = Object.fromEntries(
    (await db.query('SELECT game, count(*)::int AS n FROM bets WHERE id > $1 GROUP BY game', [fromBet])).rows.map(
      (x) => [x.game, x.n],
    ),
  );
  const actions = [...rec.latency.values()].reduce((a, l) => a + l.length, 0);
  const per = (x) => Math.round((1000 * x) / Math.max(1, actions));
  const byAction = Object.fromEntries(
    [...rec.latency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([action, l]) => {
        const sorted = [...l].sort((a, b) => a - b);
        return [
          action,
          {
            count: l.length,
            perSecond: Math.round(l.length / elapsed),
            p50ms: pct(sorted, 0.5),
            p99ms: pct(sorted, 0.99),
            failed: rec.failed.get(action) ?? 0,
          },
        ];
      }),
  );
  const settled = Object.values(bets).reduce((a, n) => a + n, 0);
  return {
    seconds: Math.round(elapsed * 10) / 10,
    sessions: Object.fromEntries(units),
    actions,
    actionsPerSecond: Math.round(actions / elapsed),
    settledBets: bets,
    settledPerSecond: Math.round(settled / elapsed),
    statementsPerAction: Math.round((statements / Math.max(1, actions)) * 100) / 100,
    commitsPerAction: Math.round((commitsRun / Math.max(1, actions)) * 100) / 100,
    writesPerAction: Math.round((writesRun / Math.max(1, actions)) * 100) / 100,
    cpuPerActionUs: {
      api: per(cpuAfter.api - cpuBefore.api),
      postgres: per(pgDelta(cpuBefore, cpuAfter)),
      loadGenerator: per((gen.user + gen.system) / 1000),
    },
    failed: [...rec.failed.values()].reduce((a, n) => a + n, 0),
    byAction,
    ...(top && {
      statements: top.map((t) => ({ ...t, usPerAction: Math.round((1000 * t.ms) / Math.max(1, actions)) })),
    }),
  };
}

/** How far the WAL is flushed: a phase's writing commits are the COMMIT records after it (writingCommits). */
async function walFlushed(db) {
  return (await db.query(`SELECT pg_current_wal_flush_lsn()::text AS lsn`)).rows[0].lsn;
}

/**
 * The commits that wrote since `from` (walFlushed): the COMMIT records in the WAL (pg_walinspect).
 * xact_commit also counts each read-only statement, and transaction ids count each subtransaction
 * that writes (every item of a round_acts() call takes one), so neither says how many commits
 * flushed what they wrote.
 */
async function writingCommits(db, from) {
  const { rows } = await db.query(
    `SELECT COALESCE(sum(count), 0)::int AS n
       FROM pg_get_wal_stats($1::pg_lsn, pg_current_wal_flush_lsn(), true)
      WHERE "resource_manager/record_type" = 'Transaction/COMMIT'`,
    [from],
  );
  return rows[0].n;
}

async function commits(db) {
  return Number(
    (await db.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = 'cosmic'`)).rows[0].xact_commit,
  );
}

/** Every player's HC balance equals the sum of their ledger, none negative; no round left open. */
async function ledgerCheck(db, ids) {
  const bad = await db.query(
    `SELECT b.user_id FROM balances b
      WHERE b.currency = 'HC' AND b.user_id = ANY($1)
        AND (b.amount < 0 OR b.amount <> COALESCE((SELECT sum(delta) FROM ledger l WHERE l.user_id = b.user_id AND l.currency = 'HC'), 0))`,
    [ids],
  );
  const players = (
    await db.query(`SELECT count(*)::int AS n FROM balances WHERE currency = 'HC' AND user_id = ANY($1)`, [ids])
  ).rows[0].n;
  return { exact: bad.rows.length === 0 && players === ids.length, players, mismatches: bad.rows.length };
}

async function main() {
  need('pgbench', 'postgresql-client');
  const dataDir = mkdtempSync(join(tmpdir(), 'cosmic-mixed-'));
  const api = startApi({
    port,
    nodeArgs: opts['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', opts['cpu-prof']] : [],
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(pgPort),
      EMBEDDED_PG_SETTINGS:
        'shared_preload_libraries=pg_stat_statements pg_stat_statements.track=all' +
        (Number(opts.statements) ? ' pg_stat_statements.track_planning=on' : ''),
    },
  });
  const ctx = { dataDir, apiPid: api.pid };
  try {
    await waitFor(`${base}/api/health`, 90_000);
    http = new Pool(base, { connections: playerCount });
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    db.on('error', () => undefined); // the server stops at the end: not an error of the run
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
    await db.query('CREATE DATABASE pgbench').catch(() => undefined);
    const players = await Promise.all(Array.from({ length: playerCount }, (_, i) => signIn(base, i)));
    const ids = players.map((p) => p.id);
    await topUp(db, ids, 100_000n);
    pgbenchInit(pgPort, 'pgbench');
    const snapshot = () => cpuSnapshot(dataDir, api.pid);
    const pgbench = () =>
      runPgbench({ pgPort, seconds: duration, snapshot }, ['-c', opts['pgbench-clients'], 'pgbench']);

    await play(players, MIX, 3, 99); // warm-up: JIT, prepared statements, caches
    await quiesce(db);
    const before = pgbench();
    const solo = {};
    let seed = 1;
    for (const game of Object.keys(MIX))
      solo[game] = await phase(db, ctx, players, { [game]: 1 }, soloDuration, seed++);
    const mixed = await phase(db, ctx, players, MIX, duration, seed++);
    await quiesce(db);
    const after = pgbench();
    const ledger = await ledgerCheck(db, ids);
    await db.end();
    const tps = (before.tps + after.tps) / 2;
    const worstP99 = Math.max(...Object.values(mixed.byAction).map((a) => a.p99ms));
    const summary = {
      date: new Date().toISOString(),
      machine: machine(),
      players: playerCount,
      durationSeconds: duration,
      soloDurationSeconds: soloDuration,
      mix: MIX,
      pgbenchTps: { before: before.tps, after: after.tps, mean: tps },
      solo,
      mixed: { ...mixed, ratio: Math.round((mixed.settledPerSecond / tps) * 100) / 100, worstP99ms: worstP99 },
      targets: {
        ratio: TARGET.ratio,
        p99ms: TARGET.p99ms,
        ratioMet: mixed.settledPerSecond / tps >= TARGET.ratio,
        p99Met: worstP99 < TARGET.p99ms,
      },
      ledger,
      apiCpuMsTotal: procCpuMs(api.pid),
    };
    console.log(JSON.stringify(summary, null, 2));
    if (!ledger.exact) {
      console.error('LEDGER NOT EXACT');
      process.exitCode = 1;
    }
  } finally {
    await http?.close();
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
