import { SqlService } from '../database/sql.service';

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
} as const;

/**
 * Runs `fn` only if this instance wins the PostgreSQL advisory lock `key`; returns undefined when
 * another instance holds it. The lock lives on one connection: if the process dies, PostgreSQL
 * drops the connection and the lock with it, and another instance takes over on its next tick.
 */
export async function withJobLock<T>(sql: SqlService, key: number, fn: () => Promise<T>): Promise<T | undefined> {
  const client = await sql.pool.connect();
  try {
    const got = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
    if (!got.rows[0].locked) return undefined;
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}
