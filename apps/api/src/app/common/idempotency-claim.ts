import type { Queryable } from '../database/queryable';
import type { TransactionClaim } from '../database/transaction-claim';

/**
 * A request's Idempotency-Key, waiting to be claimed by the request's first write. It travels
 * with the request as an argument: IdempotencyStore.run hands it to the request's work, the routes
 * put it on the acting player (`SessionUser.claim`), and each write passes it on: SqlService.tx
 * takes it in its transaction before the work (TransactionClaim), and an instant bet, a round
 * opening or a round action passes its key to place_bet()/round_open()/round_act(), which insert
 * it in the write's own statement. So the key costs no commit of its own: it is committed with what
 * the request wrote, and rolled back with it.
 */
export class PendingClaim implements TransactionClaim {
  /**
   * open: the next write takes it; claiming: a transaction is taking it; claimed: a committed write
   * holds it; closed: the request has answered without claiming it (work it left behind, a timer
   * say, must not claim it later).
   */
  state: 'open' | 'claiming' | 'claimed' | 'closed' = 'open';

  /**
   * What in the key's row answers a retry of this request, so IdempotencyStore stores no answer:
   * - 'none': nothing yet: IdempotencyStore stores the answer after the work;
   * - 'record': the game's statement that claimed the key wrote in its row what it wrote (the bet,
   *   or the round with its state before), from which the game answers a retry, playing the same
   *   move again (InstantBetService, RoundOpener, RoundRunner);
   * - 'answer': the transaction that claimed the key stored `answer` with it (answerInTransaction);
   * - 'replayed': this request is such a retry, answered from the record.
   */
  keyRow: { kind: 'none' | 'record' | 'replayed' } | { kind: 'answer'; answer: unknown } = { kind: 'none' };

  constructor(
    readonly userId: string,
    readonly key: string,
    /** What identifies "the same request" (requestHash). */
    readonly hash: string,
    /**
     * The request answers what its first transaction returns, with status 200 (a game action): that
     * transaction also stores the answer with the key it claimed, so storing it takes no commit of
     * its own, and a retry never meets the key without its answer.
     */
    readonly answerInTransaction = false,
  ) {}

  get claimed(): boolean {
    return this.state === 'claimed';
  }

  /** The request has answered: a key not claimed by then stays unclaimed. */
  close(): void {
    if (this.state === 'open') this.state = 'closed';
  }

  take(): boolean {
    if (this.state !== 'open') return false;
    this.state = 'claiming'; // a transaction started meanwhile does not take it too
    return true;
  }

  /**
   * Inserts the key (status 0: no answer yet) in the caller's transaction, or throws
   * {@link KeyTakenError}. A request with the same key in flight makes this wait for its commit.
   */
  async insert(db: Queryable): Promise<void> {
    const res = await db.query({
      name: 'idempotency_claim',
      text: `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response) VALUES ($1, $2, $3, 0, 'null')
             ON CONFLICT (user_id, key) DO NOTHING`,
      values: [this.userId, this.key, this.hash],
    });
    if (res.rowCount !== 1) throw new KeyTakenError();
  }

  /** Stores `answer` (status 200) with the key the same transaction claimed, when answerInTransaction. */
  async answer(db: Queryable, answer: unknown): Promise<void> {
    if (!this.answerInTransaction) return;
    await db.query({
      name: 'idempotency_answer_in_tx',
      text: `UPDATE idempotency_keys SET status_code = 200, response = $3 WHERE user_id = $1 AND key = $2`,
      values: [this.userId, this.key, JSON.stringify(answer ?? null)],
    });
    this.keyRow = { kind: 'answer', answer };
  }

  committed(): void {
    this.state = 'claimed';
  }

  /** Claimed by a game's statement that recorded in the key's row what answers a retry. */
  claimedWithRecord(): void {
    this.state = 'claimed';
    this.keyRow = { kind: 'record' };
  }

  /** This request is a retry, answered from what its key's earlier request recorded. */
  replayedFromRecord(): void {
    this.keyRow = { kind: 'replayed' };
  }

  failed(): void {
    // rolled back, or (a COMMIT whose answer was lost) perhaps committed: either way this request
    // no longer holds the key; a retry finds it free, or taken with what committed
    if (this.state === 'claiming') this.state = 'open';
  }
}

/** `claim` when no write of its request has taken it yet: what the request's next write must claim. */
export function openClaim(claim: PendingClaim | undefined): PendingClaim | undefined {
  return claim?.state === 'open' ? claim : undefined;
}

/**
 * The key already has a request (an earlier one, or one in flight that committed first): this
 * request wrote nothing. IdempotencyStore answers it from the stored row (a replay, a 422 for
 * another body, or a 409 while that request has no answer yet); it never reaches a client itself.
 */
export class KeyTakenError extends Error {
  constructor() {
    super('Idempotency-Key already has a request');
    this.name = 'KeyTakenError';
  }
}
