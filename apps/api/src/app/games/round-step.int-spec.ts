import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { BlackjackState } from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import type { SessionUser } from '../auth/session.service';
import { ProofRequiredError } from '../auth/ownership';
import { IdempotencyRepository } from '../common/idempotency.repository';
import { RoundMovedError, SessionEndedError } from '../settlement/settlement-errors';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import {
  dealBlackjack,
  dealtHand,
  firstNonce,
  handAfter,
  keyCommit,
  keyCount,
  lastRound,
  readTogether,
  retry,
  revokeSessions,
  sessionUser,
  startHiloOnAce,
} from '../../test/rounds';
import { ledgerExact } from '../../test/seeds';
import { BlackjackService } from './blackjack.service';
import { HiloService } from './hilo.service';
import { RoundsRepository, type SeenRound } from './rounds.repository';
import { SettlementService } from '../settlement/settlement.service';

/** The first nonce whose hand is still the player's to play after `hits` hits. */
function openAfterHits(hits: number): number {
  const actions = Array.from({ length: hits }, () => 'hit' as const);
  return firstNonce((nonce) => dealtHand(nonce).status === 'player' && handAfter(nonce, actions)?.status === 'player');
}

describe('money-free round steps in one statement: round_step() (real PostgreSQL)', () => {
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

  /** A step that moves no money, written by round_act() on the round as read. */
  const step = (s: {
    tokenHash: Buffer;
    userId: string;
    needVerified: boolean;
    round: SeenRound<unknown>;
    state: unknown;
    idempotency: { key: string; hash: string };
  }) =>
    app.get(SettlementService).commit({
      kind: 'act',
      act: {
        game: s.round.game,
        currency: s.round.currency,
        tokenHash: s.tokenHash,
        userId: s.userId,
        needVerified: s.needVerified,
        roundId: s.round.id,
        seen: s.round.seen,
        state: JSON.stringify(s.state),
        playsOn: false,
        extra: 0n,
        end: null,
        idempotency: s.idempotency,
      },
    });

  const games = {
    /** A hi-lo run on A♣, whose right guess is 'higher' (6♦). */
    hilo: {
      open: (p: TestPlayer) => startHiloOnAce(sql, p),
      url: '/api/games/hilo/guess',
      body: (p: TestPlayer) => ({ walletAddress: p.walletAddress, direction: 'higher' }),
      cards: (state: { cards: unknown[] }) => state.cards.length,
    },
    /** A blackjack hand whose hit does not end it. */
    blackjack: {
      open: (p: TestPlayer) => dealBlackjack(sql, p, openAfterHits(1)),
      url: '/api/games/blackjack/hit',
      body: (p: TestPlayer) => ({ walletAddress: p.walletAddress }),
      cards: (state: BlackjackState) => state.hands[0].cards.length,
    },
  };
  type Game = keyof typeof games;
  const bothGames = Object.keys(games) as Game[];
  /** The game's money-free step: a hi-lo guess of 'higher', a blackjack hit. */
  const takeStep = (game: Game, p: TestPlayer, headers?: Record<string, string>) =>
    p.post(games[game].url, games[game].body(p), headers);

  it.each(bothGames)(
    "%s: the step and its Idempotency-Key commit in the step's own statement, with no transaction",
    async (game) => {
      const p = await signIn(app);
      await games[game].open(p);
      const locks = jest.spyOn(rounds, 'lockOpen');
      // the answer's group write fails: the key row stays as round_step() wrote it
      jest.spyOn(app.get(IdempotencyRepository), 'answer').mockRejectedValueOnce(new Error('lost'));
      const res = await takeStep(game, p, { 'Idempotency-Key': 'step-1' });
      expect(res.status).toBe(200);
      expect(locks).not.toHaveBeenCalled();
      expect(await keyCommit(sql, p.id, 'step-1', ['round'])).toEqual({ status_code: 0, round: true });
    },
  );

  it.each(bothGames)('%s: a retry with the same Idempotency-Key replays the answer and draws no card', async (game) => {
    const g = games[game];
    const p = await signIn(app);
    await g.open(p);
    const first = await takeStep(game, p, { 'Idempotency-Key': 'step-2' });
    expect(first.status).toBe(200);
    const before = await lastRound(sql, p.id);
    expect(await retry(app, p, g.url, g.body(p), 'step-2')).toEqual({ status: 200, replay: 'true', body: first.body });
    expect(await lastRound(sql, p.id)).toEqual(before);
  });

  it('blackjack: two simultaneous hits both draw, one after the other (the second meets a moved round and plays locked)', async () => {
    const nonce = openAfterHits(2);
    const p = await signIn(app);
    await dealBlackjack(sql, p, nonce);
    readTogether(rounds, 2);
    const locks = jest.spyOn(rounds, 'lockOpen');
    const [a, b] = await Promise.all([takeStep('blackjack', p), takeStep('blackjack', p)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(locks).toHaveBeenCalledTimes(1);
    const expected = handAfter(nonce, ['hit', 'hit']);
    expect([a.body.playerCards.length, b.body.playerCards.length].sort()).toEqual([3, 4]);
    const { state } = await lastRound(sql, p.id);
    expect(state).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(990n * 100_000_000n), AMINA: '0' });
  });

  it('hi-lo: two simultaneous guesses both play, one after the other: no lost update', async () => {
    const p = await signIn(app);
    await games.hilo.open(p); // A♣
    readTogether(rounds, 2);
    const [a, b] = await Promise.all([takeStep('hilo', p), takeStep('hilo', p)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // the first draws 6♦ (higher: right), the second plays on 6♦ and draws 5♣ (higher: wrong)
    const answers = [a.body, b.body].sort((x, y) => x.cards.length - y.cards.length);
    expect(answers.map((x) => [x.card.label, x.won])).toEqual([
      ['6♦', true],
      ['5♣', false],
    ]);
    const r = await lastRound(sql, p.id);
    expect(r.status).toBe('settled');
    expect(games.hilo.cards(r.state)).toBe(3);
    await ledgerExact(sql, p.id);
  });

  it('a step on a round read before another step changed it is refused: the round is unchanged and the key not held', async () => {
    const p = await signIn(app);
    await games.hilo.open(p);
    const user = await sessionUser(sql, p, 'round-step');
    const stale = await rounds.readOpen(user.tokenHash, p.id, 'hilo');
    expect((await takeStep('hilo', p)).status).toBe(200); // the round moves on: 6♦
    const moved = await lastRound(sql, p.id);
    await expect(
      step({
        tokenHash: user.tokenHash,
        userId: p.id,
        needVerified: false,
        round: stale!,
        state: { stale: true },
        idempotency: { key: 'stale-1', hash: 'h' },
      }),
    ).rejects.toBeInstanceOf(RoundMovedError);
    expect(await lastRound(sql, p.id)).toEqual(moved);
    expect(await keyCount(sql, p.id)).toBe('0');
  });

  describe('the round as this process last wrote it (RoundRunner keeps it)', () => {
    /** A hand open after two hits: hit, hit, stand. */
    const nonce = () => openAfterHits(2);
    const hand = ['hit', 'hit', 'stand'] as const;
    const play = (p: TestPlayer, action: string) =>
      p.post(`/api/games/blackjack/${action}`, { walletAddress: p.walletAddress });
    /** Another process writes the player's open round (its kept version goes stale). */
    const touch = (p: TestPlayer) =>
      sql.query(`UPDATE game_rounds SET updated_at = now() WHERE user_id = $1 AND status = 'open'`, [p.id]);

    it('blackjack: a hand dealt, hit, hit and stood is computed from the kept round, with no read; each answer and row is as when the round is read locked every time', async () => {
      const [kept, locked] = [await signIn(app), await signIn(app)];
      for (const p of [kept, locked]) await dealBlackjack(sql, p, nonce());
      const reads = jest.spyOn(rounds, 'readOpen');
      const locks = jest.spyOn(rounds, 'lockOpen');

      const keptAnswers = [];
      for (const action of hand) keptAnswers.push(await play(kept, action));
      expect(reads).not.toHaveBeenCalled();
      expect(locks).not.toHaveBeenCalled();

      // the other player's round is changed elsewhere before each action: each, computed from the
      // kept round, is refused unwritten and played locked
      const lockedAnswers = [];
      for (const action of hand) {
        await touch(locked);
        lockedAnswers.push(await play(locked, action));
      }
      expect(reads).not.toHaveBeenCalled();
      expect(locks).toHaveBeenCalledTimes(3);

      const body = (r: { body: Record<string, unknown> }) => ({ ...r.body, betId: r.body.betId && 'bet' });
      expect(keptAnswers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(keptAnswers[2].body.gameOver).toBe(true);
      expect(keptAnswers.map(body)).toEqual(lockedAnswers.map(body));
      expect((await lastRound(sql, kept.id)).status).toBe('settled');
      expect(await ledgerExact(sql, kept.id)).toEqual(await ledgerExact(sql, locked.id));
    });

    it('a kept round closed elsewhere since: the action finds no round (409) and writes nothing', async () => {
      const p = await signIn(app);
      await dealBlackjack(sql, p, nonce());
      expect((await play(p, 'hit')).status).toBe(200);
      await sql.query(`UPDATE game_rounds SET status = 'settled' WHERE user_id = $1 AND status = 'open'`, [p.id]);
      const before = await lastRound(sql, p.id);
      const res = await play(p, 'hit');
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('No blackjack hand in progress: deal first');
      expect(await lastRound(sql, p.id)).toEqual(before);
    });

    it('a session ended after the round was kept is refused as when the round is read', async () => {
      const [kept, read] = [await signIn(app), await signIn(app)];
      for (const p of [kept, read]) await dealBlackjack(sql, p, nonce());
      expect((await play(kept, 'hit')).status).toBe(200);
      // the other player acts too (on another game), so both sessions were in use just before
      await startHiloOnAce(sql, read);
      expect((await takeStep('hilo', read)).status).toBe(200);
      for (const p of [kept, read]) await revokeSessions(sql, p.id);
      const before = await lastRound(sql, kept.id);
      const [a, b] = [await play(kept, 'hit'), await play(read, 'hit')];
      expect(a.status).toBe(401);
      expect(a.body).toEqual(b.body);
      expect(a.body.error).toBe('SESSION_ENDED');
      expect(await lastRound(sql, kept.id)).toEqual(before);
    });
  });

  it('round_act() checks the session in the statement that writes: refused (CC401), the round unchanged and the key not held', async () => {
    const p = await signIn(app);
    await games.hilo.open(p);
    const user = await sessionUser(sql, p, 'round-step');
    const read = (await rounds.readOpen(user.tokenHash, p.id, 'hilo'))!;
    const before = await lastRound(sql, p.id);
    const stepAs = (needVerified: boolean) =>
      step({
        tokenHash: user.tokenHash,
        userId: p.id,
        needVerified,
        round: read,
        state: { next: true },
        idempotency: { key: 'k', hash: 'h' },
      });
    // a guest's session never proved a wallet: told what is missing (CC407)
    await expect(stepAs(true)).rejects.toBeInstanceOf(ProofRequiredError);
    await revokeSessions(sql, p.id);
    await expect(stepAs(false)).rejects.toBeInstanceOf(SessionEndedError);
    expect(await lastRound(sql, p.id)).toEqual(before);
    expect(await keyCount(sql, p.id)).toBe('0');
  });

  it.each(bothGames)(
    '%s: the step checks the session before it writes: a revoked session is refused (401), an unproven wallet session 403',
    async (game) => {
      const p = await signIn(app);
      await games[game].open(p);
      const before = await lastRound(sql, p.id);
      const step = (user: SessionUser) =>
        game === 'hilo'
          ? app.get(HiloService).guess(user, { walletAddress: p.walletAddress, direction: 'higher' })
          : app.get(BlackjackService).act(user, 'hit');
      const user = await sessionUser(sql, p, 'round-step');
      // a guest claiming to be a wallet player: round_step() asks for a proven session
      await expect(step({ ...user, isGuest: false })).rejects.toBeInstanceOf(ProofRequiredError);
      await revokeSessions(sql, p.id);
      await expect(step(user)).rejects.toBeInstanceOf(SessionEndedError);
      expect(await lastRound(sql, p.id)).toEqual(before);
    },
  );

  it.each([
    ['hilo', 'a guess', (p: TestPlayer) => takeStep('hilo', p)],
    ['blackjack', 'a hit', (p: TestPlayer) => takeStep('blackjack', p)],
    [
      'blackjack',
      'a settling stand',
      (p: TestPlayer) => p.post('/api/games/blackjack/stand', { walletAddress: p.walletAddress }),
    ],
  ] as const)(
    "%s: %s with a session revoked elsewhere (still in the route's 2-second memory) is refused 401, the round untouched",
    async (game, _what, step) => {
      const p = await signIn(app);
      await games[game].open(p);
      expect((await takeStep(game, p)).status).toBe(200); // the route now remembers the session
      const before = await lastRound(sql, p.id);
      // another instance signed it out: this one's memory still holds it
      await revokeSessions(sql, p.id);
      expect(await step(p)).toMatchObject({ status: 401, body: { error: 'SESSION_ENDED' } });
      expect(await lastRound(sql, p.id)).toEqual(before);
    },
  );

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining(['POST /api/games/blackjack/hit', 'POST /api/games/hilo/guess']),
    });
  });
});
