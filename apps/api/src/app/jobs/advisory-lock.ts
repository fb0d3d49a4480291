import { connected, SqlService } from '../database/sql.service';
import { LockFence, withLockFence } from '../database/lock-fence';

/** Advisory lock keys: one per scheduled job, so exactly one instance runs each at a time. */
export const JOB_LOCKS = {
  depositWatcher: 7_310_001,
  withdrawalProcessor: 7_310_002,
  reconciliation: 7_310_003,
  auditor: 7_310_004,
  limitCoolOff: 7_310_005,
  housekeeping: 7_310_006,
  reserves: 7_310_007,
  partitions: 7_310_008,
  betAnchors: 7_310_009,
} as const;

/**
 * Runs `fn` only if this instance wins the PostgreSQL advisory lock `key`; returns undefined when
 * another instance holds it. The lock lives on one connection: if the process dies, PostgreSQL
 * drops the connection and the lock with it, and another instance takes over on its next tick.
 *
 * The connection can also break while `fn` runs (a failover: the leader that granted the lock is
 * gone, and with it the lock), and another instance may then take the lock on the new leader and
 * run the job too. `fn` writes through other pooled connections, which the lost lock does not stop
 * by themselves, so `fn` runs behind a fence (database/lock-fence.ts): each transaction it starts
 * checks, just before COMMIT and on the server that commits, that this session still holds the
 * lock, and once the lock's connection was seen to break nothing more of `fn` is sent. The job
 * stops with LockLostError; what it committed while it held the lock stays, and the next run
 * (here or elsewhere) takes the lock afresh on a new connection and carries on from the rows.
 */
export async function withJobLock<T>(sql: SqlService, key: number, fn: () => Promise<T>): Promise<T | undefined> {
  const client = await connected(sql.pool);
  let broken: Error | undefined;
  try {
    const got = await client.query<{ locked: boolean; pid: number }>(
      'SELECT pg_try_advisory_lock($1) AS locked, pg_backend_pid() AS pid',
      [key],
    );
    if (!got.rows[0].locked) return undefined;
    const fence = new LockFence(key, got.rows[0].pid);
    const lose = (e: Error) => {
      broken = e;
      fence.lost = true;
    };
    client.on('error', lose);
    try {
      return await withLockFence(fence, fn);
    } finally {
      client.removeListener('error', lose);
      // a lock whose connection broke went with it: there is nothing to unlock
      if (!broken) await client.query('SELECT pg_advisory_unlock($1)', [key]).catch((e: Error) => (broken = e));
    }
  } finally {
    // a broken connection is closed, never pooled: the next run opens a new one to the current leader
    client.release(broken);
  }
}
