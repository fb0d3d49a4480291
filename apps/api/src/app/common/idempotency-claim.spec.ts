import type { Queryable } from '../database/queryable';
import { KeyTakenError, openClaim, PendingClaim } from './idempotency-claim';

// The claim of a request's Idempotency-Key travels as an argument (IdempotencyStore.run → the acting
// player's `claim` → each write): these are its states, as a transaction takes it (SqlService.tx).

/** A connection that answers `rowCount` and records what it was sent. */
function db(rowCount: number) {
  const sent: Array<{ name?: string; values?: unknown[] }> = [];
  const q = { query: async (c: { name?: string; values?: unknown[] }) => (sent.push(c), { rowCount, rows: [] }) };
  return { db: q as unknown as Queryable, sent };
}

describe('the Idempotency-Key claim of a request', () => {
  it('is taken by one transaction at a time: taking marks it, a commit holds it, a failure frees it for the next write', () => {
    const claim = new PendingClaim('7', 'k', 'h');
    expect(openClaim(claim)).toBe(claim);
    expect(claim.take()).toBe(true);
    expect(claim.state).toBe('claiming');
    expect(claim.take()).toBe(false); // a transaction started meanwhile does not take it too
    expect(openClaim(claim)).toBeUndefined();
    claim.failed();
    expect(claim.state).toBe('open');
    expect(claim.take()).toBe(true);
    claim.committed();
    expect(claim.claimed).toBe(true);
    expect(claim.take()).toBe(false);
    claim.failed(); // a later transaction's failure does not free a committed claim
    expect(claim.claimed).toBe(true);
  });

  it('is no longer offered once its request has answered: work it left behind cannot take it', () => {
    const claim = new PendingClaim('7', 'k', 'h');
    claim.close();
    expect(claim.state).toBe('closed');
    expect(claim.take()).toBe(false);
    expect(openClaim(claim)).toBeUndefined();
    expect(openClaim(undefined)).toBeUndefined();
    // a claimed key stays claimed when its request closes
    const taken = new PendingClaim('7', 'k2', 'h');
    taken.take();
    taken.committed();
    taken.close();
    expect(taken.claimed).toBe(true);
  });

  it("inserts its key in the caller's transaction, or says another request holds it", async () => {
    const claim = new PendingClaim('7', 'k', 'h');
    const free = db(1);
    await claim.insert(free.db);
    expect(free.sent).toEqual([expect.objectContaining({ name: 'idempotency_claim', values: ['7', 'k', 'h'] })]);
    await expect(claim.insert(db(0).db)).rejects.toBeInstanceOf(KeyTakenError);
  });

  it('stores the answer with the key only when the work answers the request (a game action)', async () => {
    const plain = db(1);
    await new PendingClaim('7', 'k', 'h').answer(plain.db, { a: 1 });
    expect(plain.sent).toEqual([]);
    const action = new PendingClaim('7', 'k', 'h', true);
    const stored = db(1);
    const answer = { balance: '10' };
    await action.answer(stored.db, answer);
    expect(stored.sent).toEqual([
      expect.objectContaining({ name: 'idempotency_answer_in_tx', values: ['7', 'k', '{"balance":"10"}'] }),
    ]);
    const row = action.keyRow;
    // the very answer the work returns: IdempotencyStore stores nothing more when it is the request's
    expect(row.kind === 'answer' && row.answer).toBe(answer);
  });
});
