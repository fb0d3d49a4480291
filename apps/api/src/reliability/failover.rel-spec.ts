// Issue 39, "the API survives a failover": on the local Patroni cluster (tools/scripts/cluster.mjs),
// two built API instances behind HAProxy's write port, 64 players (63 guests playing dice, plinko,
// hi-lo, blackjack and slots over HTTP with an Idempotency-Key on every request, and one proven
// wallet with an AMINA withdrawal in flight). Each player records every answer it got.
//
//   1. an API instance is killed (SIGKILL) mid-load: its players go on through the other one, which
//      can act on and settle every round left open, and nothing is half-written;
//   2. the database leader is killed (SIGKILL) at 20 s of 60: nothing acknowledged is lost, no key
//      has two bets, no answer is a 500, and writes are back within 30 s.
//
// `npm run test:failover` runs this file alone; the second test ends with the one line
// `failover: acknowledged N, missing 0, duplicated 0, 5xx 0, withdrawals sent 1, failover S s`
// (the README's "Database high availability and backups" quotes it).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as algosdk from 'algosdk';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../app/database/data-source-options';
import { migrate } from '../app/database/repeatable-sql';
import { chainClients } from '../test/chain';
import { ApiProcess, startApi } from './api-process';

/** An answer's JSON body, read field by field as each game answers it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const ROOT = join(__dirname, '../../../..');
const CLI = join(ROOT, 'tools/scripts/cluster.mjs');
// a folder and ports of its own (the backup test uses 15100…, a developer's cluster 15000…)
const CLUSTER_ENV = { CLUSTER_DIR: join(ROOT, 'tmp/cluster-failover-test'), CLUSTER_PORT_BASE: '16100' };
const DB = 'cosmic_failover';
/** API ports: each test its own pair, so a port the other left in use cannot fail a start. */
const PORTS = { apiKill: [3601, 3602], leaderKill: [3611, 3612] };
const PLAYERS = 64;
const GAMES = ['dice', 'plinko', 'hilo', 'blackjack', 'slots'] as const;
type Game = (typeof GAMES)[number];
/** A player's pause between two requests: 64 players keep both instances busy on 2 shared cores. */
const THINK_MS = 60;
/** A retried 503 waits this long (the API says Retry-After: 3; a client may come back sooner). */
const RETRY_MS = 1000;
/** Longer than the API's own statement timeout (30 s, sql.service.ts): a request never hangs the test. */
const REQUEST_TIMEOUT_MS = 35_000;
/** A key still unanswered after this long is recorded as unresolved (the test then fails). */
const KEY_DEADLINE_MS = 45_000;
const HC = 100_000_000n;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

interface ClusterStatus {
  writeUrl: string;
  leader: string | null;
  syncStandby: string | null;
  nodes: Array<{ name: string; patroniPidFile: string; postmasterPidFile: string }>;
}

const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

/** One HTTP answer as a player saw it: status 0 when no answer came (connection refused or reset, timeout). */
interface Answer {
  status: number;
  retryAfter: string | null;
  body: Json;
  sentAt: number;
  at: number;
}

/** Every request a player sent under one Idempotency-Key, with every answer it got. */
interface Keyed {
  player: number;
  game: Game | 'withdrawal';
  route: string;
  key: string;
  answers: Answer[];
  /** The last answer: the one that counts (a 2xx, or a refusal that is final). */
  final?: Answer;
}

/** A player signed in over HTTP who records every answer it gets. */
class Player {
  readonly log: Keyed[] = [];
  private n = 0;
  /** The instance its next request goes to (it alternates, and leaves one that stops answering). */
  private turn: number;

  constructor(
    readonly index: number,
    readonly id: string,
    readonly walletAddress: string,
    readonly cookie: string,
    private readonly apis: () => ApiProcess[],
  ) {
    this.turn = index;
  }

  private base(): string {
    const live = this.apis();
    return live[this.turn++ % live.length].url;
  }

  /** GET on one of the live instances (resuming a round); retried like a POST. */
  async get(path: string, deadline = Date.now() + KEY_DEADLINE_MS): Promise<Json> {
    for (;;) {
      const a = await this.send('GET', path);
      if (a.status === 200) return a.body;
      if (Date.now() > deadline) throw new Error(`GET ${path}: ${a.status} ${JSON.stringify(a.body)}`);
      await sleep(RETRY_MS);
    }
  }

  /**
   * POSTs `body` under a new Idempotency-Key, retrying with the same key while the answer is a 503
   * or no answer: what a client told "try again" does. Answers the final answer.
   */
  async post(game: Keyed['game'], route: string, body: object): Promise<Answer> {
    const k: Keyed = {
      player: this.index,
      game,
      route,
      key: `fo-${this.index}-${++this.n}-${Date.now()}`,
      answers: [],
    };
    this.log.push(k);
    const deadline = Date.now() + KEY_DEADLINE_MS;
    for (;;) {
      const a = await this.send('POST', route, body, k.key);
      k.answers.push(a);
      if ((a.status !== 503 && a.status !== 0) || Date.now() > deadline) return (k.final = a);
      await sleep(RETRY_MS);
    }
  }

  private async send(method: string, route: string, body?: object, key?: string): Promise<Answer> {
    const sentAt = Date.now();
    try {
      const r = await fetch(`${this.base()}${route}`, {
        method,
        headers: {
          cookie: this.cookie,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'Idempotency-Key': key } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await r.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON: kept as text */
      }
      return { status: r.status, retryAfter: r.headers.get('retry-after'), body: parsed, sentAt, at: Date.now() };
    } catch (e) {
      return { status: 0, retryAfter: null, body: String(e), sentAt, at: Date.now() };
    }
  }

  /** Plays `game` until `until` (then finishes the round it is in). */
  async play(game: Game, until: () => boolean): Promise<void> {
    const w = this.walletAddress;
    const bet = { walletAddress: w, currency: 'HC', betAmount: '1' };
    let freeSpins = 0;
    while (!until()) {
      await sleep(THINK_MS);
      if (game === 'dice') await this.post(game, '/api/games/dice', { ...bet, betType: 'high' });
      else if (game === 'plinko') await this.post(game, '/api/games/plinko/deduct', { ...bet, risk: 'low' });
      else if (game === 'slots') {
        const a = await this.post(
          game,
          '/api/games/slots',
          freeSpins > 0 ? { walletAddress: w, isFreeSpins: true } : bet,
        );
        if (a.status === 200) freeSpins = a.body.freeSpinsLeft;
        else if (a.status === 409) freeSpins = (await this.get('/api/games/slots/state')).freeSpinsLeft ?? 0;
      } else if (game === 'hilo') await this.hilo(until);
      else await this.blackjack();
    }
  }

  /** A hi-lo run: start (or resume the open one), two guesses on the likelier side, cash out. */
  private async hilo(until: () => boolean): Promise<void> {
    const w = this.walletAddress;
    let s = (await this.post('hilo', '/api/games/hilo/start', { walletAddress: w, currency: 'HC', bet: '1' })).body;
    // a run already open (an earlier run left open when one of its guesses was refused): resume it
    if (!s?.next) s = await this.get('/api/games/hilo/current');
    for (let guesses = 0; s?.next && !s.gameOver && guesses < 2 && !until(); guesses++) {
      await sleep(THINK_MS);
      const { higher, lower } = s.next;
      const direction =
        higher.allowed && (!lower.allowed || higher.probability >= lower.probability) ? 'higher' : 'lower';
      const a = await this.post('hilo', '/api/games/hilo/guess', { walletAddress: w, direction });
      if (a.status !== 200) return;
      s = a.body;
    }
    if (s && !s.gameOver && s.streak > 0) await this.post('hilo', '/api/games/hilo/cashout', { walletAddress: w });
  }

  /** A blackjack hand: deal (or resume), hit below 15, stand. */
  private async blackjack(): Promise<void> {
    const w = this.walletAddress;
    let s = (
      await this.post('blackjack', '/api/games/blackjack/deal', { walletAddress: w, currency: 'HC', betAmount: '1' })
    ).body;
    if (!s?.legalActions) s = await this.get('/api/games/blackjack/current');
    for (let steps = 0; s?.legalActions && !s.gameOver && steps < 8; steps++) {
      await sleep(THINK_MS);
      const action = s.playerTotal < 15 && s.legalActions.includes('hit') ? 'hit' : 'stand';
      const a = await this.post('blackjack', `/api/games/blackjack/${action}`, { walletAddress: w });
      if (a.status !== 200) return;
      s = a.body;
    }
  }
}

/** Signs a guest in over HTTP. */
async function guest(url: string, index: number, apis: () => ApiProcess[]): Promise<Player> {
  const walletAddress = `GUEST_fo${index}x${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  const res = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { id: string };
  return new Player(index, user.id, walletAddress, (res.headers.get('set-cookie') ?? '').split(';')[0], apis);
}

describe('failover under load: two API instances on the Patroni cluster, 64 players', () => {
  let status: ClusterStatus;
  let dbUrl: string;
  let db: Client;
  const started: ApiProcess[] = [];
  const net = chainClients();

  beforeAll(async () => {
    status = cluster<ClusterStatus>('up');
    dbUrl = withDb(status.writeUrl, DB);
    const admin = new Client({ connectionString: status.writeUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB}`);
    await admin.query(`CREATE DATABASE ${DB}`);
    await admin.end();
    const ds = new DataSource(dataSourceOptions(dbUrl));
    await ds.initialize();
    await migrate(ds);
    await ds.destroy();
  }, 240_000);

  afterAll(async () => {
    await Promise.all(started.map((a) => a.kill('SIGKILL')));
    await db?.end().catch(() => undefined);
    cluster('down'); // stops whatever part of the cluster is running, and removes its folder
  }, 120_000);

  /** The test's own connection to the database, through HAProxy (reconnected after a failover). */
  async function connectDb(): Promise<Client> {
    await db?.end().catch(() => undefined);
    for (let i = 0; ; i++) {
      const c = new Client({ connectionString: dbUrl, connectionTimeoutMillis: 5000 });
      try {
        await c.connect();
        await c.query(`CREATE TEMP TABLE write_probe (x int)`); // the leader, not a replica
        c.on('error', () => undefined);
        return (db = c);
      } catch (e) {
        await c.end().catch(() => undefined);
        if (i > 60) throw e;
        await sleep(500);
      }
    }
  }

  async function twoApis(ports: number[]): Promise<ApiProcess[]> {
    // both run the scheduled jobs: whichever holds a job's lock recovers the withdrawal
    const apis = await Promise.all(
      ports.map((p) =>
        startApi(
          p,
          { DATABASE_URL: dbUrl, JOBS_ENABLED: 'true' },
          { logFile: join(ROOT, `tmp/failover-api-${p}.log`) },
        ),
      ),
    );
    started.push(...apis);
    return apis;
  }

  /**
   * A proven wallet (funded, opted in to AMINA, its ownership proven over HTTP) with 5 AMINA on its
   * casino balance, credited as an operator's adjustment through ledger_move() (the ledger stays exact).
   */
  async function aminaPlayer(url: string, index: number, apis: () => ApiProcess[]): Promise<Player> {
    const account = algosdk.generateAccount();
    const dispenser = algosdk.mnemonicToSecretKey(net.chain.dispenserMnemonic);
    const params = await net.algod.getTransactionParams().do();
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: dispenser.addr,
      receiver: account.addr,
      amount: 1_000_000n,
      suggestedParams: params,
    });
    await net.algod.sendRawTransaction(pay.signTxn(dispenser.sk)).do();
    const optIn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: account.addr,
      receiver: account.addr,
      amount: 0n,
      assetIndex: BigInt(net.chain.assetId),
      suggestedParams: params,
    });
    await net.algod.sendRawTransaction(optIn.signTxn(account.sk)).do();
    const address = account.addr.toString();
    const res = await fetch(`${url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress: address }),
    });
    const user = (await res.json()) as { id: string };
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    const post = async (path: string, body: object) => {
      const r = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json()) as Json };
    };
    const ch = await post('/api/crypto/ownership/challenge', { walletAddress: address });
    const txn = algosdk.decodeUnsignedTransaction(Buffer.from(ch.body.txnB64, 'base64'));
    const signedTxnB64 = Buffer.from(txn.signTxn(account.sk)).toString('base64');
    const v = await post('/api/crypto/ownership/verify', {
      walletAddress: address,
      challengeId: ch.body.challengeId,
      signedTxnB64,
    });
    if (v.status !== 200) throw new Error(`ownership: ${JSON.stringify(v.body)}`);
    await db.query(`SELECT ledger_move($1, 'AMINA', $2, 'adjustment', 'adjustment:failover-test-credit')`, [
      user.id,
      (5n * HC).toString(),
    ]);
    return new Player(index, user.id, address, cookie, apis);
  }

  /**
   * The load: 63 guests each playing one game (dice, plinko, hi-lo, blackjack, slots in turn) and
   * the wallet playing dice, for `seconds`; at `killAt` s `kill()` runs and the wallet's withdrawal
   * of 1 AMINA is sent at the same moment (in flight while it happens). Answers the players.
   */
  async function load(
    apis: ApiProcess[],
    live: () => ApiProcess[],
    seconds: number,
    killAt: number,
    kill: () => Promise<void>,
  ) {
    const players = await Promise.all(
      Array.from({ length: PLAYERS - 1 }, (_, i) => guest(apis[i % apis.length].url, i, live)),
    );
    const wallet = await aminaPlayer(apis[0].url, PLAYERS - 1, live);
    const t0 = Date.now();
    const over = () => Date.now() - t0 > seconds * 1000;
    const playing = [...players.map((p) => p.play(GAMES[p.index % GAMES.length], over)), wallet.play('dice', over)];
    await sleep(killAt * 1000);
    const killedAt = Date.now();
    const [withdrawal] = await Promise.all([
      wallet.post('withdrawal', '/api/crypto/withdraw', { walletAddress: wallet.walletAddress, amount: '1' }),
      kill(),
    ]);
    await Promise.all(playing);
    return { players: [...players, wallet], wallet, withdrawal, killedAt, t0 };
  }

  /**
   * The audit both tests share: every 2xx that names a bet is that bet (player, game, stake, payout,
   * nonce; dice its roll), every bet is some key's answer and no two keys answered one bet, every
   * key of a request answered the same bet each time, every balance is its ledger, no answer was a
   * 5xx other than the 503 (with Retry-After) a failover gives, no key was left unresolved. Answers
   * the counts for the summary line.
   */
  async function audit(players: Player[]) {
    const keys = players.flatMap((p) => p.log);
    const answers = keys.flatMap((k) => k.answers);
    const serverErrors = answers.filter((a) => a.status >= 500 && a.status !== 503);
    expect(serverErrors.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && a.retryAfter === null)).toEqual([]);
    const unresolved = keys.filter((k) => !k.final || k.final.status === 0 || k.final.status === 503);
    expect(unresolved.map((k) => `${k.route} ${k.key}: ${JSON.stringify(k.answers.at(-1))}`)).toEqual([]);
    // the refusals left are a round already open (resumed) and nothing else
    const refused = keys.filter((k) => k.final && k.final.status >= 400);
    for (const k of refused) expect(`${k.route} ${k.final!.status} ${JSON.stringify(k.final!.body)}`).toMatch(/ 409 /);
    // a round's opening or action whose COMMIT answer was lost is answered from its key
    // (round-open.ts, round-runner.ts), never "in progress or was interrupted"; only a withdrawal
    // may meet that (the recovery job sends it)
    const interrupted = refused.filter(
      (k) => /interrupted/.test(JSON.stringify(k.final!.body)) && !/withdraw$/.test(k.route),
    );
    expect(interrupted.map((k) => k.route)).toEqual([]);

    /** The bet each key was answered with (a 2xx naming a bet), every answer of the key agreeing. */
    const acknowledged = new Map<string, { key: Keyed; body: Json }>();
    for (const k of keys) {
      const named = [...new Set(k.answers.filter((a) => a.status < 300 && a.body?.betId).map((a) => a.body.betId))];
      expect(named.length).toBeLessThanOrEqual(1);
      if (!named.length) continue;
      expect(acknowledged.has(named[0])).toBe(false); // two keys, one bet
      acknowledged.set(named[0], { key: k, body: k.final!.body });
    }
    const ids = players.map((p) => p.id);
    const rows = (
      await db.query<{
        id: string;
        user_id: string;
        game: string;
        amount: string;
        payout: string;
        nonce: string;
        outcome: Json;
      }>(
        `SELECT id::text, user_id::text, game, amount::text, payout::text, nonce::text, outcome FROM bets WHERE user_id = ANY($1)`,
        [ids],
      )
    ).rows;
    const inDb = new Map(rows.map((r) => [r.id, r]));
    const missing: string[] = [];
    for (const [betId, { key, body }] of acknowledged) {
      const row = inDb.get(betId);
      if (!row) {
        missing.push(betId);
        continue;
      }
      const player = players[key.player];
      expect({
        user: row.user_id,
        game: row.game,
        stake: BigInt(row.amount),
        payout: BigInt(Math.round(Number(body.winAmount) * 1e8)),
        nonce: Number(row.nonce),
      }).toEqual({
        user: player.id,
        game: key.game,
        // every stake is 1 HC (no double, no split); a free spin stakes nothing
        stake: body.isFreeSpin ? 0n : HC,
        payout: BigInt(Math.round(Number(body.winAmount) * 1e8)),
        nonce: body.nonce,
      });
      if (key.game === 'dice') expect(row.outcome.dice).toEqual([body.dice1, body.dice2]);
      if (key.game === 'plinko') expect([row.outcome.path, row.outcome.slot]).toEqual([body.path, body.slotIndex]);
    }
    // a bet no 2xx named: a second settlement under some key (or one whose answer never came back)
    const duplicated = rows.filter((r) => !acknowledged.has(r.id)).map((r) => r.id);
    expect({ missing, duplicated }).toEqual({ missing: [], duplicated: [] });
    // nonces of a pair are used once each (no bet settled twice at one nonce)
    const nonces = await db.query(
      `SELECT seed_pair_id, nonce FROM bets WHERE user_id = ANY($1) GROUP BY 1, 2 HAVING count(*) > 1`,
      [ids],
    );
    expect(nonces.rows).toEqual([]);
    // every balance is the sum of its ledger, none negative (api-process.ts auditLedger's first
    // check; its second knows instant bets only)
    const drift = await db.query(
      `SELECT b.user_id FROM balances b
        WHERE b.user_id = ANY($1) AND (b.amount < 0 OR b.amount <> COALESCE((SELECT sum(delta) FROM ledger l
                WHERE l.user_id = b.user_id AND l.currency = b.currency), 0))`,
      [ids],
    );
    expect(drift.rows).toEqual([]);
    // no half-settled bet: its stake debited (an instant bet under its own ref, a round's stakes
    // under the round's; a free spin stakes nothing), its win credited exactly when it won
    const half = await db.query(
      `SELECT b.id, b.game FROM bets b
        WHERE b.user_id = ANY($1) AND (
          (b.payout > 0) <> EXISTS (SELECT 1 FROM ledger l WHERE l.ref = 'bet:' || b.id AND l.kind = 'win' AND l.delta = b.payout)
          OR NOT (b.amount = 0
                  OR EXISTS (SELECT 1 FROM ledger l WHERE l.ref = 'bet:' || b.id AND l.kind = 'bet' AND l.delta = -b.amount)
                  OR EXISTS (SELECT 1 FROM game_rounds r WHERE r.bet_id = b.id AND r.status = 'settled'
                               AND (SELECT sum(l.delta) FROM ledger l WHERE l.ref = 'round:' || r.id AND l.kind = 'bet') = -b.amount)))`,
      [ids],
    );
    expect(half.rows).toEqual([]);
    return {
      acknowledged: acknowledged.size,
      missing: missing.length,
      duplicated: duplicated.length,
      serverErrors: serverErrors.length,
    };
  }

  /** The wallet's withdrawal: one row, confirmed, and its 1 AMINA on chain exactly once. Answers how many times it was sent. */
  async function withdrawalLanded(wallet: Player): Promise<number> {
    const until = Date.now() + 60_000;
    let rows: Array<{ status: string; tx_id: string | null }> = [];
    for (;;) {
      rows = (await db.query(`SELECT status, tx_id FROM withdrawals WHERE user_id = $1`, [wallet.id])).rows;
      // the recovery job (every 10 s, on whichever instance holds its lock) settles an interrupted one
      if (
        rows.length === 1 &&
        ['sent', 'confirmed'].includes(rows[0].status) &&
        (await net.aminaOf(wallet.walletAddress)) > 0n
      )
        break;
      if (Date.now() > until) break;
      await sleep(1000);
    }
    expect(rows).toHaveLength(1);
    expect(rows[0].tx_id).toBeTruthy();
    const onChain = await net.aminaOf(wallet.walletAddress);
    expect(onChain % HC).toBe(0n);
    return Number(onChain / HC);
  }

  it('an API instance killed mid-load: the other serves on, settles every round left open, nothing half-written', async () => {
    await connectDb();
    const apis = await twoApis(PORTS.apiKill);
    const [victim, survivor] = apis;
    let live = apis;
    const run = await load(
      apis,
      () => live,
      30,
      10,
      async () => {
        await victim.kill('SIGKILL');
        live = [survivor];
      },
    );
    const { players, wallet } = run;
    await connectDb();

    // the survivor kept serving: every player has 2xx answers sent after the kill
    const after = players.filter((p) =>
      p.log.some((k) => k.answers.some((a) => a.sentAt > run.killedAt + 1000 && a.status === 200)),
    );
    expect(after).toHaveLength(players.length);

    // no stuck round: the survivor acts on and settles every round left open
    const open = async () =>
      (
        await db.query<{ user_id: string; game: string }>(
          `SELECT user_id::text, game FROM game_rounds WHERE user_id = ANY($1) AND status = 'open'`,
          [players.map((p) => p.id)],
        )
      ).rows;
    for (const r of await open()) {
      const p = players.find((x) => x.id === r.user_id)!;
      if (r.game === 'hilo') {
        const s = await p.get('/api/games/hilo/current');
        if (s.streak > 0)
          expect((await p.post('hilo', '/api/games/hilo/cashout', { walletAddress: p.walletAddress })).status).toBe(
            200,
          );
        else {
          const { higher, lower } = s.next;
          // a guess that loses ends it too; one that wins leaves it open with a streak: cash out
          const g = await p.post('hilo', '/api/games/hilo/guess', {
            walletAddress: p.walletAddress,
            direction: higher.allowed && higher.probability >= lower.probability ? 'higher' : 'lower',
          });
          expect(g.status).toBe(200);
          if (!g.body.gameOver)
            expect((await p.post('hilo', '/api/games/hilo/cashout', { walletAddress: p.walletAddress })).status).toBe(
              200,
            );
        }
      } else if (r.game === 'blackjack') {
        expect(
          (await p.post('blackjack', '/api/games/blackjack/stand', { walletAddress: p.walletAddress })).status,
        ).toBe(200);
      } else if (r.game === 'slots') {
        for (let left = 1; left > 0; ) {
          const a = await p.post('slots', '/api/games/slots', { walletAddress: p.walletAddress, isFreeSpins: true });
          expect(a.status).toBe(200);
          left = a.body.freeSpinsLeft;
        }
      }
    }
    expect(await open()).toEqual([]);
    // no half-written round: every settled round has its bet
    const unsettled = await db.query(
      `SELECT id FROM game_rounds WHERE user_id = ANY($1) AND status = 'settled' AND game <> 'slots' AND bet_id IS NULL`,
      [players.map((p) => p.id)],
    );
    expect(unsettled.rows).toEqual([]);
    const counts = await audit(players);
    expect(counts.acknowledged).toBeGreaterThan(200);
    expect(await withdrawalLanded(wallet)).toBe(1);
    await survivor.kill();
    live = [];
  }, 240_000);

  it('the database leader killed at 20 s of 60: nothing acknowledged is lost, nothing settles twice, writes are back within 30 s', async () => {
    // the cluster is whole again (both nodes, a synchronous standby) before the leader goes
    status = cluster<ClusterStatus>('up');
    expect(status.leader).toBeTruthy();
    expect(status.syncStandby).toBeTruthy();
    await connectDb();
    const apis = await twoApis(PORTS.leaderKill);
    const leader = status.nodes.find((n) => n.name === status.leader)!;
    const pidIn = (file: string) => Number(readFileSync(file, 'utf8').split('\n')[0]);
    let killedWith = '';

    const run = await load(
      apis,
      () => apis,
      60,
      20,
      async () => {
        // The leader's machine dies: SIGKILL to its Patroni and its postmaster together. Killing the
        // postmaster alone is a crash Patroni repairs in place (it restarts PostgreSQL on the same
        // node, ~9 s, no failover); with Patroni gone too, nothing renews the leader key in etcd, so
        // after its TTL (10 s, cluster.mjs) the synchronous standby, which has every acknowledged
        // commit, is promoted and HAProxy's /primary check sends the writes there.
        const patroni = pidIn(leader.patroniPidFile);
        const postmaster = pidIn(leader.postmasterPidFile);
        process.kill(patroni, 'SIGKILL');
        process.kill(postmaster, 'SIGKILL');
        killedWith = `patroni ${patroni}, postmaster ${postmaster}`;
      },
    );
    expect(killedWith).not.toBe('');
    await connectDb();
    const after = cluster<ClusterStatus>('status');
    expect(after.leader).not.toBe(status.leader); // a failover, not a restart in place

    // the outage as the players saw it: the first failed bet (a 503 or no answer) after the kill,
    // then the first bet that succeeded among those sent after that failure
    const bets = run.players
      .flatMap((p) => p.log)
      .filter((k) => k.game !== 'withdrawal')
      .flatMap((k) => k.answers);
    const firstFailed = Math.min(
      ...bets.filter((a) => a.at >= run.killedAt && (a.status === 503 || a.status === 0)).map((a) => a.at),
    );
    expect(Number.isFinite(firstFailed)).toBe(true);
    const firstBack = Math.min(...bets.filter((a) => a.sentAt >= firstFailed && a.status === 200).map((a) => a.at));
    expect(Number.isFinite(firstBack)).toBe(true);
    const failoverSeconds = (firstBack - firstFailed) / 1000;
    expect(failoverSeconds).toBeLessThanOrEqual(30);

    const counts = await audit(run.players);
    expect(counts.acknowledged).toBeGreaterThan(500);
    const sent = await withdrawalLanded(run.wallet);
    expect(sent).toBeLessThanOrEqual(1);
    expect(sent).toBe(1);
    console.log(
      `failover: acknowledged ${counts.acknowledged}, missing ${counts.missing}, duplicated ${counts.duplicated}, ` +
        `5xx ${counts.serverErrors}, withdrawals sent ${sent}, failover ${failoverSeconds.toFixed(1)} s`,
    );
    await Promise.all(apis.map((a) => a.kill()));
  }, 240_000);
});
