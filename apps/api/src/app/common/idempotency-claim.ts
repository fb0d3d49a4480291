import { AsyncLocalStorage } from 'node:async_hooks';
import type { Queryable } from '../database/queryable';

/**
 * A request's Idempotency-Key, waiting to be claimed by the request's first write: the first
 * transaction of SqlService.tx inserts it before its work, and an instant bet passes it to
 * place_bet()/place_bets(), which insert it in the bet's own statement. So the key costs no commit
 * of its own: it is committed with what the request wrote, and rolled back with it.
 */
export class PendingClaim {
  /**
   * open: the next write takes it; claiming: a transaction is taking it; claimed: a committed write
   * holds it; closed: the request has answered without claiming it (work it left behind, a timer
   * say, must not claim it later).
   */
  state: 'open' | 'claiming' | 'claimed' | 'closed' = 'open';

  /** The answer stored with the key by the transaction that claimed it (answerInTransaction). */
  storedAnswer: unknown = undefined;

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
}

const pending = new AsyncLocalStorage<PendingClaim>();

/** Runs `work` (a request's handler) with `claim` for its first write to take. */
export function withPendingClaim<T>(claim: PendingClaim, work: () => T): T {
  return pending.run(claim, work);
}

/** The key the current request's next write must claim, if it has one not claimed yet. */
export function pendingClaim(): PendingClaim | undefined {
  const claim = pending.getStore();
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

/**
 * Inserts the claim's key (status 0: no answer yet) in the caller's transaction, or throws
 * {@link KeyTakenError}. A request with the same key in flight makes this wait for its commit.
 */
export async function claimKey(db: Queryable, claim: PendingClaim): Promise<void> {
  const res = await db.query({
    name: 'idempotency_claim',
    text: `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response) VALUES ($1, $2, $3, 0, 'null')
           ON CONFLICT (user_id, key) DO NOTHING`,
    values: [claim.userId, claim.key, claim.hash],
  });
  if (res.rowCount !== 1) throw new KeyTakenError();
}

/** Stores `answer` (status 200) with the key the same transaction claimed (answerInTransaction). */
export async function answerKey(db: Queryable, claim: PendingClaim, answer: unknown): Promise<void> {
  const response = JSON.stringify(answer ?? null);
  await db.query({
    name: 'idempotency_answer_in_tx',
    text: `UPDATE idempotency_keys SET status_code = 200, response = $3 WHERE user_id = $1 AND key = $2`,
    values: [claim.userId, claim.key, response],
  });
  claim.storedAnswer = answer;
}
