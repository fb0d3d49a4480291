import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Pool, PoolClient, QueryResultRow } from 'pg';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { sqlRefusalOf } from './sql-refusals';
import { databaseUnavailable, DatabaseUnavailableError } from './database-unavailable';
import { currentFence, FENCE_HELD_SQL, LockLostError } from './lock-fence';

import type { Queryable } from './queryable';
import type { TransactionClaim } from './transaction-claim';

export type { Queryable };

/** Work to do after a transaction commits, per client in a transaction. */
const commitHooks = new WeakMap<object, Array<() => void>>();

/** Limits of every pooled connection: waiting for one, one statement, and a transaction left idle. */
export const POOL_TIMEOUTS = { connectMs: 10_000, statementMs: 30_000, idleInTransactionMs: 60_000 } as const;

/**
 * Plain `pg` access for repositories: parameterised SQL, named prepared statements on hot
 * paths, and one helper for transactions. TypeORM stays for migrations.
 */
@Injectable()
export class SqlService implements OnModuleDestroy {
  readonly pool: Pool;
  /**
   * The instant bets' own connections (BetBatcher's group commit, one per call it may have in
   * flight): a call of many players' bets never queues for a connection behind round transactions
   * of several statements each, which in a mix of games made a dice bet wait 3–4× as long as a
   * blackjack step (BENCHMARKS.md, mixed players).
   */
  readonly betPool: Pool;
  /** The reads that may lag (read()): a replica's own pool when DATABASE_READ_URL is set, else `pool`. */
  readonly readPool: Pool;

  constructor(
    @Inject(APP_CONFIG)
    config: Pick<AppConfig, 'databaseUrl' | 'dbPoolMax'> &
      Partial<Pick<AppConfig, 'betBatchConcurrency' | 'databaseReadUrl'>>,
  ) {
    this.pool = connectionPool(config.databaseUrl, config.dbPoolMax);
    this.betPool = connectionPool(config.databaseUrl, config.betBatchConcurrency ?? 1);
    this.readPool = config.databaseReadUrl
      ? connectionPool(config.databaseReadUrl, config.dbPoolMax, 'cosmic-api-read')
      : this.pool;
  }

  /**
   * query() for a read that may be a moment behind the leader: a replica's when DATABASE_READ_URL
   * is set. Only for what nothing writes after reading, and whose players can bear a bet or a
   * snapshot showing up a moment late (bet history, live bets, bet details, reserves proofs; the
   * README's configuration table): never a balance, a seed, a round, or a read a write follows.
   */
  read<R extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = [], name?: string): Promise<R[]> {
    return statement<R>(this.readPool, text, values, name);
  }

  /**
   * Runs one statement; a refusal raised by the settlement SQL comes out as its domain error, and a
   * database that cannot serve it (a broken connection, a server going away or read-only) as a
   * DatabaseUnavailableError (503).
   */
  query<R extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = [], name?: string): Promise<R[]> {
    return statement<R>(this.pool, text, values, name);
  }

  /** query() on the group commit's own connections (betPool): place_bet(), place_bets(), round_act() and round_acts() only. */
  betQuery<R extends QueryResultRow = QueryResultRow>(text: string, values: unknown[], name: string): Promise<R[]> {
    return statement<R>(this.betPool, text, values, name);
  }

  /**
   * Runs `fn` in one transaction; rolls back on any error. A refusal raised by the settlement SQL
   * inside it (a play guard: CC4xx) comes out as its domain error: the one place SQLSTATEs are
   * translated, so services and the HTTP filter only ever see coded domain errors.
   *
   * `claim` is the request's Idempotency-Key (database/transaction-claim.ts), passed by every
   * caller: null or undefined when there is none (a job, a request without a key). When no write of
   * the request has taken it yet, this transaction takes it before `fn`, and stores `fn`'s result
   * with it when that is the request's answer: committed with the request's writes, or rolled back
   * with them.
   */
  async tx<T>(fn: (client: PoolClient) => Promise<T>, claim: TransactionClaim | null | undefined): Promise<T> {
    const client = await connected(this.pool);
    const hooks: Array<() => void> = [];
    commitHooks.set(client, hooks);
    const key = claim?.take() ? claim : null;
    let lost: DatabaseUnavailableError | null = null;
    try {
      await client.query('BEGIN');
      if (key) await key.insert(client);
      const out = await fn(client);
      if (key) await key.answer(client, out);
      await fenceHeld(client);
      await client.query('COMMIT');
      key?.committed();
      commitHooks.delete(client);
      for (const hook of hooks) {
        try {
          hook();
        } catch {
          // the transaction is committed: a failing observer must not make it look failed
        }
      }
      return out;
    } catch (e) {
      lost = databaseUnavailable(e);
      if (!lost) await client.query('ROLLBACK').catch(() => undefined);
      key?.failed();
      throw lost ?? sqlRefusalOf(e) ?? e;
    } finally {
      commitHooks.delete(client);
      // a connection that broke, or that reached a server gone read-only (a demoted leader), is
      // closed rather than pooled: the next one is opened to whatever answers the address now
      client.release(lost ?? undefined);
    }
  }

  /**
   * Runs `fn` once what `db` wrote is committed: after the transaction of `SqlService.tx` that
   * owns it commits (never if it rolls back), or at once for the pool (autocommit). For counters
   * that must only count what really happened.
   */
  static afterCommit(db: Queryable, fn: () => void): void {
    const hooks = commitHooks.get(db);
    if (hooks) hooks.push(fn);
    else fn();
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.pool.end(), this.betPool.end(), this.readPool === this.pool ? null : this.readPool.end()]);
  }
}

function connectionPool(connectionString: string | undefined, max: number, applicationName = 'cosmic-api'): Pool {
  const pool = new Pool({
    connectionString,
    max,
    application_name: applicationName,
    // a stuck statement, a transaction left open or a database that stops answering must not hold
    // connections (and the player waiting on them) for ever
    connectionTimeoutMillis: POOL_TIMEOUTS.connectMs,
    statement_timeout: POOL_TIMEOUTS.statementMs,
    idle_in_transaction_session_timeout: POOL_TIMEOUTS.idleInTransactionMs,
  });
  // an idle client losing its server must not crash the process; pg-pool has already removed it,
  // so the next query opens a new connection (to the new leader, after a failover)
  pool.on('error', () => undefined);
  return pool;
}

async function statement<R extends QueryResultRow>(
  pool: Pool,
  text: string,
  values: unknown[],
  name: string | undefined,
): Promise<R[]> {
  const fence = currentFence();
  if (fence?.lost) throw new LockLostError(fence.key);
  try {
    const res = await pool.query<R>(name ? { name, text, values } : { text, values });
    return res.rows;
  } catch (e) {
    // pool.query() closes the connection of any statement that failed, so a broken one is not reused
    throw databaseUnavailable(e) ?? sqlRefusalOf(e) ?? e;
  }
}

/**
 * In work behind a session advisory lock (lock-fence.ts), refuses to commit once that lock is gone.
 * The check runs in the committing transaction, on the server that commits it: after a failover the
 * old holder's session does not exist there, so the check fails. What is left is the time between
 * this statement and COMMIT on one connection, in which another instance would have to take the
 * lock and commit conflicting work; the jobs' own writes are guarded by their rows' states too
 * (a withdrawal refunded once, a snapshot per hour), so that window cannot pay twice.
 */
async function fenceHeld(client: PoolClient): Promise<void> {
  const fence = currentFence();
  if (!fence) return;
  if (!fence.lost) {
    const res = await client.query<{ held: boolean }>(FENCE_HELD_SQL, [fence.key, fence.pid]);
    if (res.rows[0]?.held) return;
  }
  fence.lost = true;
  throw new LockLostError(fence.key);
}

/**
 * A client of `pool` for several statements (a transaction, a session lock). While it is checked
 * out, pg-pool no longer listens to its errors, and a connection that breaks between two
 * statements emits 'error' on the client: unheard, that would crash the process. The listener
 * stays for the client's life (pg-pool's own idle listener handles it back in the pool); the
 * next statement on the broken client fails, and that failure is what the caller sees. A
 * connection that cannot be made is a DatabaseUnavailableError.
 */
export async function connected(pool: Pool): Promise<PoolClient> {
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (e) {
    throw databaseUnavailable(e) ?? e;
  }
  if (!heard.has(client)) {
    heard.add(client);
    client.on('error', () => undefined);
  }
  return client;
}

/** Clients that already have connected()'s error listener. */
const heard = new WeakSet<PoolClient>();
