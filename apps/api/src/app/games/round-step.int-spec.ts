import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  blackjackAct,
  blackjackDeal,
  fairStream,
  type BlackjackAction,
  type BlackjackState,
} from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import type { SessionUser } from '../auth/session.service';
import { ProofRequiredError } from '../auth/ownership';
import { IdempotencyRepository } from '../common/idempotency.repository';
import { RoundMovedError, SessionEndedError } from '../settlement/settlement-errors';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { forceSeeds, ledgerExact, VECTORS } from '../../test/seeds';
import { BlackjackService } from './blackjack.service';
import { HiloService } from './hilo.service';
import { RoundsRepository } from './rounds.repository';

const SEED = 'c0ffee'.repeat(10) + 'c0ffee00'.slice(0, 4);
const CLIENT = 'galaxy';
const v0 = VECTORS[0]; // hi-lo at nonce 0: A♣ → 6♦ → 5♣

/** The blackjack hand at `nonce` after `actions` (the engine itself). */
function after(nonce: number, actions: BlackjackAction[]): BlackjackState {
  let s = blackjackDeal(fairStream(SEED, CLIENT, nonce));
  for (const a of actions) {
    const r = blackjackAct(s, a, fairStream(SEED, CLIENT, nonce));
    if (!r.ok) throw new Error(r.error);
    s = r.state;
  }
  return s;
}

/** The first nonce whose hand is still the player's to play after `hits` hits. */
function openAfterHits(hits: number): number {
  for (let nonce = 0; nonce < 200_000; nonce++) {
    const actions = Array.from({ length: hits }, () => 'hit' as const);
    if (after(nonce, []).status === 'player' && after(nonce, actions).status === 'player') return nonce;
  }
  throw new Error('no such hand');
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

  const games = {
    /** A hi-lo run on A♣, whose right guess is 'higher' (6♦). */
    hilo: {
      open: async (p: TestPlayer) => {
        await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
        expect(
          (await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '10' })).status,
        ).toBe(200);
      },
      step: (p: TestPlayer, headers?: Record<string, string>) =>
        p.post('/api/games/hilo/guess', { walletAddress: p.walletAddress, direction: 'higher' }, headers),
      cards: (state: { cards: unknown[] }) => state.cards.length,
    },
    /** A blackjack hand whose hit does not end it. */
    blackjack: {
      open: async (p: TestPlayer) => {
        await forceSeeds(sql, p.id, SEED, CLIENT, openAfterHits(1));
        expect(
          (
            await p.post('/api/games/blackjack/deal', {
              walletAddress: p.walletAddress,
              currency: 'HC',
              betAmount: '10',
            })
          ).status,
        ).toBe(200);
      },
      step: (p: TestPlayer, headers?: Record<string, string>) =>
        p.post('/api/games/blackjack/hit', { walletAddress: p.walletAddress }, headers),
      cards: (state: BlackjackState) => state.hands[0].cards.length,
    },
  };
  type Game = keyof typeof games;
  const bothGames = Object.keys(games) as Game[];

  const round = async (p: TestPlayer) => {
    const [r] = await sql.query<{ state: never; seen: string; status: string }>(
      `SELECT state, xmin::text AS seen, status FROM game_rounds WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [p.id],
    );
    return r;
  };
  const sessionUser = async (p: TestPlayer): Promise<SessionUser> => {
    const [s] = await sql.query<{ token_hash: Buffer }>(`SELECT token_hash FROM sessions WHERE user_id = $1`, [p.id]);
    return {
      tokenHash: s.token_hash,
      userId: p.id,
      walletAddress: p.walletAddress,
      username: 'round-step',
      isGuest: true,
      ownershipVerified: false,
    };
  };

  /** Holds every readOpen() until `n` of them have read: their steps then race on the same row version. */
  function readTogether(n: number): void {
    const read = rounds.readOpen.bind(rounds);
    const waiting: Array<() => void> = [];
    jest.spyOn(rounds, 'readOpen').mockImplementation(async (tokenHash, userId, game) => {
      const row = await read(tokenHash, userId, game);
      await new Promise<void>((go) => {
        waiting.push(go);
        if (waiting.length === n) waiting.forEach((w) => w());
      });
      return row as never;
    });
  }

  it.each(bothGames)(
    "%s: the step and its Idempotency-Key commit in the step's own statement, with no transaction",
    async (game) => {
      const g = games[game];
      const p = await signIn(app);
      await g.open(p);
      const locks = jest.spyOn(rounds, 'lockOpen');
      // the answer's group write fails: the key row stays as round_step() wrote it
      jest.spyOn(app.get(IdempotencyRepository), 'answer').mockRejectedValueOnce(new Error('lost'));
      const res = await g.step(p, { 'Idempotency-Key': 'step-1' });
      expect(res.status).toBe(200);
      expect(locks).not.toHaveBeenCalled();
      const [held] = await sql.query<{ status_code: number; same_commit: boolean }>(
        `SELECT k.status_code,
                k.xmin::text = (SELECT r.xmin::text FROM game_rounds r WHERE r.user_id = k.user_id) AS same_commit
           FROM idempotency_keys k WHERE k.user_id = $1 AND k.key = 'step-1'`,
        [p.id],
      );
      expect(held).toEqual({ status_code: 0, same_commit: true });
    },
  );

  it.each(bothGames)('%s: a retry with the same Idempotency-Key replays the answer and draws no card', async (game) => {
    const g = games[game];
    const p = await signIn(app);
    await g.open(p);
    const first = await g.step(p, { 'Idempotency-Key': 'step-2' });
    expect(first.status).toBe(200);
    const before = await round(p);
    const retry = await app.inject({
      method: 'POST',
      url: game === 'hilo' ? '/api/games/hilo/guess' : '/api/games/blackjack/hit',
      payload:
        game === 'hilo' ? { walletAddress: p.walletAddress, direction: 'higher' } : { walletAddress: p.walletAddress },
      headers: { cookie: p.cookie, 'Idempotency-Key': 'step-2' },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json()).toEqual(first.body);
    expect(await round(p)).toEqual(before);
  });

  it('blackjack: two simultaneous hits both draw, one after the other (the second meets a moved round and plays locked)', async () => {
    const nonce = openAfterHits(2);
    const p = await signIn(app);
    await forceSeeds(sql, p.id, SEED, CLIENT, nonce);
    await p.post('/api/games/blackjack/deal', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '10' });
    readTogether(2);
    const locks = jest.spyOn(rounds, 'lockOpen');
    const [a, b] = await Promise.all([games.blackjack.step(p), games.blackjack.step(p)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(locks).toHaveBeenCalledTimes(1);
    const expected = after(nonce, ['hit', 'hit']);
    expect([a.body.playerCards.length, b.body.playerCards.length].sort()).toEqual([3, 4]);
    const { state } = await round(p);
    expect(state).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(990n * 100_000_000n), AMINA: '0' });
  });

  it('hi-lo: two simultaneous guesses both play, one after the other: no lost update', async () => {
    const p = await signIn(app);
    await games.hilo.open(p); // A♣
    readTogether(2);
    const [a, b] = await Promise.all([games.hilo.step(p), games.hilo.step(p)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // the first draws 6♦ (higher: right), the second plays on 6♦ and draws 5♣ (higher: wrong)
    const answers = [a.body, b.body].sort((x, y) => x.cards.length - y.cards.length);
    expect(answers.map((x) => [x.card.label, x.won])).toEqual([
      ['6♦', true],
      ['5♣', false],
    ]);
    const r = await round(p);
    expect(r.status).toBe('settled');
    expect(games.hilo.cards(r.state)).toBe(3);
    await ledgerExact(sql, p.id);
  });

  it('a step on a round read before another step changed it is refused: the round is unchanged and the key not held', async () => {
    const p = await signIn(app);
    await games.hilo.open(p);
    const user = await sessionUser(p);
    const stale = await rounds.readOpen(user.tokenHash, p.id, 'hilo');
    expect((await games.hilo.step(p)).status).toBe(200); // the round moves on: 6♦
    const moved = await round(p);
    await expect(
      rounds.step({
        tokenHash: user.tokenHash,
        userId: p.id,
        needVerified: false,
        round: stale!,
        state: { stale: true },
        idempotency: { key: 'stale-1', hash: 'h' },
      }),
    ).rejects.toBeInstanceOf(RoundMovedError);
    expect(await round(p)).toEqual(moved);
    const [n] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM idempotency_keys WHERE user_id = $1`, [p.id]);
    expect(n.n).toBe('0');
  });

  it('round_step() checks the session in the statement that writes: refused (CC401), the round unchanged and the key not held', async () => {
    const p = await signIn(app);
    await games.hilo.open(p);
    const user = await sessionUser(p);
    const read = (await rounds.readOpen(user.tokenHash, p.id, 'hilo'))!;
    const before = await round(p);
    const step = (needVerified: boolean) =>
      rounds.step({
        tokenHash: user.tokenHash,
        userId: p.id,
        needVerified,
        round: read,
        state: { next: true },
        idempotency: { key: 'k', hash: 'h' },
      });
    await expect(step(true)).rejects.toBeInstanceOf(SessionEndedError); // a guest's session never proved a wallet
    await sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [p.id]);
    await expect(step(false)).rejects.toBeInstanceOf(SessionEndedError);
    expect(await round(p)).toEqual(before);
    const [n] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM idempotency_keys WHERE user_id = $1`, [p.id]);
    expect(n.n).toBe('0');
  });

  it.each(bothGames)(
    '%s: the step checks the session before it writes: a revoked session is refused (401), an unproven wallet session 403',
    async (game) => {
      const g = games[game];
      const p = await signIn(app);
      await g.open(p);
      const before = await round(p);
      const step = (user: SessionUser) =>
        game === 'hilo'
          ? app.get(HiloService).guess(user, { walletAddress: p.walletAddress, direction: 'higher' })
          : app.get(BlackjackService).act(user, 'hit');
      const user = await sessionUser(p);
      // a guest claiming to be a wallet player: round_step() asks for a proven session
      await expect(step({ ...user, isGuest: false })).rejects.toBeInstanceOf(ProofRequiredError);
      await sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [p.id]);
      await expect(step(user)).rejects.toBeInstanceOf(SessionEndedError);
      expect(await round(p)).toEqual(before);
    },
  );

  it.each([
    ['hilo', 'a guess', (p: TestPlayer) => games.hilo.step(p)],
    ['blackjack', 'a hit', (p: TestPlayer) => games.blackjack.step(p)],
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
      expect((await games[game].step(p)).status).toBe(200); // the route now remembers the session
      const before = await round(p);
      // another instance signed it out: this one's memory still holds it
      await sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [p.id]);
      expect(await step(p)).toMatchObject({ status: 401, body: { error: 'SESSION_ENDED' } });
      expect(await round(p)).toEqual(before);
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
