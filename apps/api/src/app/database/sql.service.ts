import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Pool, PoolClient, QueryResultRow } from 'pg';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { sqlRefusal } from '../settlement/settlement-errors';
import { answerKey, claimKey, pendingClaim } from '../common/idempotency-claim';

/** Something that can run a query: the pool, or a client inside a transaction. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(
    text: string | { name?: string; text: string; values?: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
}

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

  constructor(
    @Inject(APP_CONFIG)
    config: Pick<AppConfig, 'databaseUrl' | 'dbPoolMax'> & Partial<Pick<AppConfig, 'betBatchConcurrency'>>,
  ) {
    this.pool = connectionPool(config.databaseUrl, config.dbPoolMax);
    this.betPool = connectionPool(config.databaseUrl, config.betBatchConcurrency ?? 1);
  }

  /** Runs one statement; a refusal raised by the settlement SQL comes out as its domain error. */
  query<R extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = [], name?: string): Promise<R[]> {
    return statement<R>(this.pool, text, values, name);
  }

  /** query() on the instant bets' own connections (betPool): for place_bet() and place_bets() only. */
  betQuery<R extends QueryResultRow = QueryResultRow>(text: string, values: unknown[], name: string): Promise<R[]> {
    return statement<R>(this.betPool, text, values, name);
  }

  /**
   * Runs `fn` in one transaction; rolls back on any error. A refusal raised by the settlement SQL
   * inside it (a play guard: CC4xx) comes out as its domain error: the one place SQLSTATEs are
   * translated, so services and the HTTP filter only ever see coded domain errors.
   *
   * A request sent with an Idempotency-Key claims it in its first transaction, before `fn`
   * (common/idempotency-claim.ts), and when `fn`'s result is the request's answer stores it there
   * too: committed with the request's writes, or rolled back with them.
   */
  async tx<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const hooks: Array<() => void> = [];
    commitHooks.set(client, hooks);
    const claim = pendingClaim();
    if (claim) claim.state = 'claiming'; // a transaction started meanwhile does not take it too
    try {
      await client.query('BEGIN');
      if (claim) await claimKey(client, claim);
      const out = await fn(client);
      if (claim?.answerInTransaction) await answerKey(client, claim, out);
      await client.query('COMMIT');
      if (claim) claim.state = 'claimed';
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
      await client.query('ROLLBACK').catch(() => undefined);
      if (claim?.state === 'claiming') claim.state = 'open'; // rolled back: the key is not held
      throw sqlRefusal(e) ?? e;
    } finally {
      commitHooks.delete(client);
      client.release();
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
    await Promise.all([this.pool.end(), this.betPool.end()]);
  }
}

function connectionPool(connectionString: string | undefined, max: number): Pool {
  const pool = new Pool({
    connectionString,
    max,
    application_name: 'cosmic-api',
    // a stuck statement, a transaction left open or a database that stops answering must not hold
    // connections (and the player waiting on them) for ever
    connectionTimeoutMillis: POOL_TIMEOUTS.connectMs,
    statement_timeout: POOL_TIMEOUTS.statementMs,
    idle_in_transaction_session_timeout: POOL_TIMEOUTS.idleInTransactionMs,
  });
  // an idle client losing its server must not crash the process
  pool.on('error', () => undefined);
  return pool;
}

async function statement<R extends QueryResultRow>(
  pool: Pool,
  text: string,
  values: unknown[],
  name: string | undefined,
): Promise<R[]> {
  try {
    const res = await pool.query<R>(name ? { name, text, values } : { text, values });
    return res.rows;
  } catch (e) {
    throw sqlRefusal(e) ?? e;
  }
}
