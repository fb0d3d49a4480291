import { Pool } from 'pg';
import { SqlService } from '../database/sql.service';
import { DatabaseUnavailableError } from '../database/database-unavailable';
import { intDatabaseUrl } from '../../test/int-app';
import { withJobLock } from './advisory-lock';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const KEY = 7_319_999; // a key no job uses

/** A promise the test opens when it wants. */
function gate(): { wait: Promise<void>; open(): void } {
  let open!: () => void;
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

/**
 * Issue 39 item 2 on real PostgreSQL: a connection that breaks while the API holds it (a
 * transaction between two statements, a job's advisory lock) is killed with pg_terminate_backend.
 */
describe('connections lost while held (real PostgreSQL)', () => {
  let sql: SqlService;
  let other: SqlService; // another API instance
  let admin: Pool;

  beforeAll(async () => {
    sql = new SqlService({ databaseUrl: intDatabaseUrl(), dbPoolMax: 4 });
    other = new SqlService({ databaseUrl: intDatabaseUrl(), dbPoolMax: 2 });
    admin = new Pool({ connectionString: intDatabaseUrl(), max: 2, application_name: 'lock-spec' });
    await admin.query('CREATE TABLE IF NOT EXISTS lock_spec_writes (n int)');
  });
  afterAll(async () => {
    await admin.query('DROP TABLE IF EXISTS lock_spec_writes');
    await Promise.all([sql.onModuleDestroy(), other.onModuleDestroy(), admin.end()]);
  });

  async function until(check: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 400; i++) {
      if (await check()) return;
      await sleep(25);
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  /** Kills this database's backends that match `where` (pg_stat_activity's columns). */
  const kill = (where: string, values: unknown[] = []) =>
    admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
      values,
    );
  const lockHolder = async () =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted`,
        [KEY],
      )
    ).rows[0]?.pid;

  it('a transaction whose connection is killed between two statements fails with a 503, the process lives, and the pool serves again', async () => {
    const g = gate();
    const t = sql.tx(async (db) => {
      await db.query('SELECT 1');
      await g.wait;
      await db.query('INSERT INTO lock_spec_writes VALUES (0)');
    }, null);
    await until(
      async () =>
        (
          await admin.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'cosmic-api'
               AND state = 'idle in transaction'`,
          )
        ).rowCount === 1,
      'the transaction to wait',
    );
    await kill(`application_name = 'cosmic-api' AND state = 'idle in transaction'`);
    await sleep(100); // the broken connection's error arrives while nobody queries it
    g.open();
    await expect(t).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(await sql.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('a job whose lock connection is killed commits nothing more, another instance may take the lock, and the next run takes it again', async () => {
    await admin.query('TRUNCATE lock_spec_writes');
    const g = gate();
    const job = withJobLock(sql, KEY, async () => {
      await sql.tx((db) => db.query('INSERT INTO lock_spec_writes VALUES (1)'), null);
      await g.wait;
      // the lock is gone: this must not commit, whoever holds the lock now
      await sql.tx((db) => db.query('INSERT INTO lock_spec_writes VALUES (2)'), null);
      return 'finished';
    });
    await until(async () => (await lockHolder()) !== undefined, 'the job to take its lock');
    await until(async () => (await admin.query('SELECT 1 FROM lock_spec_writes')).rowCount === 1, 'the first write');
    const killed = await lockHolder();
    await kill('pid = $1', [killed]);
    // another instance takes the lock on the (new) server and runs the job meanwhile
    const taken = gate();
    const second = withJobLock(other, KEY, async () => {
      await taken.wait;
      return 'second';
    });
    // pg_terminate_backend() answers before the backend is gone: its lock may still show a moment
    await until(async () => ![undefined, killed].includes(await lockHolder()), 'the other instance to take the lock');
    g.open();
    await expect(job).rejects.toMatchObject({ code: 'JOB_LOCK_LOST' });
    const written = await admin.query<{ n: number }>('SELECT n FROM lock_spec_writes ORDER BY n');
    expect(written.rows.map((r) => r.n)).toEqual([1]);
    // one at a time: while the other instance holds it, this one does not run
    expect(await withJobLock(sql, KEY, async () => 'ran')).toBeUndefined();
    taken.open();
    expect(await second).toBe('second');
    expect(await withJobLock(sql, KEY, async () => 'ran')).toBe('ran');
  });
});
