import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { fairStream, hiloStart } from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import { ProofRequiredError } from '../auth/ownership';
import type { SessionUser } from '../auth/session.service';
import { IdempotencyRepository } from '../common/idempotency.repository';
import { toJson } from '../common/json';
import { SettlementService } from '../settlement/settlement.service';
import { SessionEndedError } from '../settlement/settlement-errors';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import {
  CLIENT,
  dealtHand,
  firstNonce,
  keyCommit,
  keyCount,
  retry,
  revokeSessions,
  SEED,
  sessionUser,
} from '../../test/rounds';
import { forceSeeds, ledgerExact } from '../../test/seeds';
import { RoundOpener } from './round-open';
import { RoundsRepository } from './rounds.repository';
import { SeedCache } from './seed-cache';
import { SeedsService } from '../seeds/seeds.service';

const HC = 100_000_000n;

/** The first nonce from `from` whose dealt hand settles at once (a blackjack), or stays open. */
function dealAt(settles: boolean, from = 0): number {
  return firstNonce((nonce) => (dealtHand(nonce).status === 'settled') === settles, from);
}

/** A round-opening action: hi-lo start, or a blackjack deal whose hand stays open. */
interface Opening {
  url: string;
  body(p: TestPlayer): object;
  /** The state the round opens with at `nonce`. */
  state(nonce: number): unknown;
  alreadyOpen: string;
}

describe('rounds opened in one statement: round_open() (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  /** Counts the round_open() statements sent alone from now on (SettlementService.commit of an opening). */
  const openingsSent = (): (() => number) => {
    const commit = jest.spyOn(app.get(SettlementService), 'commit');
    // the optimistic tries: the locked way sends its round_open() in its transaction (`db`)
    return () => commit.mock.calls.filter(([w, where]) => w.kind === 'open' && !where?.db).length;
  };
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  const openings: Record<string, Opening> = {
    'hi-lo start': {
      url: '/api/games/hilo/start',
      body: (p) => ({ walletAddress: p.walletAddress, currency: 'HC', bet: '10' }),
      state: (nonce) => hiloStart(fairStream(SEED, CLIENT, nonce)),
      alreadyOpen: 'You already have a Hi-Lo game in progress: guess or cash out first',
    },
    'blackjack deal': {
      url: '/api/games/blackjack/deal',
      body: (p) => ({ walletAddress: p.walletAddress, currency: 'HC', betAmount: '10' }),
      state: (nonce) => dealtHand(nonce),
      alreadyOpen: 'You already have a blackjack hand in progress: finish it first',
    },
  };
  const named = Object.keys(openings);
  /** Two nonces whose hands stay open: the seed cache's stale guess, and where the pair is. */
  const STALE_NONCE = dealAt(false);
  const OPEN_NONCE = dealAt(false, STALE_NONCE + 1);

  /** A fresh player whose pair is at OPEN_NONCE of the test seeds (before any bet fills the seed cache). */
  const player = async () => {
    const p = await signIn(app);
    await forceSeeds(sql, p.id, SEED, CLIENT, OPEN_NONCE);
    return p;
  };
  /** The player's rounds, pair nonce, and 'bet' ledger rows, without ids and times. */
  const written = async (p: TestPlayer) => {
    const rounds = await sql.query<{ id: string }>(
      `SELECT id, game, status, currency, stake, staked, nonce, state, bet_id FROM game_rounds WHERE user_id = $1 ORDER BY id`,
      [p.id],
    );
    const ledger = await sql.query<{ ref: string }>(
      `SELECT currency, delta, balance_after, kind, ref FROM ledger WHERE user_id = $1 AND kind <> 'signup' ORDER BY id`,
      [p.id],
    );
    const [pair] = await sql.query<{ nonce: string }>(`SELECT nonce FROM seed_pairs WHERE user_id = $1 AND active`, [
      p.id,
    ]);
    const names = new Map(rounds.map((r, i) => [`round:${r.id}`, `round:#${i}`]));
    return {
      rounds: rounds.map(({ id: _id, ...r }) => r),
      ledger: ledger.map((l) => ({ ...l, ref: names.get(l.ref) ?? l.ref })),
      nonce: pair.nonce,
    };
  };

  it.each(named)('%s: one statement writes the very rows and answer of the locked way', async (name) => {
    const o = openings[name];
    const [one, locked] = [await player(), await player()];
    const tx = jest.spyOn(sql, 'tx');
    const a = await one.post(o.url, o.body(one));
    expect(a.status).toBe(200);
    expect(tx).not.toHaveBeenCalled();

    // the same opening the locked way: the one-statement path gives way before writing
    jest.spyOn(app.get(RoundOpener), 'open').mockResolvedValueOnce(null);
    const b = await locked.post(o.url, o.body(locked));
    expect(b.status).toBe(200);
    expect(tx).toHaveBeenCalledTimes(1);

    const rows = await written(one);
    expect(rows).toEqual(await written(locked));
    expect(rows).toMatchObject({
      rounds: [{ status: 'open', nonce: String(OPEN_NONCE), state: JSON.parse(toJson(o.state(OPEN_NONCE))) }],
      ledger: [{ delta: String(-10n * HC), kind: 'bet', ref: 'round:#0' }],
      nonce: String(OPEN_NONCE + 1),
    });
    const { roundId: _a, ...answer } = a.body;
    const { roundId: _b, ...lockedAnswer } = b.body;
    expect(answer).toEqual(lockedAnswer);
    expect(await ledgerExact(sql, one.id)).toEqual({ HC: String(990n * HC), AMINA: '0' });
  });

  it.each(named)("%s: the round and its Idempotency-Key commit in the opening's own statement", async (name) => {
    const o = openings[name];
    const p = await player();
    // the answer's group write fails: the key row stays as round_open() wrote it
    jest.spyOn(app.get(IdempotencyRepository), 'answer').mockRejectedValueOnce(new Error('lost'));
    expect((await p.post(o.url, o.body(p), { 'Idempotency-Key': 'open-1' })).status).toBe(200);
    expect(await keyCommit(sql, p.id, 'open-1', ['round', 'pair'])).toEqual({
      status_code: 0,
      round: true,
      pair: true,
    });
  });

  it.each(named)(
    '%s: a retry with the same Idempotency-Key replays the answer and opens nothing more',
    async (name) => {
      const o = openings[name];
      const p = await player();
      const first = await p.post(o.url, o.body(p), { 'Idempotency-Key': 'open-2' });
      expect(first.status).toBe(200);
      const before = await written(p);
      expect(await retry(app, p, o.url, o.body(p), 'open-2')).toEqual({
        status: 200,
        replay: 'true',
        body: first.body,
      });
      expect(await written(p)).toEqual(before);
    },
  );

  it.each(named)(
    "%s: a nonce moved behind the seed cache's back is retried where it is now (CC409 names it)",
    async (name) => {
      const o = openings[name];
      const p = await signIn(app);
      await forceSeeds(sql, p.id, SEED, CLIENT, STALE_NONCE);
      await app.get(SeedCache).get(p.id); // expects STALE_NONCE
      await sql.query(`UPDATE seed_pairs SET nonce = $2 WHERE user_id = $1 AND active`, [p.id, OPEN_NONCE]);
      const calls = openingsSent();
      const tx = jest.spyOn(sql, 'tx');
      const res = await p.post(o.url, o.body(p));
      expect(res.status).toBe(200);
      expect(res.body.nonce).toBe(OPEN_NONCE);
      expect(calls()).toBe(2);
      expect(tx).not.toHaveBeenCalled();
      expect((await written(p)).rounds).toMatchObject([{ state: JSON.parse(toJson(o.state(OPEN_NONCE))) }]);
    },
  );

  it("a pair rotated behind the seed cache's back (CC409 names no nonce): the opening reloads the pair and opens on the new one", async () => {
    const p = await signIn(app);
    await app.get(SeedCache).get(p.id);
    await app.get(SeedsService).rotate(p.id);
    const calls = openingsSent();
    const res = await p.post(openings['hi-lo start'].url, openings['hi-lo start'].body(p));
    expect(res.status).toBe(200);
    expect(calls()).toBe(2);
    const [r] = await sql.query<{ on_active: boolean; nonce: string }>(
      `SELECT r.seed_pair_id = s.id AS on_active, r.nonce FROM game_rounds r, seed_pairs s
        WHERE r.user_id = $1 AND s.user_id = $1 AND s.active`,
      [p.id],
    );
    expect(r).toEqual({ on_active: true, nonce: '0' });
  });

  it('a nonce that keeps moving gives way to the locked transaction, which opens the round once and stores the answer with the key', async () => {
    const o = openings['hi-lo start'];
    const p = await signIn(app);
    await forceSeeds(sql, p.id, SEED, CLIENT, STALE_NONCE);
    const cache = app.get(SeedCache);
    await cache.get(p.id);
    await sql.query(`UPDATE seed_pairs SET nonce = $2 WHERE user_id = $1 AND active`, [p.id, OPEN_NONCE]);
    jest.spyOn(cache, 'movedTo').mockImplementation(() => undefined); // the cache never learns
    const calls = openingsSent();
    const takes = jest.spyOn(app.get(RoundsRepository), 'lockPair');
    const res = await p.post(o.url, o.body(p), { 'Idempotency-Key': 'locked-1' });
    expect(res.status).toBe(200);
    expect(calls()).toBe(4);
    expect(takes).toHaveBeenCalledTimes(1);
    const [held] = await sql.query<{ status_code: number; response: unknown }>(
      `SELECT status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = 'locked-1'`,
      [p.id],
    );
    expect(held).toEqual({ status_code: 200, response: res.body });
    expect(await written(p)).toMatchObject({ rounds: [{ nonce: String(OPEN_NONCE) }], nonce: String(OPEN_NONCE + 1) });
    await ledgerExact(sql, p.id);
  });

  it('a blackjack dealt to settle at once keeps the locked transaction, and settles', async () => {
    const p = await signIn(app);
    await forceSeeds(sql, p.id, SEED, CLIENT, dealAt(true));
    const calls = openingsSent();
    const res = await p.post('/api/games/blackjack/deal', openings['blackjack deal'].body(p));
    expect(res.status).toBe(200);
    expect(res.body.gameOver).toBe(true);
    expect(calls()).toBe(0);
    expect((await written(p)).rounds).toMatchObject([{ status: 'settled', bet_id: res.body.betId }]);
    await ledgerExact(sql, p.id);
  });

  it.each(named)(
    "%s: two at once open one round; the other is refused with today's message, having written nothing",
    async (name) => {
      const o = openings[name];
      const p = await player();
      const answers = await Promise.all([p.post(o.url, o.body(p)), p.post(o.url, o.body(p))]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ error: 'CONFLICT', message: o.alreadyOpen });
      expect(await written(p)).toMatchObject({ rounds: [{ status: 'open' }], nonce: String(OPEN_NONCE + 1) });
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(990n * HC), AMINA: '0' });
    },
  );

  describe('refusals write nothing: no nonce taken, no round, no debit, no key', () => {
    const refused = async (p: TestPlayer, o: Opening, status: number, error: string) => {
      const before = await written(p);
      expect(await p.post(o.url, o.body(p), { 'Idempotency-Key': 'refused' })).toMatchObject({
        status,
        body: { error },
      });
      expect(await written(p)).toEqual(before);
      expect(await keyCount(sql, p.id)).toBe('0');
    };

    it('the daily loss limit counts the open rounds (check_play_allowed())', async () => {
      const p = await player();
      expect((await p.post(openings['blackjack deal'].url, openings['blackjack deal'].body(p))).status).toBe(200);
      await sql.query(`INSERT INTO player_limits (user_id) VALUES ($1)`, [p.id]);
      await sql.query(
        `INSERT INTO player_limit_windows (user_id, kind, currency, period, live) VALUES ($1, 'loss', 'HC', '24h', $2)`,
        [p.id, 15n * HC],
      );
      await refused(p, openings['hi-lo start'], 429, 'LOSS_LIMIT'); // 10 open + 10 > 15
    });

    it.each(named)('%s: a balance short of the stake', async (name) => {
      const p = await player();
      // down to 5 HC the ledger's way: the casino's ledger stays exact for the suites after this one
      await sql.tx(
        (db) =>
          app.get(SettlementService).apply(db, {
            kind: 'adjustment',
            userId: p.id,
            currency: 'HC',
            delta: -995n * HC,
            note: 'round-open-test',
          }),
        null,
      );
      await refused(p, openings[name], 400, 'INSUFFICIENT_BALANCE');
    });

    it('a session not valid for the opening: never proven (CC407), then revoked (CC401)', async () => {
      const p = await player();
      const { tokenHash } = await sessionUser(sql, p, 'round-open');
      const [pair] = await sql.query<{ id: string }>(`SELECT id FROM seed_pairs WHERE user_id = $1 AND active`, [p.id]);
      const before = await written(p);
      const open = (needVerified: boolean) =>
        app.get(SettlementService).commit({
          kind: 'open',
          opening: {
            tokenHash,
            userId: p.id,
            needVerified,
            game: 'hilo',
            currency: 'HC',
            stake: 10n * HC,
            pairId: String(pair.id),
            nonce: BigInt(OPEN_NONCE),
            state: '{}',
            idempotency: { key: 'k', hash: 'h' },
          },
        });
      await expect(open(true)).rejects.toBeInstanceOf(ProofRequiredError); // never proven: CC407
      await revokeSessions(sql, p.id);
      await expect(open(false)).rejects.toBeInstanceOf(SessionEndedError);
      expect(await written(p)).toEqual(before);
      expect(await keyCount(sql, p.id)).toBe('0');
    });

    it('a guest asking as a wallet player is told to prove the wallet (403)', async () => {
      const p = await player();
      const user: SessionUser = { ...(await sessionUser(sql, p, 'round-open')), isGuest: false };
      const before = await written(p);
      await expect(
        app.get(RoundOpener).open(user, {
          game: 'hilo',
          currency: 'HC',
          stake: 10n * HC,
          deal: hiloStart,
          alreadyOpen: 'open',
        }),
      ).rejects.toMatchObject({ status: 403 });
      expect(await written(p)).toEqual(before);
    });
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining(['POST /api/games/hilo/start', 'POST /api/games/blackjack/deal']),
    });
  });
});
