import type { Queryable } from './queryable';

/**
 * What a request's transaction does for the request's Idempotency-Key (SqlService.tx's `claim`;
 * common/idempotency-claim.ts implements it). The key is taken in the transaction, before its
 * work, so it commits with what the request wrote or rolls back with it; and when the work's result
 * is the request's answer, the answer is stored in the same transaction.
 */
export interface TransactionClaim {
  /** True when this transaction is to take the key (no other write of the request has): it is being taken now. */
  take(): boolean;
  /** Inserts the key in `db`, or throws when another request holds it. */
  insert(db: Queryable): Promise<void>;
  /** After the work, before COMMIT: stores `answer` with the key when the work's result is the request's answer. */
  answer(db: Queryable, answer: unknown): Promise<void>;
  /** The transaction that took the key committed. */
  committed(): void;
  /** The transaction that was taking the key failed (rolled back, or its COMMIT's answer was lost). */
  failed(): void;
}
