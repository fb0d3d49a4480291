import type { SqlService } from '../database/sql.service';
import { BetBatcher, MAX_WAITING_BETS } from './bet-batcher';
import {
  InsufficientBalanceError,
  NonceMovedError,
  RoundMovedError,
  SelfExcludedError,
  SessionEndedError,
} from '../settlement/settlement-errors';
import { ProofRequiredError } from '../auth/ownership';
import { type BetToPlace, type RoundAct } from '../settlement/settlement.repository';
import { KeyTakenError } from '../common/idempotency-claim';
import { settlementOver } from '../../test/settlement';
import { DatabaseUnavailableError } from '../database/database-unavailable';

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

/** A row of place_bets() for a bet it placed. */
const placed = (id: string, balance: string) => ({ status: 'placed', detail: null, id, balance });
/** A row of place_bets() for a bet it refused with `status` (an SQLSTATE). */
const refusedRow = (status: string, detail: string | null = null) => ({ status, detail, id: null, balance: null });

/** One bet sent alone and held, and `users` bets queued behind it: they go in one place_bets() call. */
async function batchBehindOne(users: string[]) {
  const { sql, calls } = fakeSql();
  const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
  const first = batcher.commit({ kind: 'bet', bet: bet('1') });
  const queued = users.map((u) => batcher.commit({ kind: 'bet', bet: bet(u) }));
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
    batch.answer([placed('7', '900'), refusedRow('CC402'), placed('8', '1100')]); // players 4, 30, 200
    expect(await Promise.all(queued)).toEqual([
      { error: new InsufficientBalanceError() },
      { ok: { betId: '7', balance: 900n } },
      { ok: { betId: '8', balance: 1100n } },
    ]);
  });

  it('fails a bet whose status it does not know instead of calling it a refusal', async () => {
    const { batch, queued } = await batchBehindOne(['2', '3']);
    batch.answer([refusedRow('XX000'), placed('9', '100')]);
    const [odd, fine] = await Promise.all(queued);
    expect(odd).toEqual({ error: new Error('place_bets() answered status XX000 for an item') });
    expect(fine).toEqual({ ok: { betId: '9', balance: 100n } });
  });

  it('fails every bet of an answer it cannot read, and places none of them again (they may be committed)', async () => {
    const { batch, queued, calls } = await batchBehindOne(['2', '3']);
    batch.answer([placed('9', '100')]);
    expect(await Promise.all(queued)).toEqual([
      { error: new Error('place_bets() answered 1 rows for 2 items') },
      { error: new Error('place_bets() answered 1 rows for 2 items') },
    ]);
    expect(calls).toHaveLength(2);
  });

  it('answers each refusal as place_bet() raises it alone, and places a bet the play guards apply to alone, on the pool', async () => {
    const { batcher, batch, queued, calls } = await batchBehindOne(['2', '3', '4', '5', '6', '7']);
    batch.answer([
      refusedRow('CC401'),
      refusedRow('CC407'),
      refusedRow('CC409', '12'),
      refusedRow('CC409'),
      { status: 'guarded', detail: null, id: null, balance: null },
      placed('30', '70'),
    ]);
    await new Promise((r) => setImmediate(r));
    expect(calls.slice(2).map((c) => [c.name, c.values[1], c.pool])).toEqual([['place_bet', '6', 'pool']]);
    calls[2].answer([{ r: ['31', '60'] }]);
    const answers = await Promise.all(queued);
    expect(answers).toEqual([
      { error: new SessionEndedError() },
      { error: new ProofRequiredError() },
      { error: new NonceMovedError(12n) },
      { error: new NonceMovedError() },
      { ok: { betId: '31', balance: 60n } },
      { ok: { betId: '30', balance: 70n } },
    ]);
    expect((answers[2] as { error: NonceMovedError }).error.currentNonce).toBe(12n);
    expect((answers[3] as { error: NonceMovedError }).error.currentNonce).toBeUndefined();
    expect(batcher.stats).toMatchObject({ calls: 2, batches: 1, bets: 7, largest: 6, fallbacks: 0 });
  });

  it('sends the keys with the keyed place_bets() and answers a taken key as the lone call does', async () => {
    const { sql, calls } = fakeSql();
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    void batcher.commit({ kind: 'bet', bet: bet('1') });
    const queued = [
      batcher
        .commit({ kind: 'bet', bet: { ...bet('2'), idempotency: { key: 'k2', hash: 'h2' } } })
        .catch((e: unknown) => e),
      batcher.commit({ kind: 'bet', bet: bet('3') }),
    ];
    calls[0].answer([{ r: ['10', '500'] }]);
    await new Promise((r) => setImmediate(r));
    expect(calls[1].name).toBe('place_bets_keyed');
    expect(calls[1].values.slice(11)).toEqual([
      ['k2', null],
      ['h2', null],
    ]);
    calls[1].answer([refusedRow('CC208'), placed('11', '400')]);
    expect(await Promise.all(queued)).toEqual([new KeyTakenError(), { betId: '11', balance: 400n }]);
  });

  it('fails the bets of a lost connection without placing them again', async () => {
    const { batcher, batch, queued, calls } = await batchBehindOne(['2', '3']);
    const lost = new Error('Connection terminated unexpectedly');
    batch.fail(lost);
    expect(await Promise.all(queued)).toEqual([{ error: lost }, { error: lost }]);
    expect(calls).toHaveLength(2);
    expect(batcher.stats.fallbacks).toBe(0);
  });

  it('fails every bet of a call with the 503 the data layer made of a lost connection, and places none again (the call may have committed)', async () => {
    const { batcher, batch, queued, calls } = await batchBehindOne(['2', '3']);
    const lost = new DatabaseUnavailableError('Connection terminated unexpectedly');
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
    const first = batcher.commit({ kind: 'bet', bet: bet('1') });
    const later = [batcher.commit({ kind: 'bet', bet: bet('2') }), batcher.commit({ kind: 'bet', bet: bet('3') })];
    let callsWhenAnswered = 0;
    const answered = first.then(() => (callsWhenAnswered = calls.length));
    calls[0].answer([{ r: ['10', '500'] }]);
    await answered;
    expect(callsWhenAnswered).toBe(2); // PostgreSQL already has the next batch
    calls[1].answer([placed('11', '900'), placed('12', '1100')]);
    expect(await Promise.all(later)).toEqual([
      { betId: '11', balance: 900n },
      { betId: '12', balance: 1100n },
    ]);
  });

  it("places a retry and an AMINA bet at once and alone, even while a call is in the database, on the pool: they never wait behind the queue's calls for the bets' own connections", async () => {
    const { sql, calls } = fakeSql();
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    void batcher.commit({ kind: 'bet', bet: bet('1') });
    void batcher.commit({ kind: 'bet', bet: bet('2') });
    void batcher.commit({ kind: 'bet', bet: bet('3') }, true);
    void batcher.commit({ kind: 'bet', bet: { ...bet('4'), currency: 'AMINA' } });
    expect(calls.map((c) => [c.name, c.values[1], c.pool])).toEqual([
      ['place_bet', '1', 'bets'],
      ['place_bet', '3', 'pool'],
      ['place_bet', '4', 'pool'],
    ]);
  });

  it("refuses with 503 'Server busy, try again' once MAX_WAITING_BETS bets wait, instead of queueing without bound", async () => {
    const { sql, calls } = fakeSql();
    const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
    void batcher.commit({ kind: 'bet', bet: bet('0') }); // in the database, unanswered: everything else waits
    const waiting = Array.from({ length: MAX_WAITING_BETS }, (_, i) =>
      batcher.commit({ kind: 'bet', bet: bet(String(i + 1)) }).catch(() => undefined),
    );
    await expect(batcher.commit({ kind: 'bet', bet: bet('x') })).rejects.toMatchObject({
      status: 503,
      message: 'Server busy, try again',
    });
    expect(calls).toHaveLength(1);
    expect(waiting).toHaveLength(MAX_WAITING_BETS);
  });

  describe('round actions', () => {
    const act = (userId: string, end = false): RoundAct => ({
      game: 'hilo',
      currency: 'HC',
      tokenHash: Buffer.alloc(32),
      userId,
      needVerified: false,
      roundId: `r${userId}`,
      seen: '77',
      state: '{}',
      playsOn: true,
      extra: 0n,
      end: end ? { staked: 10n, payout: 20n, multiplier: '2' } : null,
      idempotency: { key: `k${userId}`, hash: 'h' },
    });
    const settle = <T>(p: Promise<T>) =>
      p.then(
        (ok) => ({ ok }),
        (error: unknown) => ({ error }),
      );

    it('sends the actions that waited behind a call in one round_acts() call, players in id order, and answers each its own row', async () => {
      const { sql, calls } = fakeSql();
      const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
      const first = batcher.commit({ kind: 'act', act: act('1') });
      const queued = ['30', '4', '200', '9'].map((u) =>
        settle(batcher.commit({ kind: 'act', act: act(u, u === '200') })),
      );
      expect(calls.map((c) => [c.name, c.pool])).toEqual([['round_act', 'bets']]);
      calls[0].answer([{ r: [null, '500', '77'] }]);
      expect(await first).toEqual({ betId: null, balance: 500n, version: '77' });
      await new Promise((r) => setImmediate(r));
      expect(calls.map((c) => [c.name, c.pool])).toEqual([
        ['round_act', 'bets'],
        ['round_acts', 'bets'],
      ]);
      const call = calls[1];
      expect(call.values).toHaveLength(16);
      expect(call.values[1]).toEqual(['4', '9', '30', '200']);
      expect(call.values[8]).toEqual([false, false, false, true]); // ends its round
      expect(call.values[12]).toEqual(['k4', 'k9', 'k30', 'k200']);
      // none of them draws at the pair's nonce (a slots free spin does): no draw nonce, no outcome
      expect(call.values.slice(14)).toEqual([
        [null, null, null, null],
        [null, null, null, null],
      ]);
      call.answer([
        { status: 'acted', detail: null, id: null, balance: '40', version: '78' },
        { status: 'CC412', detail: null, id: null, balance: null, version: null },
        { status: 'CC403', detail: null, id: null, balance: null, version: null },
        { status: 'acted', detail: null, id: '12', balance: '2000', version: null },
      ]);
      expect(await Promise.all(queued)).toEqual([
        { error: new SelfExcludedError() }, // 30
        { ok: { betId: null, balance: 40n, version: '78' } }, // 4
        { ok: { betId: '12', balance: 2000n, version: null } }, // 200
        { error: new RoundMovedError() }, // 9
      ]);
      expect(batcher.stats).toMatchObject({ actCalls: 2, acts: 5, actBatches: 1 });
    });

    it('answers a taken key as the lone call does, and fails an action whose status it does not know', async () => {
      const { sql, calls } = fakeSql();
      const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
      void batcher.commit({ kind: 'act', act: act('1') });
      const queued = ['2', '3'].map((u) => settle(batcher.commit({ kind: 'act', act: act(u) })));
      calls[0].answer([{ r: [null, '1'] }]);
      await new Promise((r) => setImmediate(r));
      calls[1].answer([
        { status: 'CC208', detail: null, id: null, balance: null },
        { status: 'XX000', detail: null, id: null, balance: null },
      ]);
      const [taken, unknown] = await Promise.all(queued);
      expect(taken).toEqual({ error: new KeyTakenError() });
      expect(String((unknown as { error: Error }).error)).toContain('round_acts() answered status XX000');
    });

    it('writes each action alone when PostgreSQL rolled the call back, and writes none again when the connection was lost', async () => {
      for (const [failure, again] of [
        [Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' }), true],
        [new DatabaseUnavailableError(), false],
      ] as const) {
        const { sql, calls } = fakeSql();
        const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
        void batcher.commit({ kind: 'act', act: act('1') });
        const queued = ['2', '3'].map((u) => settle(batcher.commit({ kind: 'act', act: act(u) })));
        calls[0].answer([{ r: [null, '1'] }]);
        await new Promise((r) => setImmediate(r));
        calls[1].fail(failure);
        await new Promise((r) => setImmediate(r));
        if (again) {
          expect(calls.slice(2).map((c) => [c.name, c.values[1], c.pool])).toEqual([
            ['round_act', '2', 'pool'],
            ['round_act', '3', 'pool'],
          ]);
          calls[2].answer([{ r: [null, '20', '90'] }]);
          calls[3].answer([{ r: ['5', '30', null] }]);
          expect(await Promise.all(queued)).toEqual([
            { ok: { betId: null, balance: 20n, version: '90' } },
            { ok: { betId: '5', balance: 30n, version: null } },
          ]);
        } else {
          expect(calls).toHaveLength(2);
          expect(await Promise.all(queued)).toEqual([{ error: failure }, { error: failure }]);
        }
      }
    });

    it('gives the call slot to whichever kind waited longest, so bets and actions both move', async () => {
      const { sql, calls } = fakeSql();
      const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
      void batcher.commit({ kind: 'bet', bet: bet('1') }); // in the database
      void batcher.commit({ kind: 'act', act: act('2') }); // waits first
      void batcher.commit({ kind: 'bet', bet: bet('3') });
      void batcher.commit({ kind: 'act', act: act('4') });
      calls[0].answer([{ r: ['1', '1'] }]);
      await new Promise((r) => setImmediate(r));
      expect(calls.map((c) => c.name)).toEqual(['place_bet', 'round_acts']);
      calls[1].answer([
        { status: 'acted', detail: null, id: null, balance: '1' },
        { status: 'acted', detail: null, id: null, balance: '1' },
      ]);
      await new Promise((r) => setImmediate(r));
      expect(calls.map((c) => c.name)).toEqual(['place_bet', 'round_acts', 'place_bet']);
    });
  });

  /** A player's round opening (the fields every lane's item starts from). */
  const opening = (userId: string) => ({
    tokenHash: Buffer.alloc(32),
    userId,
    needVerified: false,
    game: 'hilo',
    currency: 'HC' as const,
    stake: 100n,
    pairId: `p${userId}`,
    nonce: 3n,
    state: '{}',
  });

  describe('one fallback for every lane', () => {
    // one object that serves every lane: a round opening with what an action and a bet add
    const item = (userId: string) => ({
      ...opening(userId),
      roundId: `r${userId}`,
      seen: '77',
      playsOn: true,
      extra: 0n,
      end: null,
      payout: 0n,
      multiplier: '0',
      outcome: '{}',
    });
    const lanes = [
      [
        'bets',
        (b: BetBatcher, u: string) => b.commit({ kind: 'bet', bet: item(u) }),
        'place_bet',
        'place_bets',
        { betId: '5', balance: 30n },
      ],
      [
        'round actions',
        (b: BetBatcher, u: string) => b.commit({ kind: 'act', act: item(u) }),
        'round_act',
        'round_acts',
        // (round_act()'s third answer, the round's version, is absent: an end closes its round)
        { betId: '5', balance: 30n, version: null },
      ],
      [
        'round openings',
        (b: BetBatcher, u: string) => b.commit({ kind: 'open', opening: item(u) }),
        'round_open',
        'round_opens',
        { roundId: '5', balance: 30n, version: null },
      ],
    ] as const;

    it.each(lanes)(
      '%s: a call PostgreSQL rolled back is written again item by item on the pool; a lost connection writes nothing again',
      async (_lane, write, alone, together, written) => {
        for (const [failure, again] of [
          [Object.assign(new Error('could not serialize access'), { code: '40001', severity: 'ERROR' }), true],
          [new DatabaseUnavailableError(), false],
        ] as const) {
          const { sql, calls } = fakeSql();
          const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
          void write(batcher, '1');
          const queued = ['3', '2'].map((u) =>
            write(batcher, u).then(
              (ok) => ({ ok }),
              (error: unknown) => ({ error }),
            ),
          );
          calls[0].answer([{ r: ['9', '1'] }]);
          await new Promise((r) => setImmediate(r));
          expect(calls.map((c) => [c.name, c.pool])).toEqual([
            [alone, 'bets'],
            [together, 'bets'],
          ]);
          calls[1].fail(failure);
          await new Promise((r) => setImmediate(r));
          if (!again) {
            expect(calls).toHaveLength(2);
            expect(await Promise.all(queued)).toEqual([{ error: failure }, { error: failure }]);
            expect(batcher.stats.fallbacks).toBe(0);
            continue;
          }
          expect(calls.slice(2).map((c) => [c.name, c.values[1], c.pool])).toEqual([
            [alone, '2', 'pool'],
            [alone, '3', 'pool'],
          ]);
          calls[2].answer([{ r: ['5', '30'] }]);
          calls[3].fail(new InsufficientBalanceError());
          expect(await Promise.all(queued)).toEqual([{ error: new InsufficientBalanceError() }, { ok: written }]);
          expect(batcher.stats.fallbacks).toBe(1);
        }
      },
    );
  });

  describe('round openings', () => {
    it('sends the openings that waited behind a call in one round_opens() call and answers each its own row, a moved nonce with where it is now', async () => {
      const { sql, calls } = fakeSql();
      const batcher = new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 });
      const first = batcher.commit({ kind: 'open', opening: opening('5') });
      const queued = ['8', '6'].map((u) =>
        batcher.commit({ kind: 'open', opening: opening(u) }).then(
          (ok) => ({ ok }),
          (error: unknown) => ({ error }),
        ),
      );
      expect(calls.map((c) => [c.name, c.pool])).toEqual([['round_open', 'bets']]);
      calls[0].answer([{ r: ['41', '900', null, '60'] }]);
      expect(await first).toEqual({ roundId: '41', balance: 900n, version: '60' });
      await new Promise((r) => setImmediate(r));
      expect(calls[1].name).toBe('round_opens');
      expect(calls[1].values[1]).toEqual(['6', '8']);
      calls[1].answer([
        { status: 'opened', detail: null, id: '42', balance: '800', version: '61' },
        { status: 'CC409', detail: '7', id: null, balance: null, version: null },
      ]);
      const [eight, six] = await Promise.all(queued);
      expect(six).toEqual({ ok: { roundId: '42', balance: 800n, version: '61' } });
      expect(eight).toEqual({ error: new NonceMovedError(7n) });
      expect((eight as { error: NonceMovedError }).error.currentNonce).toBe(7n);
      expect(batcher.stats).toMatchObject({ openCalls: 2, opens: 3, openBatches: 1 });
    });
  });
});
