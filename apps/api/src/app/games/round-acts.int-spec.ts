import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BASE_UNITS_PER_COIN as HC } from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import { KeyTakenError } from '../common/idempotency-claim';
import { InsufficientBalanceError, RoundMovedError, SessionEndedError } from '../settlement/settlement-errors';
import type { RoundAct } from '../settlement/settlement.repository';
import { SettlementService } from '../settlement/settlement.service';
import { createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import {
  dealBlackjack,
  dealtHand,
  firstNonce,
  keyCount,
  lastRound,
  readTogether,
  revokeSessions,
  sessionUser,
  startHiloOnAce,
} from '../../test/rounds';
import { ledgerExact } from '../../test/seeds';
import { BetBatcher } from './bet-batcher';
import { RoundsRepository } from './rounds.repository';

// Round actions in the group commit (games/bet-batcher.ts → settlement/sql/round_acts.sql and its loop,
// round_writes.sql): the
// actions of several players that wait together are written by one statement in one commit, and
// each refusal is that action's alone, with nothing of it written.
describe('round actions share a commit: round_acts() (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  let rounds: RoundsRepository;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
    rounds = app.get(RoundsRepository);
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  /** The round row's version now (its xmin). */
  const versionOf = async (roundId: string) =>
    (await sql.query<{ seen: string }>(`SELECT xmin::text AS seen FROM game_rounds WHERE id = $1`, [roundId]))[0].seen;

  const balance = async (p: TestPlayer) =>
    (
      await sql.query<{ amount: string }>(`SELECT amount::text FROM balances WHERE user_id = $1 AND currency = 'HC'`, [
        p.id,
      ])
    )[0].amount;

  /** A hi-lo run of `p` on A♣ (or its open round of `change.game`), read as an action reads it, and the action round_act() takes for it. */
  async function actionOn(p: TestPlayer, key: string, change: Partial<RoundAct> = {}): Promise<RoundAct> {
    const user = await sessionUser(sql, p, key);
    const game = change.game ?? 'hilo';
    const round = (await rounds.readOpen(user.tokenHash, p.id, game))!;
    return {
      game,
      currency: 'HC',
      tokenHash: user.tokenHash,
      userId: p.id,
      needVerified: false,
      roundId: round.id,
      seen: round.seen,
      state: '{"step":1}',
      playsOn: true,
      extra: 0n,
      end: null,
      idempotency: { key, hash: `hash-${key}` },
      ...change,
    };
  }

  it('round_writes(), the one loop behind round_acts() and round_opens(), refuses a kind it does not know, naming it', async () => {
    const call = sql.query(
      `SELECT * FROM round_writes('close', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}')`,
      [],
    );
    await expect(call).rejects.toMatchObject({ code: '22023', message: 'round_writes: no kind close' });
  });

  it("writes each player's action, and refuses each refused one alone with nothing of it written", async () => {
    const [stepper, casher, stale, broke, revoked] = await Promise.all(Array.from({ length: 5 }, () => signIn(app)));
    for (const p of [stepper, casher, stale, broke, revoked]) await startHiloOnAce(sql, p);

    const acts = [
      await actionOn(stepper, 'step'),
      // a cash-out: the run staked 10 and pays 20
      await actionOn(casher, 'cash', {
        playsOn: false,
        state: '{"cashed":true}',
        end: { staked: 10n * HC, payout: 20n * HC, multiplier: '2' },
      }),
      await actionOn(stale, 'stale'),
      // a double it cannot pay for
      await actionOn(broke, 'broke', { extra: 1_000_000_000_000n }),
      await actionOn(revoked, 'revoked'),
    ];
    // another action moves the stale player's round on after it was read; the other is signed out
    expect(
      (await stale.post('/api/games/hilo/guess', { walletAddress: stale.walletAddress, direction: 'higher' })).status,
    ).toBe(200);
    await revokeSessions(sql, revoked.id);
    const refused = [stale, broke, revoked];
    const before = await Promise.all(
      refused.map(async (p) => ({ round: await lastRound(sql, p.id), balance: await balance(p) })),
    );

    const answers = await app.get(SettlementService).commitTogether(acts.map((act) => ({ kind: 'act' as const, act })));

    // a step answers the round's version after it (the next action's `seen`); an end, none
    expect(answers[0]).toEqual({ betId: null, balance: 990n * HC, version: (await lastRound(sql, stepper.id)).seen });
    expect(answers[0]).not.toMatchObject({ version: acts[0].seen });
    expect(answers[1]).toEqual({ betId: expect.stringMatching(/^\d+$/), balance: 1010n * HC, version: null });
    expect(answers.slice(2)).toEqual([
      { refusal: new RoundMovedError() },
      { refusal: new InsufficientBalanceError() },
      { refusal: new SessionEndedError() },
    ]);
    expect(await lastRound(sql, stepper.id)).toMatchObject({ status: 'open', state: { step: 1 } });
    const cashed = await lastRound(sql, casher.id);
    expect(cashed).toMatchObject({
      status: 'settled',
      state: { cashed: true },
      bet_id: (answers[1] as { betId: string }).betId,
    });
    const [bet] = await sql.query<{ amount: string; payout: string }>(
      `SELECT amount::text, payout::text FROM bets WHERE user_id = $1`,
      [casher.id],
    );
    expect(bet).toEqual({ amount: String(10n * HC), payout: String(20n * HC) });
    expect(await Promise.all([stepper, casher].map((p) => keyCount(sql, p.id)))).toEqual(['1', '1']);

    // the refused: rounds, balances and keys as they were (the stale player's own guess keeps its round)
    for (const [i, p] of refused.entries()) {
      expect({ round: await lastRound(sql, p.id), balance: await balance(p) }).toEqual(before[i]);
      expect(await keyCount(sql, p.id)).toBe('0');
    }
    for (const p of [stepper, casher, stale, broke, revoked]) await ledgerExact(sql, p.id);
  });

  /**
   * What `p`'s round ends wrote: bets, ledger rows, rounds and keys' rows, each id replaced by its
   * place among the player's own (bet#0, round#1), so two players' writes compare.
   */
  async function endsWritten(p: TestPlayer) {
    const bets = await sql.query<{ id: string }>(
      `SELECT id, game, currency, amount, payout, multiplier, nonce, outcome FROM bets WHERE user_id = $1 ORDER BY id`,
      [p.id],
    );
    const roundRows = await sql.query<{ id: string; status: string; bet_id: string | null }>(
      `SELECT id, game, status, currency, stake, staked, nonce, state, bet_id FROM game_rounds WHERE user_id = $1 ORDER BY id`,
      [p.id],
    );
    const names = new Map([
      ...bets.map((b, i): [string, string] => [`bet:${b.id}`, `bet#${i}`]),
      ...roundRows.map((r, i): [string, string] => [`round:${r.id}`, `round#${i}`]),
    ]);
    const named = (kind: 'bet' | 'round', id: string | null | undefined) => (id ? names.get(`${kind}:${id}`) : id);
    const ledger = await sql.query<{ ref: string }>(
      `SELECT currency, delta, balance_after, kind, ref FROM ledger WHERE user_id = $1 AND kind <> 'signup' ORDER BY id`,
      [p.id],
    );
    const keys = await sql.query<{ response: { round: string; roundBet: string | null } }>(
      `SELECT key, status_code, response FROM idempotency_keys WHERE user_id = $1 ORDER BY key`,
      [p.id],
    );
    return {
      bets: bets.map(({ id: _id, ...b }) => b),
      rounds: roundRows.map(({ id: _id, bet_id, ...r }) => ({ ...r, bet: named('bet', bet_id) })),
      ledger: ledger.map((l) => ({ ...l, ref: names.get(l.ref) ?? l.ref })),
      keys: keys.map((k) => ({
        ...k,
        response: {
          ...k.response,
          round: named('round', k.response.round),
          roundBet: named('bet', k.response.roundBet),
        },
      })),
    };
  }

  it("settles a call's round ends together exactly as each alone: bets, ledger, rounds, keys and the balances answered", async () => {
    const staysOpen = firstNonce((nonce) => dealtHand(nonce).status !== 'settled');
    // twins: the same ends, in one call (together) and one call each (alone)
    const [together, alone] = [
      await Promise.all(Array.from({ length: 3 }, () => signIn(app))),
      await Promise.all(Array.from({ length: 3 }, () => signIn(app))),
    ];
    for (const p of [...together, ...alone]) await startHiloOnAce(sql, p);
    // the third player of each has a blackjack hand open too: two ends of its own in the call
    for (const p of [together[2], alone[2]]) await dealBlackjack(sql, p, staysOpen);
    const ends = async ([cashes, loses, twice]: TestPlayer[]) => [
      // a cash-out: the run staked 10 and pays 20
      await actionOn(cashes, 'cash', { playsOn: false, end: { staked: 10n * HC, payout: 20n * HC, multiplier: '2' } }),
      // an end that stakes 10 more and loses it all
      await actionOn(loses, 'lose', {
        playsOn: false,
        extra: 10n * HC,
        state: '{"lost":true}',
        end: { staked: 20n * HC, payout: 0n, multiplier: '0' },
      }),
      await actionOn(twice, 'twice-hilo', {
        playsOn: false,
        end: { staked: 10n * HC, payout: 30n * HC, multiplier: '3' },
      }),
      await actionOn(twice, 'twice-blackjack', {
        game: 'blackjack',
        playsOn: false,
        state: '{"stood":true}',
        end: { staked: 10n * HC, payout: 25n * HC, multiplier: '2.5' },
      }),
    ];
    const settlement = app.get(SettlementService);

    const answers = await settlement.commitTogether(
      (await ends(together)).map((act) => ({ kind: 'act' as const, act })),
    );
    const lone = [];
    for (const act of await ends(alone)) lone.push(await settlement.commit({ kind: 'act', act }));

    const bet = expect.stringMatching(/^\d+$/);
    // 990 after the stake; the second player 980 after the extra; the third 980 after its two stakes
    // (an end closes its round: no version to act on next)
    expect(answers).toEqual([
      { betId: bet, balance: 1010n * HC, version: null },
      { betId: bet, balance: 980n * HC, version: null },
      // each of the third player's answers is the balance right after its own end
      { betId: bet, balance: 1010n * HC, version: null },
      { betId: bet, balance: 1035n * HC, version: null },
    ]);
    expect(answers.map((a) => ({ ...a, betId: bet }))).toEqual(lone.map((a) => ({ ...a, betId: bet })));
    // the ends of the players alone in the call were settled after the loop, in one settle_bets(): their
    // bets come after the third player's, settled one by one in it, and in call order
    const ids = answers.map((a) => BigInt((a as { betId: string }).betId));
    expect(ids[0] + 1n).toBe(ids[1]);
    expect(ids[0] > ids[3] && ids[2] < ids[3]).toBe(true);
    for (const [i, p] of together.entries()) {
      const written = await endsWritten(p);
      expect(written).toEqual(await endsWritten(alone[i]));
      expect(written.rounds.map((r) => r.status)).toEqual(i === 2 ? ['settled', 'settled'] : ['settled']);
      await ledgerExact(sql, p.id);
    }
  });

  it("claims the keys of a call's players in one go; a player's two actions with one key: the first is written, the second refused (CC208)", async () => {
    const staysOpen = firstNonce((nonce) => dealtHand(nonce).status !== 'settled');
    const [twice, other] = await Promise.all([signIn(app), signIn(app)]);
    for (const p of [twice, other]) await startHiloOnAce(sql, p);
    await dealBlackjack(sql, twice, staysOpen);
    // an earlier request of the other player holds its key
    await sql.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response) VALUES ($1, 'held', 'h', 200, 'null')`,
      [other.id],
    );
    const acts = [
      await actionOn(twice, 'same'),
      { ...(await actionOn(twice, 'same', { game: 'blackjack' })), idempotency: { key: 'same', hash: 'another-body' } },
      await actionOn(other, 'held'),
    ];
    const before = await lastRound(sql, other.id);

    const answers = await app.get(SettlementService).commitTogether(acts.map((act) => ({ kind: 'act' as const, act })));

    expect(answers).toEqual([
      { betId: null, balance: 980n * HC, version: await versionOf(acts[0].roundId) },
      { refusal: new KeyTakenError() },
      { refusal: new KeyTakenError() },
    ]);
    const keys = await sql.query(
      // by key: the two players signed in together, so either may have the lower id
      `SELECT user_id::text, key, request_hash, status_code FROM idempotency_keys WHERE user_id = ANY($1) ORDER BY key`,
      [[twice.id, other.id]],
    );
    expect(keys).toEqual([
      { user_id: other.id, key: 'held', request_hash: 'h', status_code: 200 },
      { user_id: twice.id, key: 'same', request_hash: 'hash-same', status_code: 0 },
    ]);
    expect(await lastRound(sql, other.id)).toEqual(before);
    for (const p of [twice, other]) await ledgerExact(sql, p.id);
  });

  it('players acting at the same moment share round_acts() calls, and every one gets its own card', async () => {
    const batcher = app.get(BetBatcher);
    const players = await Promise.all(Array.from({ length: 12 }, () => signIn(app)));
    for (const p of players) await startHiloOnAce(sql, p);
    const before = { ...batcher.stats };
    readTogether(rounds, players.length); // every guess reads its round before any writes

    const answers = await Promise.all(
      players.map((p, i) =>
        p.post(
          '/api/games/hilo/guess',
          { walletAddress: p.walletAddress, direction: 'higher' },
          { 'Idempotency-Key': `together-${i}` },
        ),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual(players.map(() => 200));
    // A♣ then 6♦: each player's run drew its own second card
    for (const a of answers) expect(a.body.cards).toHaveLength(2);
    const acts = batcher.stats.acts - before.acts;
    const calls = batcher.stats.actCalls - before.actCalls;
    expect(acts).toBe(players.length);
    expect(calls).toBeLessThan(players.length);
    expect(batcher.stats.actBatches - before.actBatches).toBeGreaterThanOrEqual(1);
    for (const p of players) {
      expect(await lastRound(sql, p.id)).toMatchObject({ status: 'open' });
      await ledgerExact(sql, p.id);
    }
  });

  it('players starting at the same moment share round_opens() calls; a refused opening writes nothing', async () => {
    const batcher = app.get(BetBatcher);
    const players = await Promise.all(Array.from({ length: 12 }, () => signIn(app)));
    const broke = players[11];
    await sql.query(`UPDATE balances SET amount = 0 WHERE user_id = $1 AND currency = 'HC'`, [broke.id]);
    await sql.query(`DELETE FROM ledger WHERE user_id = $1`, [broke.id]); // its grant, so the ledger stays its balance
    const before = { ...batcher.stats };
    // every opening waits until all have computed theirs, so they reach the queue together
    const waiting: Array<() => void> = [];
    const together = jest.spyOn(app.get(SettlementService), 'commitTogether');
    const commit = BetBatcher.prototype.commit;
    jest.spyOn(batcher, 'commit').mockImplementation(async function (this: BetBatcher, w, alone) {
      if (w.kind === 'open')
        await new Promise<void>((go) => {
          waiting.push(go);
          if (waiting.length === players.length) waiting.forEach((g) => g());
        });
      return commit.call(batcher, w, alone);
    });

    const answers = await Promise.all(
      players.map((p, i) =>
        p.post(
          '/api/games/hilo/start',
          { walletAddress: p.walletAddress, currency: 'HC', bet: '10' },
          { 'Idempotency-Key': `start-${i}` },
        ),
      ),
    );

    expect(answers.slice(0, 11).map((a) => a.status)).toEqual(players.slice(0, 11).map(() => 200));
    expect(answers[11]).toMatchObject({ status: 400, body: { error: 'INSUFFICIENT_BALANCE' } });
    expect(batcher.stats.opens - before.opens).toBe(players.length);
    expect(batcher.stats.openBatches - before.openBatches).toBeGreaterThanOrEqual(1);
    expect(together.mock.calls.some(([writes]) => writes[0]?.kind === 'open')).toBe(true);
    for (const p of players.slice(0, 11)) {
      expect(await lastRound(sql, p.id)).toMatchObject({ status: 'open' });
      expect(await balance(p)).toBe(String(990n * HC));
      await ledgerExact(sql, p.id);
    }
    expect(await lastRound(sql, broke.id)).toBeUndefined();
    expect(await balance(broke)).toBe('0');
    expect(await keyCount(sql, broke.id)).toBe('0');
    await ledgerExact(sql, broke.id);
  });
});
