import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { Pool } from 'pg';
import { SqlService } from './sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { AlgorandClient } from '../chain/algorand.client';
import { WithdrawalsRepository } from '../cashier/withdrawals.repository';
import { WithdrawalsService } from '../cashier/withdrawals.service';
import { createIntApp, intDatabaseUrl } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { forceSeeds, ledgerExact } from '../../test/seeds';
import { CLIENT, dealtHand, firstNonce, SEED } from '../../test/rounds';
import { chainClients, verifiedPlayer } from '../../test/chain';
import { startPgProxy, type PgProxy } from '../../test/pg-proxy';
import { SeedCache } from '../games/seed-cache';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` answers true (the database is polled directly, not through the API). */
async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Issue 39 item 1 on real PostgreSQL: the API's pools go through a TCP proxy that plays the leader
 * disappearing and coming back (and a leader whose answers are lost after it committed), and the
 * database's own tools kill the API's connections and make the server read-only. Every request in
 * flight answers 503 with Retry-After (never 500, never 200 for a bet that did not commit), the API
 * serves again without a restart, and a retry with the same Idempotency-Key settles once.
 */
describe('the API when its database fails over (real PostgreSQL behind a proxy)', () => {
  let proxy: PgProxy;
  let app: NestFastifyApplication;
  /** The test's own connections, straight to the database. */
  let direct: SqlService;
  let admin: Pool;
  const net = chainClients();

  beforeAll(async () => {
    proxy = await startPgProxy(intDatabaseUrl());
    // one call slot for instant bets, so the bets arriving while it is busy go together (a group commit)
    app = await createIntApp({ DATABASE_URL: proxy.url, BET_BATCH_CONCURRENCY: '1' });
    direct = new SqlService({ databaseUrl: intDatabaseUrl(), dbPoolMax: 4 });
    admin = new Pool({ connectionString: intDatabaseUrl(), max: 4, application_name: 'failover-spec' });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await proxy.restore();
  });
  afterAll(async () => {
    await app.close();
    await proxy.close();
    await direct.onModuleDestroy();
    await admin.end();
  });

  /**
   * Kills the API's connections to this test's database (never other suites' or databases'), and
   * waits until they are gone and their idle clients heard it (a request sent in that instant takes
   * a dying connection and answers 503, which is what a failover does to a request in flight).
   */
  const killApiBackends = async () => {
    const api = `application_name = 'cosmic-api' AND datname = current_database() AND pid <> pg_backend_pid()`;
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${api}`);
    await until(
      async () => (await admin.query(`SELECT 1 FROM pg_stat_activity WHERE ${api}`)).rowCount === 0,
      'the killed backends to end',
    );
    await sleep(100);
  };

  const dice = (p: TestPlayer, key?: string) =>
    p.post(
      '/api/games/dice',
      { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'high' },
      key ? { 'Idempotency-Key': key } : {},
    );
  const betsOf = async (p: TestPlayer) =>
    (await direct.query<{ id: string }>(`SELECT id FROM bets WHERE user_id = $1 ORDER BY id`, [p.id])).map((r) => r.id);

  /** The raw answer, with its Retry-After header. */
  async function post(
    p: TestPlayer,
    url: string,
    body: object,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; retryAfter?: string; body: any }> {
    const r = await app.inject({ method: 'POST', url, payload: body, headers: { cookie: p.cookie, ...headers } });
    return { status: r.statusCode, retryAfter: r.headers['retry-after'] as string | undefined, body: r.json() };
  }

  /** A proven wallet, opted in to AMINA, with `amina` base units on its casino balance. */
  async function aminaPlayer(amina: bigint): Promise<TestPlayer> {
    const account = algosdk.generateAccount();
    const dispenser = algosdk.mnemonicToSecretKey(net.chain.dispenserMnemonic);
    const params = await net.algod.getTransactionParams().do();
    await net.algod
      .sendRawTransaction(
        algosdk
          .makePaymentTxnWithSuggestedParamsFromObject({
            sender: dispenser.addr,
            receiver: account.addr,
            amount: 1_000_000n,
            suggestedParams: params,
          })
          .signTxn(dispenser.sk),
      )
      .do();
    await net.algod
      .sendRawTransaction(
        algosdk
          .makeAssetTransferTxnWithSuggestedParamsFromObject({
            sender: account.addr,
            receiver: account.addr,
            amount: 0n,
            assetIndex: BigInt(net.chain.assetId),
            suggestedParams: params,
          })
          .signTxn(account.sk),
      )
      .do();
    const p = await verifiedPlayer(app, {
      address: account.addr.toString(),
      mnemonic: algosdk.secretKeyToMnemonic(account.sk),
    });
    await app
      .get(SettlementService)
      .apply(direct.pool, { kind: 'adjustment', userId: p.id, currency: 'AMINA', delta: amina, note: 'test-credit' });
    return p;
  }

  const UNAVAILABLE = {
    status: 503,
    retryAfter: '3',
    body: {
      statusCode: 503,
      error: 'DATABASE_UNAVAILABLE',
      message: 'The database is switching over: try again in a moment',
    },
  };

  it('the leader disappears: dice, a hi-lo guess, a blackjack deal and a withdrawal answer 503 with Retry-After, health says the database is down; when it is back all of them succeed without a restart', async () => {
    const p = await signIn(app);
    const w = await aminaPlayer(10n * 100_000_000n);
    expect((await dice(p)).status).toBe(200);
    const start = await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '1' });
    expect(start.status).toBe(200);
    // a run that starts on a King (or an Ace) has one side only: guess the side its first card
    // allows, or the rules refuse the guess (400) before the database is asked
    const direction = start.body.next.higher.allowed ? 'higher' : 'lower';

    await proxy.cut();
    const answers = [
      await post(p, '/api/games/dice', {
        walletAddress: p.walletAddress,
        currency: 'HC',
        betAmount: '1',
        betType: 'high',
      }),
      await post(p, '/api/games/hilo/guess', { walletAddress: p.walletAddress, direction }),
      await post(p, '/api/games/blackjack/deal', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' }),
      await post(w, '/api/crypto/withdraw', { walletAddress: w.walletAddress, amount: '1' }),
    ];
    for (const a of answers) expect(a).toMatchObject(UNAVAILABLE);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'degraded', database: { ok: false } });

    await proxy.restore();
    expect((await dice(p)).status).toBe(200);
    expect((await p.post('/api/games/hilo/guess', { walletAddress: p.walletAddress, direction })).status).toBe(200);
    expect(
      (await p.post('/api/games/blackjack/deal', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' }))
        .status,
    ).toBe(200);
    const withdrawal = await w.post('/api/crypto/withdraw', { walletAddress: w.walletAddress, amount: '1' });
    expect(withdrawal.status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ database: { ok: true } });
    await ledgerExact(direct, p.id);
    await ledgerExact(direct, w.id);
  });

  it('a read-only server (a demoted leader) answers 503 to every write; read-write again, the API serves without a restart', async () => {
    const p = await signIn(app);
    const w = await aminaPlayer(10n * 100_000_000n);
    const start = await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '1' });
    expect(start.status).toBe(200);
    // a run that starts on a King (or an Ace) has one side only: guess the side its first card
    // allows, or the rules refuse the guess (400) before the database is asked
    const direction = start.body.next.higher.allowed ? 'higher' : 'lower';
    const db = (await admin.query<{ db: string }>('SELECT current_database() AS db')).rows[0].db;
    await admin.query(`ALTER DATABASE "${db}" SET default_transaction_read_only = on`);
    try {
      await killApiBackends();
      const answers = [
        await post(p, '/api/games/dice', {
          walletAddress: p.walletAddress,
          currency: 'HC',
          betAmount: '1',
          betType: 'high',
        }),
        await post(p, '/api/games/hilo/guess', { walletAddress: p.walletAddress, direction }),
        await post(p, '/api/games/blackjack/deal', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' }),
        await post(w, '/api/crypto/withdraw', { walletAddress: w.walletAddress, amount: '1' }),
      ];
      for (const a of answers) expect(a).toMatchObject(UNAVAILABLE);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        database: { ok: false },
      });
    } finally {
      await admin.query(`ALTER DATABASE "${db}" RESET default_transaction_read_only`);
    }
    // the demoted server restarts as a standby: its sessions end, the pools open new ones
    await killApiBackends();
    expect((await dice(p)).status).toBe(200);
    expect((await p.post('/api/games/hilo/guess', { walletAddress: p.walletAddress, direction })).status).toBe(200);
    expect((await w.post('/api/crypto/withdraw', { walletAddress: w.walletAddress, amount: '1' })).status).toBe(200);
    await ledgerExact(direct, p.id);
    await ledgerExact(direct, w.id);
  });

  it('a bet whose connection is killed while it runs answers 503, and its retry with the same key settles it once', async () => {
    const p = await signIn(app);
    expect((await dice(p)).status).toBe(200);
    const holder = await admin.connect();
    try {
      // the bet's statement waits on the player's balance row, and is killed there
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM balances WHERE user_id = $1 AND currency = 'HC' FOR UPDATE`, [p.id]);
      const bet = post(
        p,
        '/api/games/dice',
        { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'high' },
        { 'Idempotency-Key': 'killed-1' },
      );
      await until(
        async () =>
          (
            await admin.query(
              `SELECT 1 FROM pg_stat_activity WHERE application_name = 'cosmic-api' AND datname = current_database()
                 AND wait_event_type = 'Lock'`,
            )
          ).rowCount === 1,
        'the bet to wait on the lock',
      );
      await killApiBackends();
      expect(await bet).toMatchObject(UNAVAILABLE);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect(await betsOf(p)).toHaveLength(1);
    // nothing committed: the retry settles afresh, once
    const keyed = await dice(p, 'killed-1');
    expect(keyed.status).toBe(200);
    expect(await dice(p, 'killed-1')).toEqual(keyed);
    expect(await betsOf(p)).toHaveLength(2);
    await ledgerExact(direct, p.id);
  });

  it('a bet that committed but whose answer was lost answers 503; its retry with the same Idempotency-Key answers that bet, and there is one', async () => {
    const p = await signIn(app);
    expect((await dice(p)).status).toBe(200); // its session and seed pair are in the app's memory
    const before = await betsOf(p);
    proxy.swallow();
    const lost = app.inject({
      method: 'POST',
      url: '/api/games/dice',
      payload: { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'high' },
      headers: { cookie: p.cookie, 'Idempotency-Key': 'lost-answer' },
    });
    await until(async () => (await betsOf(p)).length === before.length + 1, 'the bet to commit');
    await proxy.cut();
    const first = await lost;
    expect({ status: first.statusCode, retryAfter: first.headers['retry-after'], body: first.json() }).toMatchObject(
      UNAVAILABLE,
    );
    await proxy.restore();

    const retry = await dice(p, 'lost-answer');
    const bets = await betsOf(p);
    expect(bets).toHaveLength(before.length + 1);
    expect(retry).toMatchObject({ status: 200, body: { betId: bets[bets.length - 1], betAmount: '1' } });
    // the answer is the committed bet's: its roll, its payout, the balance it left
    const [row] = await direct.query<{ payout: string; outcome: { dice: [number, number] } }>(
      `SELECT payout, outcome FROM bets WHERE id = $1`,
      [bets[bets.length - 1]],
    );
    expect([retry.body.dice1, retry.body.dice2]).toEqual(row.outcome.dice);
    expect(BigInt(Math.round(Number(retry.body.winAmount) * 1e8))).toBe(BigInt(row.payout));
    expect(BigInt(Math.round(Number(retry.body.balance) * 1e8))).toBe(BigInt((await ledgerExact(direct, p.id))['HC']));
    // and again: the stored answer now
    expect(await dice(p, 'lost-answer')).toEqual(retry);
    expect(await betsOf(p)).toHaveLength(before.length + 1);
  });

  it('a hi-lo guess and a blackjack hit whose COMMIT answers were lost answer 503; their retries with the same Idempotency-Key answer what committed, once', async () => {
    const p = await signIn(app);
    const roundOf = async (game: string) =>
      (
        await direct.query<{ id: string; state: unknown; xmin: string }>(
          `SELECT id, state, xmin::text FROM game_rounds WHERE user_id = $1 AND game = $2 ORDER BY id DESC LIMIT 1`,
          [p.id, game],
        )
      )[0];
    const cardsOf = (cards: Array<{ rank: string; suit: string }>) => cards.map((c) => `${c.rank}${c.suit}`);
    /** Sends the action with `key`; its round_act()'s answer is swallowed; answers its 503 once the round moved. */
    const lostAction = async (url: string, body: object, key: string, game: string) => {
      const before = await roundOf(game);
      // the action's read of the round is answered; the statement that writes it (the prepared
      // round_act, alone) commits unanswered, on its own connection only: a connection the pool
      // opens meanwhile, or another's statement, is answered as usual
      proxy.swallowAfter('round_act\0');
      const lost = app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { cookie: p.cookie, 'Idempotency-Key': key },
      });
      await until(async () => (await roundOf(game)).xmin !== before.xmin, 'the action to commit');
      await proxy.cut();
      const first = await lost;
      expect({ status: first.statusCode, retryAfter: first.headers['retry-after'], body: first.json() }).toMatchObject(
        UNAVAILABLE,
      );
      await proxy.restore();
      return before;
    };

    // hi-lo: a guess on the side the first card allows
    const start = await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '1' });
    expect(start.status).toBe(200);
    const guess = { walletAddress: p.walletAddress, direction: start.body.next.higher.allowed ? 'higher' : 'lower' };
    const hiloBefore = await lostAction('/api/games/hilo/guess', guess, 'lost-guess', 'hilo');
    const afterGuess = await roundOf('hilo');
    const retry = await post(p, '/api/games/hilo/guess', guess, { 'Idempotency-Key': 'lost-guess' });
    expect(retry.status).toBe(200);
    // the answer is the committed guess's: its cards, and the round's one state change
    expect(cardsOf(retry.body.cards)).toEqual(
      cardsOf((afterGuess.state as { cards: Array<{ rank: string; suit: string }> }).cards),
    );
    expect(retry.body.cards).toHaveLength((hiloBefore.state as { cards: unknown[] }).cards.length + 1);
    expect((await roundOf('hilo')).xmin).toBe(afterGuess.xmin);
    if (retry.body.gameOver) {
      const [bet] = await direct.query<{ id: string }>(`SELECT id FROM bets WHERE user_id = $1 AND game = 'hilo'`, [
        p.id,
      ]);
      expect(retry.body.betId).toBe(bet.id);
    }
    // and again: the stored answer now
    expect(await post(p, '/api/games/hilo/guess', guess, { 'Idempotency-Key': 'lost-guess' })).toMatchObject({
      status: 200,
      body: retry.body,
    });

    // blackjack: a hit on a hand that can take one (deal again while the hand ended at once)
    let deal = await p.post('/api/games/blackjack/deal', {
      walletAddress: p.walletAddress,
      currency: 'HC',
      betAmount: '1',
    });
    while (deal.body.gameOver)
      deal = await p.post('/api/games/blackjack/deal', {
        walletAddress: p.walletAddress,
        currency: 'HC',
        betAmount: '1',
      });
    expect(deal.body.legalActions).toContain('hit');
    const hit = { walletAddress: p.walletAddress };
    const handBefore = await lostAction('/api/games/blackjack/hit', hit, 'lost-hit', 'blackjack');
    const retryHit = await post(p, '/api/games/blackjack/hit', hit, { 'Idempotency-Key': 'lost-hit' });
    expect(retryHit.status).toBe(200);
    const hand = await roundOf('blackjack');
    expect(hand.id).toBe(handBefore.id);
    expect(retryHit.body.playerCards).toHaveLength(deal.body.playerCards.length + 1);
    expect(retryHit.body.newCard).toEqual(retryHit.body.playerCards.at(-1));
    expect(cardsOf(retryHit.body.playerCards)).toEqual(
      cardsOf((hand.state as { hands: Array<{ cards: Array<{ rank: string; suit: string }> }> }).hands[0].cards),
    );
    const bets = await direct.query<{ id: string }>(
      `SELECT id FROM bets WHERE user_id = $1 AND game = 'blackjack' ORDER BY id`,
      [p.id],
    );
    if (retryHit.body.gameOver) expect(retryHit.body.betId).toBe(bets.at(-1)!.id);
    await ledgerExact(direct, p.id);
  });

  it('a slots free spin whose COMMIT answer was lost answers 503; its retry with the same Idempotency-Key answers the spin that committed, once', async () => {
    const p = await signIn(app);
    const bought = await p.post('/api/games/slots/buy-bonus', {
      walletAddress: p.walletAddress,
      currency: 'HC',
      betAmount: '1',
    });
    expect(bought.status).toBe(200);
    const spin = { walletAddress: p.walletAddress, isFreeSpins: true };
    // one spin played as usual first, so the lost one draws at a nonce past the purchase's
    expect((await p.post('/api/games/slots', spin)).body.freeSpinsLeft).toBe(bought.body.freeSpinsLeft - 1);
    const spins = () =>
      direct.query<{ id: string; nonce: string; payout: string }>(
        `SELECT id, nonce::text, payout::text FROM bets WHERE user_id = $1 AND game = 'slots' ORDER BY id`,
        [p.id],
      );
    const before = await spins();
    // the spin's statement (the prepared round_act, alone) commits unanswered, on its own connection only
    proxy.swallowAfter('round_act\0');
    const lost = app.inject({
      method: 'POST',
      url: '/api/games/slots',
      payload: spin,
      headers: { cookie: p.cookie, 'Idempotency-Key': 'lost-spin' },
    });
    await until(async () => (await spins()).length === before.length + 1, 'the free spin to commit');
    await proxy.cut();
    const first = await lost;
    expect({ status: first.statusCode, retryAfter: first.headers['retry-after'], body: first.json() }).toMatchObject(
      UNAVAILABLE,
    );
    await proxy.restore();

    const retry = await post(p, '/api/games/slots', spin, { 'Idempotency-Key': 'lost-spin' });
    expect(retry.status).toBe(200);
    // the answer is the committed spin's: its bet, its nonce (not the pair's next), its win, the spins left
    const after = await spins();
    expect(after).toHaveLength(before.length + 1);
    const committed = after.at(-1)!;
    expect(retry.body).toMatchObject({
      betId: committed.id,
      nonce: Number(committed.nonce),
      isFreeSpin: true,
      freeSpinsLeft: bought.body.freeSpinsLeft - 2,
    });
    expect(BigInt(Math.round(Number(retry.body.winAmount) * 1e8))).toBe(BigInt(committed.payout));
    expect(BigInt(Math.round(Number(retry.body.balance) * 1e8))).toBe(BigInt((await ledgerExact(direct, p.id))['HC']));
    // and again: the stored answer now, and still one spin
    expect(await post(p, '/api/games/slots', spin, { 'Idempotency-Key': 'lost-spin' })).toMatchObject({
      status: 200,
      body: retry.body,
    });
    expect(await spins()).toHaveLength(before.length + 1);
  });

  const staysOpen = (nonce: number) => dealtHand(nonce).status !== 'settled';
  /** A nonce of the test pair whose blackjack hand stays open, so the deal is written by round_open(). */
  const OPEN_NONCE = firstNonce(staysOpen);
  /** One whose hand stays open, and the next one's hand settles at once (it goes the locked way). */
  const OPEN_BEFORE_SETTLED = firstNonce((nonce) => staysOpen(nonce) && !staysOpen(nonce + 1));

  it.each([
    {
      name: 'hi-lo start',
      url: '/api/games/hilo/start',
      fields: { currency: 'HC', bet: '1' },
      answersRound: true,
      at: OPEN_NONCE,
      afresh: false,
    },
    {
      name: 'blackjack deal',
      url: '/api/games/blackjack/deal',
      fields: { currency: 'HC', betAmount: '1' },
      answersRound: false,
      at: OPEN_NONCE,
      afresh: false,
    },
    {
      name: 'blackjack deal retried where the seed cache reads the pair afresh, and the next hand settles at once,',
      url: '/api/games/blackjack/deal',
      fields: { currency: 'HC', betAmount: '1' },
      answersRound: false,
      at: OPEN_BEFORE_SETTLED,
      afresh: true,
    },
  ])(
    'a $name whose COMMIT answer was lost answers 503; its retry with the same Idempotency-Key answers the round that opened, with one stake',
    async ({ url, fields, answersRound, at: OPEN_NONCE, afresh }) => {
      // two players on the same pair at the same nonce: the one's opening loses its answer, the other's is answered
      const [p, control] = [await signIn(app), await signIn(app)];
      for (const x of [p, control]) await forceSeeds(direct, x.id, SEED, CLIENT, OPEN_NONCE);
      const body = (x: TestPlayer) => ({ walletAddress: x.walletAddress, ...fields });
      const roundsOf = () =>
        direct.query<{ id: string; nonce: string }>(`SELECT id, nonce FROM game_rounds WHERE user_id = $1`, [p.id]);

      // the opening's statement (the prepared round_open, alone) commits unanswered, on its own connection only
      proxy.swallowAfter('round_open\0');
      const lost = app.inject({
        method: 'POST',
        url,
        payload: body(p),
        headers: { cookie: p.cookie, 'Idempotency-Key': 'lost-open' },
      });
      await until(async () => (await roundsOf()).length === 1, 'the opening to commit');
      await proxy.cut();
      const first = await lost;
      expect({ status: first.statusCode, retryAfter: first.headers['retry-after'], body: first.json() }).toMatchObject(
        UNAVAILABLE,
      );
      await proxy.restore();

      // another instance (a failover's) knows the pair only as it is now: one past the opening, where
      // the hand dealt settles at once, so the retry takes the locked way and meets its key there
      if (afresh) app.get(SeedCache).invalidate(p.id);
      const retry = await post(p, url, body(p), { 'Idempotency-Key': 'lost-open' });
      expect(retry.status).toBe(200);
      // the answer is the committed opening's: its round, its cards, the balance it left, as an opening answered at once says
      const [round, ...more] = await roundsOf();
      expect(more).toHaveLength(0);
      expect(round.nonce).toBe(String(OPEN_NONCE));
      expect(retry.body.roundId).toBe(answersRound ? round.id : undefined);
      const answered = await control.post(url, body(control));
      expect(answered.status).toBe(200);
      const { roundId: _retried, ...retried } = retry.body;
      const { roundId: _answered, ...sameOpening } = answered.body;
      expect(retried).toEqual(sameOpening);
      expect(BigInt(Math.round(Number(retry.body.balance) * 1e8))).toBe(
        BigInt((await ledgerExact(direct, p.id))['HC']),
      );
      // one stake, one nonce
      expect(await direct.query(`SELECT delta, ref FROM ledger WHERE user_id = $1 AND kind = 'bet'`, [p.id])).toEqual([
        { delta: '-100000000', ref: `round:${round.id}` },
      ]);
      const [pair] = await direct.query<{ nonce: string }>(
        `SELECT nonce FROM seed_pairs WHERE user_id = $1 AND active`,
        [p.id],
      );
      expect(pair.nonce).toBe(String(OPEN_NONCE + 1));
      // and again: the stored answer now
      expect(await post(p, url, body(p), { 'Idempotency-Key': 'lost-open' })).toMatchObject({
        status: 200,
        body: retry.body,
      });
      expect(await roundsOf()).toHaveLength(1);
    },
  );

  it('a group commit whose answer was lost fails every bet in it with 503; each retry answers its committed bet once', async () => {
    const players = await Promise.all([signIn(app), signIn(app), signIn(app)]);
    for (const p of players) expect((await dice(p)).status).toBe(200);
    const [first, ...grouped] = players;
    const holders = await Promise.all([admin.connect(), admin.connect()]);
    const lock = async (h: (typeof holders)[0], p: TestPlayer) => {
      await h.query('BEGIN');
      await h.query(`SELECT 1 FROM balances WHERE user_id = $1 AND currency = 'HC' FOR UPDATE`, [p.id]);
    };
    try {
      // the first bet holds the one call slot, so the next two wait and go together (place_bets())
      await lock(holders[0], first);
      await lock(holders[1], grouped[0]);
      const firstBet = dice(first, 'group-0');
      await until(
        async () =>
          (
            await admin.query(
              `SELECT 1 FROM pg_stat_activity WHERE application_name = 'cosmic-api' AND datname = current_database()
                 AND wait_event_type = 'Lock'`,
            )
          ).rowCount === 1,
        'the first bet to wait',
      );
      const groupBets = grouped.map((p, i) =>
        app.inject({
          method: 'POST',
          url: '/api/games/dice',
          payload: { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'high' },
          headers: { cookie: p.cookie, 'Idempotency-Key': `group-${i + 1}` },
        }),
      );
      await sleep(50);
      await holders[0].query('ROLLBACK');
      expect((await firstBet).status).toBe(200);
      await until(
        async () =>
          (
            await admin.query(
              `SELECT 1 FROM pg_stat_activity WHERE application_name = 'cosmic-api' AND datname = current_database()
                 AND wait_event_type = 'Lock' AND query LIKE '%place_bets%'`,
            )
          ).rowCount === 1,
        'the group to wait',
      );
      proxy.swallow();
      await holders[1].query('ROLLBACK');
      await until(
        async () => (await Promise.all(grouped.map(betsOf))).every((b) => b.length === 2),
        'the group to commit',
      );
      await proxy.cut();
      for (const r of await Promise.all(groupBets)) {
        expect({ status: r.statusCode, retryAfter: r.headers['retry-after'], body: r.json() }).toMatchObject(
          UNAVAILABLE,
        );
      }
    } finally {
      for (const h of holders) {
        await h.query('ROLLBACK').catch(() => undefined);
        h.release();
      }
    }
    await proxy.restore();
    for (const [i, p] of grouped.entries()) {
      const retry = await dice(p, `group-${i + 1}`);
      const bets = await betsOf(p);
      expect(bets).toHaveLength(2);
      expect(retry).toMatchObject({ status: 200, body: { betId: bets[1] } });
      await ledgerExact(direct, p.id);
    }
  });

  it('a withdrawal signed right before the database was lost answers 503, is never signed again, and recovery sends its stored bytes once', async () => {
    const w = await aminaPlayer(10n * 100_000_000n);
    const chain = app.get(AlgorandClient);
    const repo = app.get(WithdrawalsRepository);
    const sign = jest.spyOn(chain, 'signAsHouse');
    const submit = jest.spyOn(chain, 'submit');
    const storeSigned = repo.storeSigned.bind(repo);
    jest.spyOn(repo, 'storeSigned').mockImplementationOnce(async (...args) => {
      const stored = await storeSigned(...args);
      await proxy.cut(); // the signed bytes and txid are committed; the database goes at once
      return stored;
    });
    const answer = await post(w, '/api/crypto/withdraw', { walletAddress: w.walletAddress, amount: '1' });
    expect(answer).toMatchObject(UNAVAILABLE);
    expect(submit).not.toHaveBeenCalled();
    await proxy.restore();

    const [row] = await direct.query<{ id: string; tx_id: string; signed_txn: Buffer }>(
      `SELECT id, tx_id, signed_txn FROM withdrawals WHERE user_id = $1`,
      [w.id],
    );
    expect(row.signed_txn).not.toBeNull();
    expect(await app.get(WithdrawalsService).recover()).toMatchObject({ ran: true });
    expect(sign).toHaveBeenCalledTimes(1);
    const sends = submit.mock.calls.filter((c) => Buffer.from(c[0] as Uint8Array).equals(row.signed_txn));
    expect(sends).toHaveLength(1);
    expect(await app.get(WithdrawalsService).recover()).toMatchObject({ ran: true });
    expect(sign).toHaveBeenCalledTimes(1);
    await until(
      async () => (await net.indexer.searchForTransactions().txid(row.tx_id).do()).transactions.length === 1,
      'the transfer to land',
      30_000,
    );
    await ledgerExact(direct, w.id);
  });
});

describe('DATABASE_READ_URL: the reads that may lag go to a replica (real PostgreSQL behind proxies)', () => {
  let leader: PgProxy;
  let replica: PgProxy;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    leader = await startPgProxy(intDatabaseUrl());
    replica = await startPgProxy(intDatabaseUrl()); // the same server: what matters is which address is used
    app = await createIntApp({ DATABASE_URL: leader.url, DATABASE_READ_URL: replica.url });
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([leader.close(), replica.close()]);
  });

  it('bet history, bet details and reserves snapshots read from the replica (503 while it is gone); bets and balances never do', async () => {
    const p = await signIn(app);
    await replica.cut();
    const bet = await p.post('/api/games/dice', {
      walletAddress: p.walletAddress,
      currency: 'HC',
      betAmount: '1',
      betType: 'high',
    });
    expect(bet.status).toBe(200);
    expect((await p.get(`/api/users/${p.walletAddress}`)).status).toBe(200); // its balances: the leader's
    expect((await p.get('/api/bets')).status).toBe(503);
    expect((await p.get('/api/reserves/snapshots')).status).toBe(503);
    expect((await p.get(`/api/bet-details/${bet.body.betId}`)).status).toBe(503);
    await replica.restore();
    const history = await p.get('/api/bets');
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain(bet.body.betId);
    expect((await p.get(`/api/bet-details/${bet.body.betId}`)).status).toBe(200);
  });
});
