import type { SqlService } from '../database/sql.service';
import { BetBatcher, MAX_WAITING_BETS } from './bet-batcher';
import { InsufficientBalanceError, NonceMovedError } from '../settlement/settlement-errors';
import { type BetToPlace } from '../settlement/settlement.repository';
import { settlementOver } from '../../test/settlement';

// How BetBatcher reads the database's answers and failures; what the database does with the bets
// is tested against real PostgreSQL in bet-batcher.int-spec.ts.

const bet = (userId: string): BetToPlace => ({
  tokenHash: Buffer.alloc(32),
  userId,
  needVerified: false,
  currency: 'HC',
  stake: 100n,
  payout: 0n,
  pairId: '1',
  nonce: 0n,
  game: 'dice',
  multiplier: '0',
  outcome: '{}',
});

interface Call {
  name: string;
  values: unknown[];
  /** The bets' own connections (SqlService.betQuery), or the pool every statement uses. */
  pool: 'bets' | 'pool';
  answer(rows: unknown[]): void;
  fail(e: unknown): void;
}

/** A SqlService whose every call waits until the test answers it, noting which connections it took. */
function fakeSql() {
  const calls: Call[] = [];
  const on =
    (pool: Call['pool']) =>
    (_text: string, values: unknown[], name: string): Promise<unknown> =>
      new Promise((resolve, reject) => calls.push({ name, values, pool, answer: resolve, fail: reject }));
  const sql = { query: on('pool'), betQuery: on('bets') } as unknown as SqlService;
  return { sql, calls };
}

/** One bet sent alone and held, and `users` bets queued behind it: they go in one place_bets() call. */
async function batchBehindOne(users: string[]) {
  const { sql, calls } = fakeSql();
  const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
  const first = batcher.place(bet('1'));
  const queued = users.map((u) => batcher.place(bet(u)));
  calls[0].answer([{ r: ['10', '500'] }]);
  await first;
  await new Promise((r) => setImmediate(r));
  expect(calls.map((c) => [c.name, c.pool])).toEqual([
    ['place_bet', 'bets'],
    ['place_bets', 'bets'],
  ]);
  return {
    batcher,
    calls,
    batch: calls[1],
    queued: queued.map((p) =>
      p.then(
        (v) => ({ ok: v }),
        (e: unknown) => ({ error: e }),
      ),
    ),
  };
}

describe('BetBatcher', () => {
  it('sends the queued bets in player-id order, one array per column, and answers each its own row', async () => {
    const { batch, queued } = await batchBehindOne(['30', '4', '200']);
    expect(batch.values[1]).toEqual(['4', '30', '200']);
    expect(batch.values.map((column) => (column as unknown[]).length)).toEqual(new Array(11).fill(3));
    batch.answer([{ r: ['0', '7', '900', '402', '0', '0', '0', '8', '1100'] }]); // players 4, 30, 200
    expect(await Promise.all(queued)).toEqual([
      { error: new InsufficientBalanceError() },
      { ok: { betId: '7', balance: 900n } },
      { ok: { betId: '8', balance: 1100n } },
    ]);
  });

  it('fails a bet whose status it does not know instead of calling it a refusal', async () => {
    const { batch, queued } = await batchBehindOne(['2', '3']);
    batch.answer([{ r: ['7', '0', '0', '0', '9', '100'] }]);
    const [odd, fine] = await Promise.all(queued);
    expect(odd).toEqual({ error: new Error('place_bets() answered status 7 for a bet') });
    expect(fine).toEqual({ ok: { betId: '9', balance: 100n } });
  });

  it('fails every bet of an answer it cannot read, and places none of them again (they may be committed)', async () => {
    const { batch, queued, calls } = await batchBehindOne(['2', '3']);
    batch.answer([{ r: ['0', '9'] }]);
    expect(await Promise.all(queued)).toEqual([
      { error: new Error('place_bets() answered 2 numbers for 2 bets') },
      { error: new Error('place_bets() answered 2 numbers for 2 bets') },
    ]);
    expect(calls).toHaveLength(2);
  });

  it('fails the bets of a lost connection without placing them again', async () => {
    const { batcher, batch, queued, calls } = await batchBehindOne(['2', '3']);
    const lost = new Error('Connection terminated unexpectedly');
    batch.fail(lost);
    expect(await Promise.all(queued)).toEqual([{ error: lost }, { error: lost }]);
    expect(calls).toHaveLength(2);
    expect(batcher.stats.fallbacks).toBe(0);
  });

  it('places each bet alone when PostgreSQL rolled the call back (a deadlock, say)', async () => {
    const { batcher, batch, queued, calls } = await batchBehindOne(['2', '3']);
    batch.fail(Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' }));
    await new Promise((r) => setImmediate(r));
    // placed again outside the queue's slots: on the pool
    expect(calls.slice(2).map((c) => [c.name, c.values[1], c.pool])).toEqual([
      ['place_bet', '2', 'pool'],
      ['place_bet', '3', 'pool'],
    ]);
    calls[2].answer([{ r: ['21', '400'] }]);
    calls[3].fail(new NonceMovedError()); // SqlService's translation of place_bet()'s CC409
    const [two, three] = await Promise.all(queued);
    expect(two).toEqual({ ok: { betId: '21', balance: 400n } });
    expect(three).toMatchObject({ error: { code: 'NONCE_MOVED' } });
    expect(batcher.stats).toMatchObject({ calls: 2, batches: 1, bets: 3, largest: 2, fallbacks: 1 });
  });

  it('sends the next call before it answers the bets of the call that ended', async () => {
    const { sql, calls } = fakeSql();
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    const first = batcher.place(bet('1'));
    const later = [batcher.place(bet('2')), batcher.place(bet('3'))];
    let callsWhenAnswered = 0;
    const answered = first.then(() => (callsWhenAnswered = calls.length));
    calls[0].answer([{ r: ['10', '500'] }]);
    await answered;
    expect(callsWhenAnswered).toBe(2); // PostgreSQL already has the next batch
    calls[1].answer([{ r: ['0', '11', '900', '0', '12', '1100'] }]);
    expect(await Promise.all(later)).toEqual([
      { betId: '11', balance: 900n },
      { betId: '12', balance: 1100n },
    ]);
  });

  it("places a retry and an AMINA bet at once and alone, even while a call is in the database, on the pool: they never wait behind the queue's calls for the bets' own connections", async () => {
    const { sql, calls } = fakeSql();
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    void batcher.place(bet('1'));
    void batcher.place(bet('2'));
    void batcher.place(bet('3'), true);
    void batcher.place({ ...bet('4'), currency: 'AMINA' });
    expect(calls.map((c) => [c.name, c.values[1], c.pool])).toEqual([
      ['place_bet', '1', 'bets'],
      ['place_bet', '3', 'pool'],
      ['place_bet', '4', 'pool'],
    ]);
  });

  it("refuses with 503 'Server busy, try again' once MAX_WAITING_BETS bets wait, instead of queueing without bound", async () => {
    const { sql, calls } = fakeSql();
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    void batcher.place(bet('0')); // in the database, unanswered: everything else waits
    const waiting = Array.from({ length: MAX_WAITING_BETS }, (_, i) =>
      batcher.place(bet(String(i + 1))).catch(() => undefined),
    );
    await expect(batcher.place(bet('x'))).rejects.toMatchObject({ status: 503, message: 'Server busy, try again' });
    expect(calls).toHaveLength(1);
    expect(waiting).toHaveLength(MAX_WAITING_BETS);
  });
});
