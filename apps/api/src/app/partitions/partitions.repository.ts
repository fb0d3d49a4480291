import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { SqlService } from '../database/sql.service';

/** One week of bets and ledger: its partitions are bets_w<day> and ledger_w<day>. */
export interface Week {
  /** YYYYMMDD of its Monday (UTC). */
  day: string;
  from: Date;
  to: Date;
}

/** Bound: no statement of this job waits longer than this for a lock the bet path holds. */
const LOCK_TIMEOUT = '5s';

const ATTACHED_WEEKS = `
  SELECT substr(c.relname, length($1) + 3) AS day,
         to_date(substr(c.relname, length($1) + 3), 'YYYYMMDD')::timestamp AT TIME ZONE 'UTC' AS from_at
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
   WHERE i.inhparent = $1::regclass AND c.relname ~ ('^' || $1 || '_w[0-9]{8}$')`;

const week = (r: { day: string; from_at: Date }): Week => ({
  day: r.day,
  from: r.from_at,
  to: new Date(r.from_at.getTime() + 7 * 86_400_000),
});

/** The partition job's SQL (no rules here). */
@Injectable()
export class PartitionsRepository {
  constructor(private readonly sql: SqlService) {}

  /** Creates the missing weeks of bets and ledger from this week to `weeksAhead` after it. */
  async ensure(weeksAhead: number): Promise<number> {
    return this.sql.tx(async (db) => {
      await db.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      const res = await db.query<{ n: number }>(
        `SELECT ensure_week_partitions(now(), now() + make_interval(weeks => $1 + 1)) AS n`,
        [weeksAhead],
      );
      return res.rows[0].n;
    }, null);
  }

  /** The attached weeks of `bets` or `ledger`, oldest first. */
  async attached(table: 'bets' | 'ledger'): Promise<Week[]> {
    const rows = await this.sql.query<{ day: string; from_at: Date }>(`${ATTACHED_WEEKS} ORDER BY 1`, [table]);
    return rows.map(week);
  }

  /**
   * Ledger weeks not checkpointed yet that can no longer get a row: ended `graceSeconds` ago and
   * before every open transaction began (created_at is the inserting transaction's start), oldest first.
   */
  async closedUncheckpointed(graceSeconds: number): Promise<Week[]> {
    const rows = await this.sql.query<{ day: string; from_at: Date }>(
      `SELECT w.day, w.from_at FROM (${ATTACHED_WEEKS}) w
        WHERE NOT EXISTS (SELECT 1 FROM ledger_partitions p WHERE p.name = 'ledger_w' || w.day)
          AND w.from_at + interval '7 days' <= LEAST(now() - make_interval(secs => $2),
                COALESCE((SELECT min(xact_start) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()), 'infinity'))
        ORDER BY w.from_at`,
      ['ledger', graceSeconds],
    );
    return rows.map(week);
  }

  /**
   * Sums an ended week once: per player and currency its rows, sum of deltas and sum of row hashes
   * (ledger_checkpoints), and closes both of the week's partitions to new or changed rows (a CHECK
   * that no row passes, NOT VALID so the rows already there stay).
   */
  async checkpoint(w: Week): Promise<number> {
    return this.sql.tx(async (db) => {
      await db.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      const ledger = `ledger_w${w.day}`;
      await db.query(`INSERT INTO ledger_partitions (name, from_at, to_at, rows) VALUES ($1, $2, $3, 0)`, [
        ledger,
        w.from,
        w.to,
      ]);
      await db.query(
        `INSERT INTO ledger_checkpoints (partition, user_id, currency, rows, delta_sum, row_hash)
         SELECT $1, user_id, currency, count(*), sum(delta), sum(ledger_row_hash(id, user_id, currency, delta, balance_after, kind, ref, created_at))
           FROM ${ledger} GROUP BY user_id, currency`,
        [ledger],
      );
      const res = await db.query<{ rows: string }>(
        `UPDATE ledger_partitions SET rows = (SELECT COALESCE(sum(rows), 0) FROM ledger_checkpoints WHERE partition = $1) WHERE name = $1 RETURNING rows`,
        [ledger],
      );
      for (const t of [ledger, `bets_w${w.day}`]) {
        if (await this.exists(db, t))
          await db.query(`ALTER TABLE ${t} ADD CONSTRAINT ${t}_closed CHECK (false) NOT VALID`);
      }
      return Number(res.rows[0].rows);
    }, null);
  }

  /** Attached weeks of either table that ended before `cutoffDays` ago, oldest first. */
  async expired(cutoffDays: number): Promise<Week[]> {
    const rows = await this.sql.query<{ day: string; from_at: Date }>(
      `SELECT DISTINCT w.day, w.from_at FROM (${ATTACHED_WEEKS} UNION ALL ${ATTACHED_WEEKS.replaceAll('$1', '$2')}) w
        WHERE w.from_at + interval '7 days' <= now() - make_interval(days => $3)
        ORDER BY w.from_at`,
      ['bets', 'ledger', cutoffDays],
    );
    return rows.map(week);
  }

  async isCheckpointed(w: Week): Promise<boolean> {
    return (await this.sql.query(`SELECT 1 FROM ledger_partitions WHERE name = $1`, [`ledger_w${w.day}`])).length > 0;
  }

  /**
   * Streams a week's rows in id order, `batch` at a time, to `write`: its bets with their seed
   * pair (the server seed once revealed) or its ledger rows. In one REPEATABLE READ transaction.
   */
  async exportWeek(
    table: 'bets' | 'ledger',
    w: Week,
    write: (rows: object[]) => Promise<void>,
    batch = 5_000,
  ): Promise<number> {
    return this.sql.tx(async (db) => {
      await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const part = `${table}_w${w.day}`;
      if (!(await this.exists(db, part))) return 0;
      const select =
        table === 'bets'
          ? `SELECT b.id::text, b.user_id::text AS "userId", u.wallet_address AS "walletAddress", b.game, b.currency, b.amount::text, b.payout::text, b.multiplier,
                    b.seed_pair_id::text AS "seedPairId", b.nonce::text, b.outcome, b.created_at AS "createdAt",
                    s.server_seed_hash AS "serverSeedHash", CASE WHEN s.active THEN NULL ELSE s.server_seed END AS "serverSeed", s.client_seed AS "clientSeed"
               FROM ${part} b JOIN seed_pairs s ON s.id = b.seed_pair_id JOIN users u ON u.id = b.user_id ORDER BY b.id`
          : `SELECT id::text, user_id::text AS "userId", currency, delta::text, balance_after::text AS "balanceAfter", kind, ref, created_at AS "createdAt" FROM ${part} ORDER BY id`;
      await db.query(`DECLARE week_rows NO SCROLL CURSOR FOR ${select}`);
      let n = 0;
      for (;;) {
        const res = await db.query(`FETCH ${batch} FROM week_rows`);
        if (!res.rows.length) break;
        await write(res.rows);
        n += res.rows.length;
      }
      return n;
    }, null);
  }

  /** Detaches and drops a week's partitions (after its export), and records where it went. */
  async detach(w: Week, archiveFile: string): Promise<void> {
    await this.sql.tx(async (db) => {
      await db.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      for (const t of ['bets', 'ledger']) {
        const part = `${t}_w${w.day}`;
        if (!(await this.exists(db, part))) continue;
        await db.query(`ALTER TABLE ${t} DETACH PARTITION ${part}`);
        await db.query(`DROP TABLE ${part}`);
      }
      await db.query(`UPDATE ledger_partitions SET archived_at = now(), archive_file = $2 WHERE name = $1`, [
        `ledger_w${w.day}`,
        archiveFile,
      ]);
    }, null);
  }

  private async exists(db: PoolClient, table: string): Promise<boolean> {
    return (await db.query<{ t: string | null }>(`SELECT to_regclass($1)::text AS t`, [table])).rows[0].t !== null;
  }
}
