import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  blackjackAct,
  blackjackDeal,
  blackjackReturn,
  fairStream,
  type BlackjackAction,
  type BlackjackState,
} from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import type { SessionUser } from '../auth/session.service';
import { IdempotencyRepository } from '../common/idempotency.repository';
import { MetricsService } from '../metrics/metrics.service';
import { SettlementService } from '../settlement/settlement.service';
import { RoundMovedError, SessionEndedError } from '../settlement/settlement-errors';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { forceSeeds, ledgerExact, VECTORS } from '../../test/seeds';
import { RoundsRepository, type SeenRound } from './rounds.repository';

const SEED = 'c0ffee'.repeat(10) + 'c0ffee00'.slice(0, 4);
const CLIENT = 'galaxy';
const v0 = VECTORS[0]; // hi-lo at nonce 0: A♣ → 6♦ → 5♣

/** The blackjack hand at `nonce` after `actions` (the engine itself); null when one is refused. */
function after(nonce: number, actions: BlackjackAction[]): BlackjackState | null {
  let s = blackjackDeal(fairStream(SEED, CLIENT, nonce));
  for (const a of actions) {
    const r = blackjackAct(s, a, fairStream(SEED, CLIENT, nonce));
    if (!r.ok) return null;
    s = r.state;
  }
  return s;
}

/** The first nonce whose dealt hand is the player's to play and ends, paying or not, after `action`. */
function endsAfter(action: 'hit' | 'stand', pays: boolean): number {
  for (let nonce = 0; nonce < 200_000; nonce++) {
    const end = after(nonce, [action]);
    if (after(nonce, [])?.status !== 'player' || end?.status !== 'settled') continue;
    const ret = blackjackReturn(end);
    if ((ret !== null && ret.num > 0n) === pays) return nonce;
  }
  throw new Error('no such hand');
}

/** A round brought to its last step, and that step: each ends the round without staking more. */
interface Ending {
  game: 'hilo' | 'blackjack';
  open(p: TestPlayer): Promise<void>;
  url: string;
  body(p: TestPlayer): object;
}

describe('round endings in one statement: round_settle() (real PostgreSQL)', () => {
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

  const post = async (p: TestPlayer, url: string, body: object) => {
    const res = await p.post(url, body);
    expect(res.status).toBe(200);
    return res;
  };
  /** A hi-lo run on A♣ whose first guess, 'higher', was right (6♦); 'higher' again loses (5♣). */
  const hiloAfterOneGuess = async (p: TestPlayer) => {
    await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
    await post(p, '/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '10' });
    await post(p, '/api/games/hilo/guess', { walletAddress: p.walletAddress, direction: 'higher' });
  };
  const dealAt = (nonce: number) => async (p: TestPlayer) => {
    await forceSeeds(sql, p.id, SEED, CLIENT, nonce);
    await post(p, '/api/games/blackjack/deal', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '10' });
  };

  const endings: Record<string, Ending> = {
    'hi-lo cashout': {
      game: 'hilo',
      open: hiloAfterOneGuess,
      url: '/api/games/hilo/cashout',
      body: (p) => ({ walletAddress: p.walletAddress }),
    },
    'hi-lo losing guess': {
      game: 'hilo',
      open: hiloAfterOneGuess,
      url: '/api/games/hilo/guess',
      body: (p) => ({ walletAddress: p.walletAddress, direction: 'higher' }),
    },
    'blackjack stand that wins': {
      game: 'blackjack',
      open: dealAt(endsAfter('stand', true)),
      url: '/api/games/blackjack/stand',
      body: (p) => ({ walletAddress: p.walletAddress }),
    },
    'blackjack hit that busts': {
      game: 'blackjack',
      open: dealAt(endsAfter('hit', false)),
      url: '/api/games/blackjack/hit',
      body: (p) => ({ walletAddress: p.walletAddress }),
    },
  };
  const named = Object.keys(endings);

  const lastRound = async (p: TestPlayer) => {
    const [r] = await sql.query<{ status: string; seen: string; state: unknown; bet_id: string | null }>(
      `SELECT status, xmin::text AS seen, state, bet_id FROM game_rounds WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [p.id],
    );
    return r;
  };
  /** The player's bets and ledger rows, without ids, pairs and times (a bet's ref names it as "bet"). */
  const written = async (p: TestPlayer) => {
    const bets = await sql.query<{ id: string }>(
      `SELECT id, game, currency, amount, payout, multiplier, nonce, outcome FROM bets WHERE user_id = $1 ORDER BY id`,
      [p.id],
    );
    const ledger = await sql.query<{ ref: string }>(
      `SELECT currency, delta, balance_after, kind, ref FROM ledger WHERE user_id = $1 AND kind IN ('bet', 'win') ORDER BY id`,
      [p.id],
    );
    const roundIds = await sql.query<{ id: string }>(`SELECT id FROM game_rounds WHERE user_id = $1`, [p.id]);
    const names = new Map<string, string>([
      ...bets.map((b, i): [string, string] => [`bet:${b.id}`, `bet:#${i}`]),
      ...roundIds.map((r, i): [string, string] => [`round:${r.id}`, `round:#${i}`]),
    ]);
    return {
      bets: bets.map(({ id: _id, ...b }) => b),
      ledger: ledger.map((l) => ({ ...l, ref: names.get(l.ref) ?? l.ref })),
    };
  };
  const sessionUser = async (p: TestPlayer): Promise<SessionUser> => {
    const [s] = await sql.query<{ token_hash: Buffer }>(`SELECT token_hash FROM sessions WHERE user_id = $1`, [p.id]);
    return {
      tokenHash: s.token_hash,
      userId: p.id,
      walletAddress: p.walletAddress,
      username: 'round-settle',
      isGuest: true,
      ownershipVerified: false,
    };
  };

  it.each(named)(
    '%s: one statement writes the very rows, answer and metrics of the locked settlement',
    async (name) => {
      const e = endings[name];
      const [one, locked] = [await signIn(app), await signIn(app)];
      await e.open(one);
      await e.open(locked);
      const settled = jest.spyOn(app.get(MetricsService), 'betSettled');
      const locks = jest.spyOn(rounds, 'lockOpen');

      const a = await post(one, e.url, e.body(one));
      expect(locks).not.toHaveBeenCalled();
      expect(settled).toHaveBeenCalledTimes(1);

      // the same ending played the locked way: the unlocked read finds nothing
      jest.spyOn(rounds, 'readOpen').mockResolvedValueOnce(null);
      const b = await post(locked, e.url, e.body(locked));
      expect(locks).toHaveBeenCalledTimes(1);
      expect(settled).toHaveBeenCalledTimes(2);
      expect(settled.mock.calls[0]).toEqual(settled.mock.calls[1]);

      expect(a.body.gameOver).toBe(true);
      expect({ ...a.body, betId: 'b' }).toEqual({ ...b.body, betId: 'b' });
      expect((await lastRound(one)).bet_id).toBe(a.body.betId);
      const rows = await written(one);
      expect(rows).toEqual(await written(locked));
      expect(rows.ledger.some((l) => l.ref === 'bet:#0')).toBe(a.body.winAmount !== '0');
      expect(a.body.balance).toBe(b.body.balance);
      expect(await ledgerExact(sql, one.id)).toEqual(await ledgerExact(sql, locked.id));
    },
  );

  it.each(named)(
    "%s: the settlement and its Idempotency-Key commit in the settlement's own statement",
    async (name) => {
      const e = endings[name];
      const p = await signIn(app);
      await e.open(p);
      // the answer's group write fails: the key row stays as round_settle() wrote it
      jest.spyOn(app.get(IdempotencyRepository), 'answer').mockRejectedValueOnce(new Error('lost'));
      const res = await p.post(e.url, e.body(p), { 'Idempotency-Key': 'end-1' });
      expect(res.status).toBe(200);
      const [held] = await sql.query<{ status_code: number; same_round: boolean; same_bet: boolean }>(
        `SELECT k.status_code,
              k.xmin::text = (SELECT r.xmin::text FROM game_rounds r WHERE r.user_id = k.user_id) AS same_round,
              k.xmin::text = (SELECT b.xmin::text FROM bets b WHERE b.user_id = k.user_id) AS same_bet
         FROM idempotency_keys k WHERE k.user_id = $1 AND k.key = 'end-1'`,
        [p.id],
      );
      expect(held).toEqual({ status_code: 0, same_round: true, same_bet: true });
    },
  );

  it.each(named)(
    '%s: a retry with the same Idempotency-Key replays the answer and settles nothing more',
    async (name) => {
      const e = endings[name];
      const p = await signIn(app);
      await e.open(p);
      const first = await p.post(e.url, e.body(p), { 'Idempotency-Key': 'end-2' });
      expect(first.status).toBe(200);
      const before = await written(p);
      const retry = await app.inject({
        method: 'POST',
        url: e.url,
        payload: e.body(p),
        headers: { cookie: p.cookie, 'Idempotency-Key': 'end-2' },
      });
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replay']).toBe('true');
      expect(retry.json()).toEqual(first.body);
      expect(await written(p)).toEqual(before);
    },
  );

  it.each(named)(
    '%s: two simultaneous endings settle once: the second meets a moved round, plays locked and finds it over',
    async (name) => {
      const e = endings[name];
      const p = await signIn(app);
      await e.open(p);
      // hold every unlocked read until both have read: they race on the same row version
      const read = rounds.readOpen.bind(rounds);
      const waiting: Array<() => void> = [];
      jest.spyOn(rounds, 'readOpen').mockImplementation(async (tokenHash, userId, game) => {
        const row = await read(tokenHash, userId, game);
        await new Promise<void>((go) => {
          waiting.push(go);
          if (waiting.length === 2) waiting.forEach((w) => w());
        });
        return row as never;
      });
      const locks = jest.spyOn(rounds, 'lockOpen');
      const answers = await Promise.all([p.post(e.url, e.body(p)), p.post(e.url, e.body(p))]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(locks).toHaveBeenCalledTimes(1);
      expect((await written(p)).bets).toHaveLength(1);
      expect((await lastRound(p)).status).toBe('settled');
      await ledgerExact(sql, p.id);
    },
  );

  describe('round_settle() refuses, with nothing written', () => {
    const end = (user: SessionUser, round: SeenRound<unknown>, needVerified = false) =>
      app.get(SettlementService).settleSeenRound(round, {
        tokenHash: user.tokenHash,
        userId: user.userId,
        needVerified,
        roundId: round.id,
        seen: round.seen,
        state: '{"over":true}',
        staked: 10n,
        payout: 5n,
        multiplier: '0.5',
        idempotency: { key: 'refused', hash: 'h' },
      });
    const nothingWritten = async (p: TestPlayer, before: unknown) => {
      expect(await lastRound(p)).toEqual(before);
      expect((await written(p)).bets).toEqual([]);
      const [n] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM idempotency_keys WHERE user_id = $1`, [
        p.id,
      ]);
      expect(n.n).toBe('0');
    };

    it('a round read before another step changed it (CC412)', async () => {
      const p = await signIn(app);
      await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
      await post(p, '/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '10' });
      const user = await sessionUser(p);
      const stale = (await rounds.readOpen(user.tokenHash, p.id, 'hilo'))!;
      await post(p, '/api/games/hilo/guess', { walletAddress: p.walletAddress, direction: 'higher' }); // moves on: 6♦
      const before = await lastRound(p);
      const metrics = jest.spyOn(app.get(MetricsService), 'betSettled');
      await expect(end(user, stale)).rejects.toBeInstanceOf(RoundMovedError);
      expect(metrics).not.toHaveBeenCalled();
      await nothingWritten(p, before);
    });

    it('a session not valid for the round (CC401): never proven, then revoked', async () => {
      const p = await signIn(app);
      await hiloAfterOneGuess(p);
      const user = await sessionUser(p);
      const read = (await rounds.readOpen(user.tokenHash, p.id, 'hilo'))!;
      const before = await lastRound(p);
      await expect(end(user, read, true)).rejects.toBeInstanceOf(SessionEndedError);
      await sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [p.id]);
      await expect(end(user, read)).rejects.toBeInstanceOf(SessionEndedError);
      await nothingWritten(p, before);
    });
  });

  it.each(named)(
    "%s with a session revoked elsewhere (still in the route's 2-second memory) is refused 401, the round open",
    async (name) => {
      const e = endings[name];
      const p = await signIn(app);
      await e.open(p);
      // the route now remembers the session: the other game's action, refused with no round to act on
      const other =
        e.game === 'hilo'
          ? p.post('/api/games/blackjack/stand', { walletAddress: p.walletAddress })
          : p.post('/api/games/hilo/guess', { walletAddress: p.walletAddress, direction: 'higher' });
      expect((await other).status).toBe(409);
      const before = await lastRound(p);
      // another instance signed it out: this one's memory still holds it
      await sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [p.id]);
      expect(await p.post(e.url, e.body(p))).toMatchObject({ status: 401, body: { error: 'SESSION_ENDED' } });
      expect(await lastRound(p)).toEqual(before);
    },
  );

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'POST /api/games/hilo/cashout',
        'POST /api/games/hilo/guess',
        'POST /api/games/blackjack/stand',
        'POST /api/games/blackjack/hit',
      ]),
    });
  });
});
