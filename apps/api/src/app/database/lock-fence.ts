import { AsyncLocalStorage } from 'node:async_hooks';
import { DomainError } from '../common/domain-error';
import { DATABASE_RETRY_AFTER_SECONDS } from './database-unavailable';

/**
 * A session-level advisory lock held for some work (jobs/advisory-lock.ts): the backend that holds
 * it, and whether its connection was seen to break. The work's writes go through other pooled
 * connections, which a lost lock does not stop by itself; SqlService.tx checks the fence before it
 * commits, so work whose lock is gone commits nothing more.
 */
export class LockFence {
  /** The lock's connection broke: the server dropped the lock with it. */
  lost = false;

  constructor(
    /** The advisory lock's key (pg_try_advisory_lock(bigint)). */
    readonly key: number,
    /** pg_backend_pid() of the session that holds it. */
    readonly pid: number,
  ) {}
}

/** The work's advisory lock was lost (its connection broke): nothing more of it commits. */
export class LockLostError extends DomainError {
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;

  constructor(key: number) {
    super(503, `The database connection holding job lock ${key} was lost: the job stops here`, 'JOB_LOCK_LOST');
  }
}

const fences = new AsyncLocalStorage<LockFence>();

/** Runs `work` behind `fence`: the transactions it starts check the lock is still held before they commit. */
export function withLockFence<T>(fence: LockFence, work: () => Promise<T>): Promise<T> {
  return fences.run(fence, work);
}

/** The fence of the locked work the caller runs in, if any. */
export function currentFence(): LockFence | undefined {
  return fences.getStore();
}

/**
 * One statement for a transaction about to commit: true when the fence's session still holds its
 * advisory lock (a bigint key below 2^31 shows as classid 0, objid key, objsubid 1 in pg_locks).
 */
export const FENCE_HELD_SQL = `SELECT EXISTS (SELECT 1 FROM pg_locks
  WHERE locktype = 'advisory' AND classid = 0 AND objid = $1 AND objsubid = 1 AND pid = $2 AND granted) AS held`;
