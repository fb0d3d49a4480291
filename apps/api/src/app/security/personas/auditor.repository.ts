import { Injectable } from '@nestjs/common';
import { SqlService } from '../../database/sql.service';

/** A balance that disagrees with its ledger. */
export interface LedgerMismatch {
  userId: string;
  currency: string;
  balance: string;
  ledgerSum: string;
}

/** A seed pair whose published hash is not SHA-256 of its server seed. */
export interface SeedMismatch {
  pairId: string;
  userId: string;
}

/** How the ledger check was split: weeks taken from their checkpoints, rows read from `rowsFrom` on. */
export interface LedgerWeeks {
  checkpointed: number;
  rowsFrom: string | null;
}

/** A checkpointed week re-read: the players whose rows no longer match what was checkpointed. */
export interface WeekCheck {
  week: string;
  altered: Array<{ userId: string; currency: string; rows: string; sum: string }>;
}

const SAMPLE = 50;

/** The auditor's SQL (no rules here): each check reads one consistent snapshot per statement. */
@Injectable()
export class AuditorRepository {
  constructor(private readonly sql: SqlService) {}

  /**
   * Every balance against its ledger: the sums kept for ended weeks (ledger_checkpoints) plus the
   * rows of the weeks after them, so a run reads the open weeks only, not the whole history.
   */
  async ledgerMismatches(): Promise<{
    checked: number;
    mismatches: LedgerMismatch[];
    orphanLedgers: number;
    weeks: LedgerWeeks;
  }> {
    // the checkpoints up to `mark` and the rows from it: one statement, so one snapshot of both
    const [{ mark, weeks }] = await this.sql.query<{ mark: Date | null; weeks: string }>(
      `SELECT max(to_at) AS mark, count(*) AS weeks FROM ledger_partitions`,
    );
    const [row] = await this.sql.query<{
      checked: string;
      orphans: string;
      mismatches: Array<{ user_id: string; currency: string; amount: string; sum: string }>;
    }>(
      `WITH sums AS MATERIALIZED (
         SELECT user_id, currency, sum(s) AS sum FROM (
           SELECT user_id, currency, sum(delta) AS s FROM ledger WHERE created_at >= $1 GROUP BY user_id, currency
           UNION ALL
           SELECT c.user_id, c.currency, sum(c.delta_sum) FROM ledger_checkpoints c JOIN ledger_partitions p ON p.name = c.partition
            WHERE p.to_at <= $1 GROUP BY c.user_id, c.currency) x
          GROUP BY user_id, currency),
       bad AS (
         SELECT b.user_id::text, b.currency, b.amount::text, COALESCE(s.sum, 0)::text AS sum
           FROM balances b LEFT JOIN sums s USING (user_id, currency)
          WHERE b.amount <> COALESCE(s.sum, 0)
          ORDER BY b.user_id LIMIT ${SAMPLE})
       SELECT (SELECT count(*) FROM balances) AS checked,
              (SELECT count(*) FROM sums s WHERE NOT EXISTS (SELECT 1 FROM balances b WHERE b.user_id = s.user_id AND b.currency = s.currency)) AS orphans,
              (SELECT COALESCE(json_agg(bad), '[]') FROM bad) AS mismatches`,
      [mark ?? '-infinity'],
    );
    return {
      checked: Number(row.checked),
      orphanLedgers: Number(row.orphans),
      mismatches: row.mismatches.map((r) => ({
        userId: String(r.user_id),
        currency: r.currency,
        balance: String(r.amount),
        ledgerSum: String(r.sum),
      })),
      weeks: { checkpointed: Number(weeks), rowsFrom: mark ? mark.toISOString() : null },
    };
  }

  /** The attached checkpointed week verified longest ago (the next to re-read), or null. */
  async nextWeekToReverify(): Promise<string | null> {
    const rows = await this.sql.query<{ name: string }>(
      `SELECT name FROM ledger_partitions WHERE archived_at IS NULL AND to_regclass(name) IS NOT NULL ORDER BY verified_at, name LIMIT 1`,
    );
    return rows[0]?.name ?? null;
  }

  /** Every attached checkpointed week, oldest first (a full re-audit). */
  async checkpointedWeeks(): Promise<string[]> {
    const rows = await this.sql.query<{ name: string }>(
      `SELECT name FROM ledger_partitions WHERE archived_at IS NULL AND to_regclass(name) IS NOT NULL ORDER BY from_at`,
    );
    return rows.map((r) => r.name);
  }

  /**
   * Re-reads a checkpointed week: each player's rows, sum of deltas and sum of row hashes must
   * still be what was checkpointed; a row added, removed or changed shows here.
   */
  async reverifyWeek(name: string): Promise<WeekCheck> {
    if (!/^ledger_w\d{8}$/.test(name)) throw new Error(`not a ledger week: ${name}`);
    const rows = await this.sql.query<{
      user_id: string;
      currency: string;
      rows_now: string | null;
      rows_then: string | null;
      sum_now: string | null;
      sum_then: string | null;
    }>(
      `WITH now AS (
         SELECT user_id, currency, count(*) AS rows, sum(delta) AS delta_sum,
                sum(ledger_row_hash(id, user_id, currency, delta, balance_after, kind, ref, created_at)) AS row_hash
           FROM ${name} GROUP BY user_id, currency),
       then_ AS (SELECT user_id, currency, rows, delta_sum, row_hash FROM ledger_checkpoints WHERE partition = $1)
       SELECT user_id::text, currency, n.rows::text AS rows_now, t.rows::text AS rows_then, n.delta_sum::text AS sum_now, t.delta_sum::text AS sum_then
         FROM now n FULL JOIN then_ t USING (user_id, currency)
        WHERE n.rows IS DISTINCT FROM t.rows OR n.delta_sum IS DISTINCT FROM t.delta_sum OR n.row_hash IS DISTINCT FROM t.row_hash
        ORDER BY user_id, currency LIMIT ${SAMPLE}`,
      [name],
    );
    await this.sql.query(`UPDATE ledger_partitions SET verified_at = now() WHERE name = $1`, [name]);
    return {
      week: name,
      altered: rows.map((r) => ({
        userId: r.user_id,
        currency: r.currency,
        rows: `${r.rows_then ?? 0} → ${r.rows_now ?? 0}`,
        sum: `${r.sum_then ?? 0} → ${r.sum_now ?? 0}`,
      })),
    };
  }

  async negativeBalances(): Promise<Array<{ userId: string; currency: string; amount: string }>> {
    const rows = await this.sql.query<{ user_id: string; currency: string; amount: string }>(
      `SELECT user_id, currency, amount FROM balances WHERE amount < 0 ORDER BY user_id LIMIT ${SAMPLE}`,
    );
    return rows.map((r) => ({ userId: String(r.user_id), currency: r.currency, amount: String(r.amount) }));
  }

  /** Every pair is re-hashed in SQL; the newest `sample` come back for a second check with game-engine. */
  async seedIntegrity(sample = 100): Promise<{
    checked: number;
    mismatches: SeedMismatch[];
    recent: Array<{ pairId: string; serverSeed: string; serverSeedHash: string }>;
  }> {
    const [[count], bad, recent] = await Promise.all([
      this.sql.query<{ n: string }>(`SELECT count(*) AS n FROM seed_pairs`),
      this.sql.query<{ id: string; user_id: string }>(
        `SELECT id, user_id FROM seed_pairs WHERE encode(sha256(convert_to(server_seed, 'UTF8')), 'hex') <> server_seed_hash ORDER BY id LIMIT ${SAMPLE}`,
      ),
      this.sql.query<{ id: string; server_seed: string; server_seed_hash: string }>(
        `SELECT id, server_seed, server_seed_hash FROM seed_pairs ORDER BY id DESC LIMIT $1`,
        [sample],
      ),
    ]);
    return {
      checked: Number(count.n),
      mismatches: bad.map((r) => ({ pairId: String(r.id), userId: String(r.user_id) })),
      recent: recent.map((r) => ({
        pairId: String(r.id),
        serverSeed: r.server_seed,
        serverSeedHash: r.server_seed_hash,
      })),
    };
  }

  async loadReport<T>(key: string): Promise<T | null> {
    const rows = await this.sql.query<{ value: T }>(`SELECT value FROM app_state WHERE key = $1`, [key]);
    return rows[0]?.value ?? null;
  }

  async saveReport(key: string, value: unknown): Promise<void> {
    await this.sql.query(
      `INSERT INTO app_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`,
      [key, JSON.stringify(value)],
    );
  }
}
