import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { verify } from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import { createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { ledgerExact } from '../../test/seeds';
import { answeredByServer, BetBatcher } from './bet-batcher';
import { NonceMovedError, SessionEndedError } from '../settlement/settlement-errors';
import { placeBetsArguments, type BetToPlace } from '../settlement/settlement.repository';
import { settlementOver } from '../../test/settlement';

const U = 100_000_000n;

describe('BetBatcher: group commit of instant bets (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  /** A 1 HC bet for `p` at its active pair's current nonce, as InstantBetService would send it. */
  async function betOf(p: TestPlayer, over: Partial<BetToPlace> = {}): Promise<BetToPlace> {
    const [s] = await sql.query<{ token_hash: Buffer; pair: string; nonce: string }>(
      `SELECT s.token_hash, sp.id AS pair, sp.nonce FROM sessions s JOIN seed_pairs sp ON sp.user_id = s.user_id AND sp.active WHERE s.user_id = $1`,
      [p.id],
    );
    return {
      tokenHash: s.token_hash,
      userId: p.id,
      needVerified: false,
      currency: 'HC',
      stake: U,
      payout: 2n * U,
      pairId: String(s.pair),
      nonce: BigInt(s.nonce),
      game: 'dice',
      multiplier: '2',
      outcome: '{"dice":[6,2]}',
      ...over,
    };
  }

  const nonceOf = async (p: TestPlayer) => Number((await p.get('/api/game-seeds/current')).body.nonce);
  const betsOf = async (p: TestPlayer) =>
    Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM bets WHERE user_id = $1', [p.id]))[0].n);

  it("places bets on its own connections: a dice bet is settled while every one of the pool's connections is held by a transaction", async () => {
    const p = await signIn(app);
    const roll = () =>
      p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'low' });
    expect((await roll()).status).toBe(200); // the session and the seed pair are in memory now
    const max = sql.pool.options.max;
    const held = await Promise.all(Array.from({ length: max }, () => sql.pool.connect()));
    try {
      await Promise.all(held.map((c) => c.query('BEGIN')));
      expect(sql.pool.idleCount).toBe(0);
      const started = Date.now();
      const second = await roll();
      expect(second.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000); // the pool would have made it wait for a connection (10 s)
      expect(sql.pool.waitingCount).toBe(0);
    } finally {
      await Promise.all(held.map((c) => c.query('ROLLBACK')));
      held.forEach((c) => c.release());
    }
    await ledgerExact(sql, p.id);
    const [n] = await sql.query<{ n: string }>('SELECT count(*) AS n FROM bets WHERE user_id = $1', [p.id]);
    expect(n.n).toBe('2');
  });

  it('settles the bets of many players sent at once in shared calls, each exactly as alone', async () => {
    const batcher = app.get(BetBatcher);
    const players = await Promise.all(Array.from({ length: 40 }, () => signIn(app)));
    const before = { ...batcher.stats };
    const answers = await Promise.all(
      players.map((p) =>
        p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '10', betType: 'high' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(players.map(() => 200));
    // the calls in flight made the others wait and go together
    expect(batcher.stats.bets - before.bets).toBe(40);
    expect(batcher.stats.calls - before.calls).toBeLessThan(40);
    expect(batcher.stats.largest).toBeGreaterThan(1);
    const [row] = await sql.query<{ commits: string }>(
      'SELECT count(DISTINCT xmin::text) AS commits FROM bets WHERE user_id = ANY($1)',
      [players.map((p) => p.id)],
    );
    expect(Number(row.commits)).toBeLessThan(40); // bets shared commits
    for (const [i, p] of players.entries()) {
      const a = answers[i].body;
      // each answer is its player's own: the balance it shows is in the database and the ledger
      expect((await ledgerExact(sql, p.id))['HC']).toBe(String(BigInt(a.balance) * U));
      expect(BigInt(a.balance)).toBe(a.isWin ? 1010n : 990n);
      expect(await nonceOf(p)).toBe(1);
      const [row] = await sql.query<{ id: string; amount: string; payout: string; nonce: string }>(
        'SELECT id, amount, payout, nonce FROM bets WHERE user_id = $1',
        [p.id],
      );
      expect(row).toEqual({
        id: a.betId,
        amount: String(10n * U),
        payout: a.isWin ? String(20n * U) : '0',
        nonce: '0',
      });
      // and provably fair: the revealed seed replays to the same dice
      const { revealed } = (await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress })).body;
      const replay = verify('dice', revealed.serverSeed, revealed.clientSeed, 0, { betType: 'high' });
      expect(replay.ok && replay.outcome).toMatchObject({ dice: [a.dice1, a.dice2] });
    }
  });

  it("refuses a bet inside a batch alone, with place_bet()'s answer, and writes nothing for it", async () => {
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    const [first, ok1, revoked, short, limited, ok2] = await Promise.all(Array.from({ length: 6 }, () => signIn(app)));
    await sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [revoked.id]);
    await sql.query(`INSERT INTO player_limits (user_id, self_excluded_until) VALUES ($1, now() + interval '1 day')`, [
      limited.id,
    ]);
    const bets = await Promise.all(
      [first, ok1, revoked, short, limited, ok2].map((p) =>
        betOf(p, p === short ? { stake: 1001n * U, payout: 0n } : {}),
      ),
    );

    // the first goes alone at once; the others arrive while it runs and go together
    const settled = await Promise.allSettled(bets.map((b) => batcher.commit({ kind: 'bet', bet: b })));
    expect(batcher.stats).toMatchObject({ calls: 2, batches: 1, bets: 6, largest: 5, fallbacks: 0 });

    for (const [i, p] of [first, ok1, ok2].entries()) {
      const r = settled[[0, 1, 5][i]];
      expect(r.status).toBe('fulfilled');
      expect((r as PromiseFulfilledResult<{ balance: bigint }>).value.balance).toBe(1001n * U);
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1001n * U), AMINA: '0' });
      expect(await nonceOf(p)).toBe(1);
    }
    expect(settled[2]).toEqual({ status: 'rejected', reason: new SessionEndedError() });
    expect((settled[2] as PromiseRejectedResult).reason.code).toBe('SESSION_ENDED');
    expect((settled[3] as PromiseRejectedResult).reason.code).toBe('INSUFFICIENT_BALANCE');
    // the player with limits was handed back and placed alone, where the guards refused it
    expect((settled[4] as PromiseRejectedResult).reason.code).toBe('SELF_EXCLUDED');
    for (const p of [revoked, short, limited]) {
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1000n * U), AMINA: '0' });
      expect(await betsOf(p)).toBe(0);
      expect(
        await sql.query<{ nonce: string }>('SELECT nonce FROM seed_pairs WHERE user_id = $1 AND active', [p.id]),
      ).toEqual([{ nonce: '0' }]);
    }
  });

  it("claims each bet's Idempotency-Key in the bet's own statement: a taken key refuses its bet alone, a refused bet gives its key back, a bet its session may not place claims none", async () => {
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    const [first, ok, taken, short, limited, plain, ended] = await Promise.all(
      Array.from({ length: 7 }, () => signIn(app)),
    );
    for (const p of [taken, ended])
      await sql.query(
        `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response) VALUES ($1, 'k', 'earlier', 200, '{}')`,
        [p.id],
      );
    await sql.query(`INSERT INTO player_limits (user_id, self_excluded_until) VALUES ($1, now() + interval '1 day')`, [
      limited.id,
    ]);
    const players = [first, ok, taken, short, limited, plain, ended];
    const bets = await Promise.all(
      players.map((p) =>
        betOf(p, {
          ...(p === short ? { stake: 1001n * U, payout: 0n } : {}),
          ...(p === plain ? {} : { idempotency: { key: 'k', hash: `h${p.id}` } }),
        }),
      ),
    );

    // signed out after its bet was read: the session check comes before the key (claim_requests())
    await sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [ended.id]);

    // the first goes alone (place_bet()), the others together (place_bets())
    const settled = await Promise.allSettled(bets.map((b) => batcher.commit({ kind: 'bet', bet: b })));
    expect(batcher.stats).toMatchObject({ calls: 2, batches: 1, bets: 7, largest: 6, fallbacks: 0 });
    expect(settled.map((r) => (r.status === 'fulfilled' ? 'settled' : (r.reason.code ?? r.reason.name)))).toEqual([
      'settled',
      'settled',
      'KeyTakenError',
      'INSUFFICIENT_BALANCE',
      'SELF_EXCLUDED',
      'settled',
      'SESSION_ENDED',
    ]);
    const keys = await sql.query<{ user_id: string; request_hash: string; status_code: number; same_commit: boolean }>(
      `SELECT k.user_id, k.request_hash, k.status_code,
              k.xmin::text = (SELECT b.xmin::text FROM bets b WHERE b.user_id = k.user_id) AS same_commit
         FROM idempotency_keys k WHERE k.user_id = ANY($1) ORDER BY k.user_id`,
      [players.map((p) => p.id)],
    );
    // settled bets hold their keys, written in the bet's own commit, with no answer yet; the taken
    // key keeps its earlier request, and so does the key of the bet whose session ended; the
    // refused bets' keys are gone
    expect(keys).toEqual(
      [
        { user_id: first.id, request_hash: `h${first.id}`, status_code: 0, same_commit: true },
        { user_id: ok.id, request_hash: `h${ok.id}`, status_code: 0, same_commit: true },
        { user_id: taken.id, request_hash: 'earlier', status_code: 200, same_commit: null },
        { user_id: ended.id, request_hash: 'earlier', status_code: 200, same_commit: null },
      ].sort((a, b) => Number(a.user_id) - Number(b.user_id)),
    );
    for (const p of [taken, short, limited, ended]) {
      expect(await betsOf(p)).toBe(0);
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1000n * U), AMINA: '0' });
    }
    for (const p of [first, ok, plain]) expect(await betsOf(p)).toBe(1);
  });

  it('refuses only the bet whose nonce moved (CC409, nothing written); the rest of its batch settles', async () => {
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    const [first, ok, stale] = await Promise.all(Array.from({ length: 3 }, () => signIn(app)));
    const bets = [await betOf(first), await betOf(ok), await betOf(stale)];
    await sql.query(`UPDATE seed_pairs SET nonce = nonce + 5 WHERE user_id = $1 AND active`, [stale.id]); // a rotation, another instance

    const settled = await Promise.allSettled(bets.map((b) => batcher.commit({ kind: 'bet', bet: b })));
    expect(batcher.stats).toMatchObject({ calls: 2, batches: 1, bets: 3, fallbacks: 0 });
    expect(settled[0].status).toBe('fulfilled');
    expect(settled[1].status).toBe('fulfilled');
    expect((settled[2] as PromiseRejectedResult).reason).toEqual(new NonceMovedError());
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'NONCE_MOVED', currentNonce: 5n }); // where the retry starts
    expect(await ledgerExact(sql, ok.id)).toEqual({ HC: String(1001n * U), AMINA: '0' });
    expect(await betsOf(ok)).toBe(1);
    expect(await ledgerExact(sql, stale.id)).toEqual({ HC: String(1000n * U), AMINA: '0' });
    expect(await betsOf(stale)).toBe(0);
    expect(await sql.query('SELECT nonce FROM seed_pairs WHERE user_id = $1 AND active', [stale.id])).toEqual([
      { nonce: '5' },
    ]);
  });

  it("takes a player's rows in place_bet()'s order, seed pair then balance, so it cannot deadlock with a single bet", async () => {
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    const [first, q, p] = await Promise.all(Array.from({ length: 3 }, () => signIn(app)));
    const bets = [await betOf(first), await betOf(q), await betOf(p)];
    const single = await sql.pool.connect(); // another instance placing a bet of p: seed pair first, then balance
    try {
      await single.query('BEGIN');
      await single.query('UPDATE seed_pairs SET nonce = nonce WHERE user_id = $1 AND active', [p.id]);
      const placing = Promise.allSettled(bets.map((b) => batcher.commit({ kind: 'bet', bet: b })));
      await new Promise((r) => setTimeout(r, 300)); // q and p's batch now waits for p's seed pair
      await single.query(`UPDATE balances SET amount = amount WHERE user_id = $1 AND currency = 'HC'`, [p.id]);
      await single.query('COMMIT');
      expect((await placing).map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      // had the batch held p's balance while it waited, PostgreSQL would have broken a deadlock
      expect(batcher.stats).toMatchObject({ batches: 1, fallbacks: 0 });
    } finally {
      single.release();
    }
    expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1001n * U), AMINA: '0' });
  });

  it('places every bet in a transaction of its own with BET_BATCH_MAX=1', async () => {
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 1 });
    const players = await Promise.all(Array.from({ length: 4 }, () => signIn(app)));
    const placed = await Promise.all(
      (await Promise.all(players.map((p) => betOf(p)))).map((b) => batcher.commit({ kind: 'bet', bet: b })),
    );
    expect(batcher.stats).toMatchObject({ bets: 4, batches: 0 });
    const [row] = await sql.query<{ bets: string; commits: string }>(
      'SELECT count(*) AS bets, count(DISTINCT xmin::text) AS commits FROM bets WHERE id = ANY($1)',
      [placed.map((p) => p.betId)],
    );
    expect(row).toEqual({ bets: '4', commits: '4' });
  });

  it('refuses a call that names a player twice whole; its bets are then placed alone', async () => {
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    const [first, p] = await Promise.all(Array.from({ length: 2 }, () => signIn(app)));
    const twice = await betOf(p);
    const bets = [await betOf(first), twice, { ...twice, nonce: twice.nonce + 1n }];
    const refused = await sql
      .query('SELECT place_bets($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)', placeBetsArguments(bets))
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: '22023', message: 'place_bets: a player appears twice in one call' });
    expect(await betsOf(p)).toBe(0);

    const settled = await Promise.allSettled(bets.map((b) => batcher.commit({ kind: 'bet', bet: b })));
    expect(batcher.stats).toMatchObject({ batches: 1, fallbacks: 1 });
    expect(settled[0].status).toBe('fulfilled');
    // alone, each is decided by its own compare-and-set: nonce 0 settles; nonce 1 settles after it or is refused
    const mine = settled
      .slice(1)
      .map((r) => (r.status === 'fulfilled' ? 'settled' : (r.reason as { code: string }).code));
    expect(mine[0]).toBe('settled');
    expect(['settled', 'NONCE_MOVED']).toContain(mine[1]);
    expect(await betsOf(p)).toBe(mine.filter((m) => m === 'settled').length);
    expect(await ledgerExact(sql, p.id)).toEqual({
      HC: String((1000n + BigInt(mine.filter((m) => m === 'settled').length)) * U),
      AMINA: '0',
    });
  });

  it('tells a database refusal (rolled back) from a lost connection (fate unknown)', async () => {
    const refusal = await sql.query('SELECT 1/0').catch((e: unknown) => e);
    expect(answeredByServer(refusal)).toBe(true);
    expect(answeredByServer(Object.assign(new Error('Connection terminated unexpectedly'), {}))).toBe(false);
    expect(answeredByServer(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(false);
    expect(answeredByServer(undefined)).toBe(false);
  });
});
