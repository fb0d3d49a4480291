import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { fairStream, payout, playSlots, settledPayout, SLOTS_MODEL } from '@cosmic/game-engine';
import algosdk from 'algosdk';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { BetBatcher } from './bet-batcher';
import { InstantBetService } from './instant-bet.service';
import { RoundsRepository } from './rounds.repository';
import { SeedCache } from './seed-cache';
import { SessionService } from '../auth/session.service';
import { IdempotencyRepository } from '../common/idempotency.repository';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { forceSeeds, ledgerExact } from '../../test/seeds';

const U = 100_000_000n;
const SEED = '5107'.repeat(16);
const CLIENT = 'cosmic-chaos';

/** The first nonce whose base spin satisfies `pred` (searched with the engine itself). */
function findNonce(pred: (n: number) => boolean, from = 0): number {
  for (let n = from; n < 500_000; n++) if (pred(n)) return n;
  throw new Error('none');
}
const base = (n: number) => playSlots(fairStream(SEED, CLIENT, n), { mode: 'base' });

describe('Cosmic Chaos Slots through the API (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  async function player(nonce: number): Promise<TestPlayer> {
    const p = await signIn(app);
    await forceSeeds(sql, p.id, SEED, CLIENT, nonce);
    return p;
  }
  const spin = (p: TestPlayer, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    p.post(
      '/api/games/slots',
      { walletAddress: p.walletAddress, currency: 'HC', betAmount: '10', isFreeSpins: false, ...body },
      headers,
    );

  it('settles a cascading win exactly as the engine computes it, in one transaction', async () => {
    const nonce = findNonce((n) => base(n).cascades.length >= 2 && base(n).freeSpinsAwarded === 0);
    const expected = base(nonce);
    const p = await player(nonce);
    const res = await spin(p);
    expect(res.status).toBe(200);
    // House Coins are paid in whole coins: the engine's exact payout rounded down to a coin
    const win = settledPayout('HC', 10n * U, expected.multiplier);
    expect(win % U).toBe(0n);
    expect(win).toBe(payout(10n * U, expected.multiplier) - (payout(10n * U, expected.multiplier) % U));
    expect(res.body).toMatchObject({
      isWin: true,
      bonusTriggered: false,
      freeSpinsLeft: 0,
      nonce,
      winAmount: String(win / U),
    });
    expect(res.body.grid).toHaveLength(25);
    expect(res.body.cascades).toHaveLength(expected.cascades.length);
    expect(res.body.clusters[0].positions[0]).toEqual({ row: expect.any(Number), col: expect.any(Number) });
    expect(await ledgerExact(sql, p.id)).toMatchObject({ HC: String(990n * U + win) });
  });

  it('a triggered bonus is held on the server: free spins debit nothing, pay ×3, and end at zero', async () => {
    const nonce = findNonce((n) => base(n).freeSpinsAwarded > 0);
    const awarded = base(nonce).freeSpinsAwarded;
    const p = await player(nonce);
    const first = await spin(p);
    expect(first.body).toMatchObject({ bonusTriggered: true, bonusSpinsAwarded: awarded, freeSpinsLeft: awarded });

    expect(await spin(p)).toMatchObject({
      status: 409,
      body: { message: `You have ${awarded} free spins to play first (isFreeSpins: true)` },
    });
    let balance = BigInt((await ledgerExact(sql, p.id))['HC']);
    for (let i = 1; i <= awarded; i++) {
      const expected = playSlots(fairStream(SEED, CLIENT, nonce + i), { mode: 'free' });
      const r = await spin(p, { isFreeSpins: true, betAmount: '1000' }); // the bonus keeps its own bet
      expect(r.body).toMatchObject({
        isFreeSpin: true,
        freeSpinsLeft: awarded - i,
        freeSpinMultiplier: 3,
        nonce: nonce + i,
        betAmount: '10',
      });
      balance += settledPayout('HC', 10n * U, expected.multiplier);
      expect((await ledgerExact(sql, p.id))['HC']).toBe(String(balance));
    }
    expect(await spin(p, { isFreeSpins: true })).toMatchObject({
      status: 409,
      body: { message: 'No free spins left: this spin would not be free' },
    });
    expect((await spin(p)).status).toBe(200);
  });

  it('buy bonus costs 100× the bet for 10 free spins, and needs the balance for it', async () => {
    const p = await signIn(app);
    const short = await p.post('/api/games/slots/buy-bonus', {
      walletAddress: p.walletAddress,
      currency: 'HC',
      betAmount: '11',
    });
    expect(short).toMatchObject({ status: 400, body: { message: 'Insufficient balance for bonus!' } });
    const bought = await p.post('/api/games/slots/buy-bonus', {
      walletAddress: p.walletAddress,
      currency: 'HC',
      betAmount: '5',
    });
    expect(bought.body).toMatchObject({
      bonusBought: true,
      cost: '500',
      freeSpinsLeft: SLOTS_MODEL.buyBonus.spins,
      balance: '500',
    });
    expect(
      (await p.post('/api/games/slots/buy-bonus', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' }))
        .status,
    ).toBe(409);
    // issue 40 item 1: each answer and the held round name the bonus total so far, as a decimal
    let won = 0n;
    for (let i = 0; i < SLOTS_MODEL.buyBonus.spins; i++) {
      const free = await spin(p, { isFreeSpins: true });
      expect(free.status).toBe(200);
      won += BigInt(free.body.winAmount);
      expect(free.body.bonusTotalWin).toBe(String(won));
      if (i < SLOTS_MODEL.buyBonus.spins - 1)
        expect((await p.get('/api/games/slots/state')).body).toMatchObject({ totalWin: String(won) });
    }
    expect((await p.get('/api/games/slots/state')).body).toEqual({ freeSpinsLeft: 0 });
    await ledgerExact(sql, p.id);
  });

  const buy = (p: TestPlayer, betAmount = '1') =>
    p.post('/api/games/slots/buy-bonus', { walletAddress: p.walletAddress, currency: 'HC', betAmount });
  /** The player's slots rounds, bets and nonce: what a buy or a spin left behind. */
  async function slotsRows(p: TestPlayer) {
    const rounds = await sql.query<{
      status: string;
      state: { freeSpinsLeft: number; source: string };
      staked: string;
    }>(`SELECT status, state, staked FROM game_rounds WHERE user_id = $1 AND game = 'slots' ORDER BY id`, [p.id]);
    const bets = await sql.query<{ amount: string; outcome: { mode: string } }>(
      `SELECT amount, outcome FROM bets WHERE user_id = $1 ORDER BY id`,
      [p.id],
    );
    const [pair] = await sql.query<{ nonce: string }>(`SELECT nonce FROM seed_pairs WHERE user_id = $1 AND active`, [
      p.id,
    ]);
    return { rounds, bets, nonce: Number(pair.nonce) };
  }

  it('bonus buy charged with no spins: of 20 concurrent buys one debits 100× and opens 10 free spins, the other 19 answer 409 and move nothing', async () => {
    const p = await signIn(app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(p, '2')));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0].body).toMatchObject({
      bonusBought: true,
      cost: '200',
      freeSpinsLeft: SLOTS_MODEL.buyBonus.spins,
      balance: '800',
    });
    expect(answers.filter((a) => a.status !== 200)).toEqual(
      Array.from({ length: 19 }, () => ({
        status: 409,
        body: { statusCode: 409, error: 'CONFLICT', message: 'Play your free spins before buying more' },
      })),
    );
    expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(800n * U), AMINA: '0' });
    const debits = await sql.query<{ delta: string; kind: string }>(
      `SELECT delta, kind FROM ledger WHERE user_id = $1 AND delta < 0`,
      [p.id],
    );
    expect(debits).toEqual([{ delta: String(-200n * U), kind: 'bonus_buy' }]);
    const rows = await slotsRows(p);
    expect(rows.rounds).toEqual([
      { status: 'open', state: expect.objectContaining({ freeSpinsLeft: 10, source: 'buy' }), staked: '0' },
    ]);
    expect(rows.bets).toEqual([{ amount: String(200n * U), outcome: expect.objectContaining({ mode: 'bonus-buy' }) }]);
    expect(rows.nonce).toBe(1);
    expect((await p.get('/api/games/slots/state')).body).toMatchObject({
      freeSpinsLeft: 10,
      source: 'buy',
      betAmount: '2',
    });
  });

  it('a spin that triggers free spins and a buy sent together: one wins, the other is refused with nothing moved, and the round holds the spins the winner announced', async () => {
    const nonce = findNonce((n) => base(n).freeSpinsAwarded > 0);
    const awarded = base(nonce).freeSpinsAwarded;
    const winOf = settledPayout('HC', 10n * U, base(nonce).multiplier);
    // either may go first; six tries to meet both orders
    for (let round = 0; round < 6; round++) {
      const p = await player(nonce);
      const [s, b] = await Promise.all([spin(p), buy(p, '3')]);
      expect([s.status, b.status].sort()).toEqual([200, 409]);
      const rows = await slotsRows(p);
      expect(rows.rounds).toHaveLength(1);
      expect(rows.nonce).toBe(nonce + 1);
      if (s.status === 200) {
        expect(s.body).toMatchObject({ bonusTriggered: true, freeSpinsLeft: awarded });
        expect(b.body.message).toBe('Play your free spins before buying more');
        expect(rows.rounds[0]).toMatchObject({
          status: 'open',
          state: { freeSpinsLeft: awarded, source: 'trigger' },
          staked: '0',
        });
        expect(await ledgerExact(sql, p.id)).toMatchObject({ HC: String(990n * U + winOf) });
      } else {
        expect(b.body).toMatchObject({ bonusBought: true, freeSpinsLeft: 10, cost: '300' });
        expect(s.body.message).toBe('You have 10 free spins to play first (isFreeSpins: true)');
        expect(rows.rounds[0]).toMatchObject({
          status: 'open',
          state: { freeSpinsLeft: 10, source: 'buy' },
          staked: '0',
        });
        expect(await ledgerExact(sql, p.id)).toMatchObject({ HC: String(700n * U) });
      }
      expect(rows.bets).toHaveLength(1);
    }
  });

  it("a paid spin that awards no free spins is an instant bet: placed by place_bet() with other players' spins in shared commits, its Idempotency-Key in the same commit", async () => {
    const nonce = findNonce((n) => base(n).freeSpinsAwarded === 0 && base(n).multiplier.num > 0n);
    const expected = base(nonce);
    const batcher = app.get(BetBatcher);
    const players = await Promise.all(Array.from({ length: 24 }, () => player(nonce)));
    const before = { ...batcher.stats };
    const answers = await Promise.all(players.map((p) => spin(p)));
    expect(answers.map((a) => a.status)).toEqual(players.map(() => 200));
    expect(batcher.stats.bets - before.bets).toBe(24);
    expect(batcher.stats.calls - before.calls).toBeLessThan(24);
    const [row] = await sql.query<{ commits: string; rounds: string }>(
      `SELECT count(DISTINCT xmin::text) AS commits,
              (SELECT count(*) FROM game_rounds WHERE user_id = ANY($1)) AS rounds
         FROM bets WHERE user_id = ANY($1)`,
      [players.map((p) => p.id)],
    );
    expect(Number(row.commits)).toBeLessThan(24); // spins shared commits
    expect(row.rounds).toBe('0');
    const win = settledPayout('HC', 10n * U, expected.multiplier);
    for (const [i, p] of players.entries()) {
      expect(answers[i].body).toMatchObject({ nonce, isFreeSpin: false, freeSpinsLeft: 0, winAmount: String(win / U) });
      expect(answers[i].body.cascades).toHaveLength(expected.cascades.length);
      // the bet row keeps what the verifier needs, as a spin's transaction writes it
      const [bet] = await sql.query<{ outcome: { mode: string; finalGrid: string[] }; nonce: string }>(
        `SELECT outcome, nonce FROM bets WHERE user_id = $1`,
        [p.id],
      );
      expect(bet).toEqual({
        nonce: String(nonce),
        outcome: expect.objectContaining({ mode: 'base', finalGrid: expected.finalGrid }),
      });
      expect(await ledgerExact(sql, p.id)).toMatchObject({ HC: String(990n * U + win) });
    }

    // the key is claimed by the spin's own statement (its answer, stored later by a group write, is held back here)
    const keyed = await player(nonce);
    const storing = jest.spyOn(app.get(IdempotencyRepository), 'answer').mockRejectedValueOnce(new Error('held back'));
    try {
      expect((await spin(keyed, {}, { 'Idempotency-Key': 'spin-1' })).status).toBe(200);
    } finally {
      storing.mockRestore();
    }
    const [held] = await sql.query<{ status_code: number; same_commit: boolean }>(
      `SELECT k.status_code, k.xmin::text = (SELECT b.xmin::text FROM bets b WHERE b.user_id = k.user_id) AS same_commit
         FROM idempotency_keys k WHERE k.user_id = $1 AND k.key = 'spin-1'`,
      [keyed.id],
    );
    expect(held).toEqual({ status_code: 0, same_commit: true });
    // stored normally, a retry replays the answer and spins nothing
    const first = await spin(keyed, {}, { 'Idempotency-Key': 'spin-2' });
    const replay = await spin(keyed, {}, { 'Idempotency-Key': 'spin-2' });
    expect(replay).toEqual(first);
    expect(first.body).toMatchObject({ nonce: nonce + 1 });
    expect(await slotsRows(keyed)).toMatchObject({ nonce: nonce + 2, bets: [expect.anything(), expect.anything()] });
  });

  it('a paid spin and a bonus buy sent together: the spin is played before the buy or refused after it, never paid while free spins are held', async () => {
    const nonce = findNonce((n) => base(n).freeSpinsAwarded === 0);
    for (let round = 0; round < 8; round++) {
      const p = await player(nonce);
      const [s, b] = await Promise.all([spin(p), buy(p, '3')]);
      expect(b).toMatchObject({ status: 200, body: { bonusBought: true, freeSpinsLeft: 10 } });
      const rows = await slotsRows(p);
      const [purchase] = await sql.query<{ nonce: string }>(
        `SELECT nonce FROM bets WHERE user_id = $1 AND outcome->>'mode' = 'bonus-buy'`,
        [p.id],
      );
      if (s.status === 200) {
        // the spin took its nonce first; the buy the next one
        expect(s.body).toMatchObject({ nonce, freeSpinsLeft: 0 });
        expect(purchase.nonce).toBe(String(nonce + 1));
        expect(rows.bets).toHaveLength(2);
      } else {
        expect(s).toMatchObject({
          status: 409,
          body: { message: 'You have 10 free spins to play first (isFreeSpins: true)' },
        });
        expect(purchase.nonce).toBe(String(nonce));
        expect(rows.bets).toHaveLength(1);
      }
      expect(rows.nonce).toBe(nonce + rows.bets.length);
      expect(rows.rounds).toEqual([
        expect.objectContaining({ status: 'open', state: expect.objectContaining({ freeSpinsLeft: 10 }) }),
      ]);
      await ledgerExact(sql, p.id);
    }
  });

  it('a paid spin computed on a pair read before free spins were bought is not placed: the nonce moved with the buy, and the spin read again finds the spins held', async () => {
    const nonce = findNonce((n) => base(n).freeSpinsAwarded === 0);
    const p = await player(nonce);
    // the session behind the signed cookie (`<token>.<signature>`)
    const token = decodeURIComponent(p.cookie.split('=')[1]).split('.')[0];
    const me = (await app.get(SessionService).resolve(token))!;
    const rounds = app.get(RoundsRepository);
    const stale = await rounds.pairUnlessOpen(sql.pool, p.id, 'slots');
    expect(stale).toMatchObject({ nonce: BigInt(nonce) });
    expect((await buy(p, '2')).status).toBe(200);
    const reads: Array<bigint | null> = [];
    const placed = await app.get(InstantBetService).placeUnless(
      me,
      'slots',
      'HC',
      10n * U,
      (stream) => ({ multiplier: playSlots(stream, { mode: 'base' }).multiplier, outcome: null }),
      async (userId) => {
        const pair = reads.length === 0 ? stale : await rounds.pairUnlessOpen(sql.pool, userId, 'slots');
        reads.push(pair && pair.nonce);
        return pair;
      },
    );
    expect(placed).toBeNull();
    expect(reads).toEqual([BigInt(nonce), null]); // refused at the old nonce, then the round is seen
    expect(await slotsRows(p)).toMatchObject({ nonce: nonce + 1, bets: [{ amount: String(200n * U) }] });
  });

  it('paid spins after an instant one read no pair (none held at its nonce); spins held since, opened by another process, are still found', async () => {
    const nonce = findNonce((n) => [0, 1, 2].every((i) => base(n + i).freeSpinsAwarded === 0));
    const p = await player(nonce);
    const reads = jest.spyOn(app.get(RoundsRepository), 'pairUnlessOpen');
    for (let i = 0; i < 3; i++) expect((await spin(p)).body).toMatchObject({ nonce: nonce + i, freeSpinsLeft: 0 });
    // the first spin read the pair and found no free spins held; the next two knew it
    expect(reads).toHaveBeenCalledTimes(1);

    // free spins bought through another process: this one's seed cache still has the nonce before the buy
    const seeds = app.get(SeedCache);
    const before = await seeds.get(p.id);
    expect((await buy(p, '2')).status).toBe(200);
    seeds.movedTo(p.id, before, before.nonce);
    const refused = await spin(p);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'You have 10 free spins to play first (isFreeSpins: true)' },
    });
    expect(reads).toHaveBeenCalledTimes(2);
    const rows = await slotsRows(p);
    expect(rows.bets).toHaveLength(4); // three spins and the purchase
    expect(rows.nonce).toBe(nonce + 4);
    await ledgerExact(sql, p.id);
    reads.mockRestore();
  });

  it('a bonus buy is a round opening and each free spin a round action: both written through the group commit (round_opens(), round_acts() lanes)', async () => {
    const batcher = app.get(BetBatcher);
    const p = await player(0);
    const before = { ...batcher.stats };
    expect((await buy(p, '1')).body).toMatchObject({ bonusBought: true, freeSpinsLeft: SLOTS_MODEL.buyBonus.spins });
    expect(batcher.stats.opens - before.opens).toBe(1);
    const spins = SLOTS_MODEL.buyBonus.spins;
    let won = 0n;
    for (let i = 1; i <= spins; i++) {
      const expected = playSlots(fairStream(SEED, CLIENT, i), { mode: 'free' });
      const r = await spin(p, { isFreeSpins: true });
      expect(r.body).toMatchObject({ isFreeSpin: true, freeSpinsLeft: spins - i, nonce: i, betAmount: '1' });
      won += settledPayout('HC', U, expected.multiplier);
      expect(r.body.winAmount).toBe(String(settledPayout('HC', U, expected.multiplier) / U));
    }
    expect(batcher.stats.acts - before.acts).toBe(spins);
    expect(batcher.stats.opens - before.opens).toBe(1);
    // the purchase and each free spin a bet row of its own at its nonce; the round closed with the spins' total
    const bets = await sql.query<{ nonce: string; amount: string; payout: string; mode: string }>(
      `SELECT nonce, amount, payout, outcome->>'mode' AS mode FROM bets WHERE user_id = $1 ORDER BY id`,
      [p.id],
    );
    expect(bets.map((b) => [b.nonce, b.mode])).toEqual([
      ['0', 'bonus-buy'],
      ...Array.from({ length: spins }, (_, i) => [String(i + 1), 'free']),
    ]);
    expect(bets.slice(1).every((b) => b.amount === '0')).toBe(true);
    expect(bets.slice(1).reduce((n, b) => n + BigInt(b.payout), 0n)).toBe(won);
    expect(await slotsRows(p)).toMatchObject({
      nonce: spins + 1,
      rounds: [{ status: 'settled', state: { freeSpinsLeft: 0, totalWin: String(won) }, staked: '0' }],
    });
    expect(await ledgerExact(sql, p.id)).toMatchObject({ HC: String(900n * U + won) });
  });

  it('a paid spin that awards free spins opens their round in one statement (the round_opens() lane): the spin is the opening bet at its nonce, its key claimed there, and a retry after a lost answer answers that spin', async () => {
    const batcher = app.get(BetBatcher);
    const nonce = findNonce((n) => base(n).freeSpinsAwarded > 0);
    const drawn = base(nonce);
    const awarded = drawn.freeSpinsAwarded;
    const win = settledPayout('HC', 10n * U, drawn.multiplier);
    const p = await player(nonce);
    const before = { ...batcher.stats };
    // the answer's write fails: the key row stays as round_open() wrote it
    const storing = jest.spyOn(app.get(IdempotencyRepository), 'answer').mockRejectedValueOnce(new Error('lost'));
    let first: { status: number; body: any };
    try {
      first = await spin(p, {}, { 'Idempotency-Key': 'trigger-1' });
    } finally {
      storing.mockRestore();
    }
    expect(first.status).toBe(200);
    expect(batcher.stats.opens - before.opens).toBe(1);
    expect(batcher.stats.bets - before.bets).toBe(0); // the instant lane wrote nothing
    const [bet] = await sql.query<{
      id: string;
      amount: string;
      payout: string;
      nonce: string;
      outcome: { mode: string };
    }>(`SELECT id::text, amount, payout, nonce, outcome FROM bets WHERE user_id = $1`, [p.id]);
    expect(bet).toMatchObject({ amount: String(10n * U), payout: String(win), nonce: String(nonce) });
    expect(bet.outcome).toMatchObject({ mode: 'base', freeSpinsAwarded: awarded, finalGrid: drawn.finalGrid });
    expect(first.body).toMatchObject({
      betId: bet.id,
      nonce,
      bonusTriggered: true,
      bonusSpinsAwarded: awarded,
      freeSpinsLeft: awarded,
      isFreeSpin: false,
      winAmount: String(win / U),
      balance: String((990n * U + win) / U),
    });
    expect(await slotsRows(p)).toMatchObject({
      nonce: nonce + 1,
      rounds: [{ status: 'open', state: { freeSpinsLeft: awarded, source: 'trigger' }, staked: '0' }],
    });
    // the round, the bet, the nonce and the key: one commit
    const [commit] = await sql.query<{ status_code: number; same: boolean }>(
      `SELECT k.status_code,
              k.xmin::text = (SELECT b.xmin::text FROM bets b WHERE b.user_id = k.user_id)
              AND k.xmin::text = (SELECT r.xmin::text FROM game_rounds r WHERE r.user_id = k.user_id) AS same
         FROM idempotency_keys k WHERE k.user_id = $1 AND k.key = 'trigger-1'`,
      [p.id],
    );
    expect(commit).toEqual({ status_code: 0, same: true });
    // no answer stored: the retry answers the same spin from what its statement wrote, and spins nothing more
    const retry = await spin(p, {}, { 'Idempotency-Key': 'trigger-1' });
    expect(retry).toMatchObject({ status: 200, body: first.body });
    expect(await slotsRows(p)).toMatchObject({ nonce: nonce + 1, bets: [expect.anything()] });
    expect(await ledgerExact(sql, p.id)).toMatchObject({ HC: String(990n * U + win) });
    // held spins refuse another paid spin with how many are left (the locked way says it)
    expect(await spin(p)).toMatchObject({
      status: 409,
      body: { message: `You have ${awarded} free spins to play first (isFreeSpins: true)` },
    });
  });

  describe('free spins run the play guard (security audit: a lane that skipped it)', () => {
    const freeSpin = (p: TestPlayer, currency = 'HC') => spin(p, { isFreeSpins: true, currency, betAmount: '1' });
    const EXCLUDED = {
      status: 403,
      body: { message: 'You are self-excluded: betting is blocked until your self-exclusion period ends' },
    };
    const PAUSED = {
      status: 423,
      body: {
        error: 'AMINA_PAUSED',
        message: 'AMINA play and withdrawals are paused by the operators; House Coins games still work',
      },
    };

    it('a self-excluded guest plays no free spin: refused with 403, nothing written, the spins kept for later', async () => {
      const p = await player(0);
      expect((await buy(p, '1')).status).toBe(200);
      expect((await freeSpin(p)).body).toMatchObject({ isFreeSpin: true, freeSpinsLeft: 9 });
      const ex = await p.post('/api/responsible-gaming/self-exclude', { walletAddress: p.walletAddress, period: '6m' });
      expect(ex.status).toBeLessThan(300);
      const before = await slotsRows(p);
      const ledger = await ledgerExact(sql, p.id);
      for (let i = 0; i < 3; i++) expect(await freeSpin(p)).toMatchObject(EXCLUDED);
      expect(await slotsRows(p)).toEqual(before);
      expect(await ledgerExact(sql, p.id)).toEqual(ledger);
      expect((await p.get('/api/games/slots/state')).body).toMatchObject({ freeSpinsLeft: 9 });
      // once play is allowed again the same spins play on, from the nonce that was refused
      await sql.query(
        `UPDATE player_limits SET self_excluded_until = now() - interval '1 second', play_confirm_needed = false WHERE user_id = $1`,
        [p.id],
      );
      expect((await freeSpin(p)).body).toMatchObject({ isFreeSpin: true, freeSpinsLeft: 8, nonce: before.nonce });
      await ledgerExact(sql, p.id);
    });

    it('AMINA free spins are refused with 423 while AMINA play is paused, and play on once resumed', async () => {
      const p = await signIn(app, algosdk.generateAccount().addr.toString());
      await sql.query(`UPDATE sessions SET ownership_verified_at = now() WHERE user_id = $1`, [p.id]);
      await app
        .get(SettlementService)
        .apply(sql.pool, { kind: 'adjustment', userId: p.id, currency: 'AMINA', delta: U, note: 'test-adjust' });
      await forceSeeds(sql, p.id, SEED, CLIENT, 0);
      const bought = await p.post('/api/games/slots/buy-bonus', {
        walletAddress: p.walletAddress,
        currency: 'AMINA',
        betAmount: '0.001',
      });
      expect(bought.body).toMatchObject({ bonusBought: true, currency: 'AMINA', cost: '0.1' });
      const pause = (active: boolean) =>
        sql.query(
          `INSERT INTO operator_switches (name, active, reason) VALUES ('amina_paused', $1, 'test') ON CONFLICT (name) DO UPDATE SET active = $1`,
          [active],
        );
      const before = await slotsRows(p);
      const ledger = await ledgerExact(sql, p.id);
      await pause(true);
      try {
        for (let i = 0; i < 3; i++) expect(await freeSpin(p, 'AMINA')).toMatchObject(PAUSED);
        expect(await slotsRows(p)).toEqual(before);
        expect(await ledgerExact(sql, p.id)).toEqual(ledger);
      } finally {
        await pause(false);
      }
      expect((await freeSpin(p, 'AMINA')).body).toMatchObject({
        isFreeSpin: true,
        freeSpinsLeft: 9,
        currency: 'AMINA',
      });
      await ledgerExact(sql, p.id);
    });
  });

  it('a triggering spin whose nonce keeps moving takes the locked way: the pair locked once, the spin opens its round there', async () => {
    const stale = findNonce((n) => base(n).freeSpinsAwarded === 0);
    const nonce = findNonce((n) => base(n).freeSpinsAwarded > 0, stale + 1);
    const drawn = base(nonce);
    const win = settledPayout('HC', 10n * U, drawn.multiplier);
    const p = await player(stale);
    const cache = app.get(SeedCache);
    await cache.get(p.id);
    await sql.query(`UPDATE seed_pairs SET nonce = $2 WHERE user_id = $1 AND active`, [p.id, nonce]);
    const never = jest.spyOn(cache, 'movedTo').mockImplementation(() => undefined); // the cache never learns
    const locks = jest.spyOn(app.get(RoundsRepository), 'lockPair');
    try {
      const res = await spin(p);
      expect(res).toMatchObject({
        status: 200,
        body: { nonce, bonusTriggered: true, freeSpinsLeft: drawn.freeSpinsAwarded, winAmount: String(win / U) },
      });
      expect(locks).toHaveBeenCalledTimes(1);
    } finally {
      never.mockRestore();
      locks.mockRestore();
    }
    expect(await slotsRows(p)).toMatchObject({
      nonce: nonce + 1,
      rounds: [{ status: 'open', state: { freeSpinsLeft: drawn.freeSpinsAwarded, source: 'trigger' } }],
    });
    await ledgerExact(sql, p.id);
  });

  it('refuses isFreeSpins without free spins and a bad isFreeSpins value', async () => {
    const p = await signIn(app);
    expect((await spin(p, { isFreeSpins: true })).status).toBe(409);
    expect(await spin(p, { isFreeSpins: 'yes' })).toMatchObject({
      status: 400,
      body: { message: 'isFreeSpins must be true or false' },
    });
    expect(await ledgerExact(sql, p.id)).toMatchObject({ HC: String(1000n * U) });
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'POST /api/games/slots',
        'POST /api/games/slots/buy-bonus',
        'GET /api/games/slots/state',
      ]),
    });
  });
});
