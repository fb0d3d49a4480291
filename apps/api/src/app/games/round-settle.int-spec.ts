import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { blackjackReturn } from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import type { SessionUser } from '../auth/session.service';
import { ProofRequiredError } from '../auth/ownership';
import { IdempotencyRepository } from '../common/idempotency.repository';
import { MetricsService } from '../metrics/metrics.service';
import { SettlementService } from '../settlement/settlement.service';
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
import { RoundsRepository, type SeenRound } from './rounds.repository';

/** The first nonce whose dealt hand is the player's to play and ends, paying or not, after `action`. */
function endsAfter(action: 'hit' | 'stand', pays: boolean): number {
  return firstNonce((nonce) => {
    const end = handAfter(nonce, [action]);
    if (dealtHand(nonce).status !== 'player' || end?.status !== 'settled') return false;
    const ret = blackjackReturn(end);
    return (ret !== null && ret.num > 0n) === pays;
  });
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
    await startHiloOnAce(sql, p);
    await post(p, '/api/games/hilo/guess', { walletAddress: p.walletAddress, direction: 'higher' });
  };
  const dealAt = (nonce: number) => (p: TestPlayer) => dealBlackjack(sql, p, nonce);

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

      // the same ending played the locked way: the round was changed elsewhere since this process
      // last wrote it (its kept version is stale) and the unlocked read finds nothing
      await sql.query(`UPDATE game_rounds SET updated_at = now() WHERE user_id = $1 AND status = 'open'`, [locked.id]);
      const read = jest.spyOn(rounds, 'readOpen').mockResolvedValue(null);
      const b = await post(locked, e.url, e.body(locked));
      read.mockRestore();
      expect(locks).toHaveBeenCalledTimes(1);
      expect(settled).toHaveBeenCalledTimes(2);
      expect(settled.mock.calls[0]).toEqual(settled.mock.calls[1]);

      expect(a.body.gameOver).toBe(true);
      expect({ ...a.body, betId: 'b' }).toEqual({ ...b.body, betId: 'b' });
      expect((await lastRound(sql, one.id)).bet_id).toBe(a.body.betId);
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
      expect(await keyCommit(sql, p.id, 'end-1', ['round', 'bet'])).toEqual({ status_code: 0, round: true, bet: true });
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
      expect(await retry(app, p, e.url, e.body(p), 'end-2')).toEqual({ status: 200, replay: 'true', body: first.body });
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
      readTogether(rounds, 2);
      const locks = jest.spyOn(rounds, 'lockOpen');
      const answers = await Promise.all([p.post(e.url, e.body(p)), p.post(e.url, e.body(p))]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(locks).toHaveBeenCalledTimes(1);
      expect((await written(p)).bets).toHaveLength(1);
      expect((await lastRound(sql, p.id)).status).toBe('settled');
      await ledgerExact(sql, p.id);
    },
  );

  describe('round_act() ending a round refuses, with nothing written', () => {
    const end = (user: SessionUser, round: SeenRound<unknown>, needVerified = false) =>
      app.get(SettlementService).commit({
        kind: 'act',
        act: {
          game: round.game,
          currency: round.currency,
          tokenHash: user.tokenHash,
          userId: user.userId,
          needVerified,
          roundId: round.id,
          seen: round.seen,
          state: '{"over":true}',
          playsOn: false,
          extra: 0n,
          end: { staked: 10n, payout: 5n, multiplier: '0.5' },
          idempotency: { key: 'refused', hash: 'h' },
        },
      });
    const nothingWritten = async (p: TestPlayer, before: unknown) => {
      expect(await lastRound(sql, p.id)).toEqual(before);
      expect((await written(p)).bets).toEqual([]);
      expect(await keyCount(sql, p.id)).toBe('0');
    };

    it('a round read before another step changed it (CC412)', async () => {
      const p = await signIn(app);
      await startHiloOnAce(sql, p);
      const user = await sessionUser(sql, p, 'round-settle');
      const stale = (await rounds.readOpen(user.tokenHash, p.id, 'hilo'))!;
      await post(p, '/api/games/hilo/guess', { walletAddress: p.walletAddress, direction: 'higher' }); // moves on: 6♦
      const before = await lastRound(sql, p.id);
      const metrics = jest.spyOn(app.get(MetricsService), 'betSettled');
      await expect(end(user, stale)).rejects.toBeInstanceOf(RoundMovedError);
      expect(metrics).not.toHaveBeenCalled();
      await nothingWritten(p, before);
    });

    it('a session not valid for the round: never proven (CC407), then revoked (CC401)', async () => {
      const p = await signIn(app);
      await hiloAfterOneGuess(p);
      const user = await sessionUser(sql, p, 'round-settle');
      const read = (await rounds.readOpen(user.tokenHash, p.id, 'hilo'))!;
      const before = await lastRound(sql, p.id);
      await expect(end(user, read, true)).rejects.toBeInstanceOf(ProofRequiredError);
      await revokeSessions(sql, p.id);
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
      const before = await lastRound(sql, p.id);
      // another instance signed it out: this one's memory still holds it
      await revokeSessions(sql, p.id);
      expect(await p.post(e.url, e.body(p))).toMatchObject({ status: 401, body: { error: 'SESSION_ENDED' } });
      expect(await lastRound(sql, p.id)).toEqual(before);
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
