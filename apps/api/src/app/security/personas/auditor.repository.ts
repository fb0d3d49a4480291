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

const SAMPLE = 50;

/** The auditor's SQL (no rules here): each check reads one consistent snapshot per statement. */
@Injectable()
export class AuditorRepository {
  constructor(private readonly sql: SqlService) {}

  async ledgerMismatches(): Promise<{ checked: number; mismatches: LedgerMismatch[]; orphanLedgers: number }> {
    const [rows, [counts]] = await Promise.all([
      this.sql.query<{ user_id: string; currency: string; amount: string; sum: string }>(
        `SELECT b.user_id, b.currency, b.amount, COALESCE(l.sum, 0) AS sum
           FROM balances b
           LEFT JOIN (SELECT user_id, currency, sum(delta) AS sum FROM ledger GROUP BY user_id, currency) l USING (user_id, currency)
          WHERE b.amount <> COALESCE(l.sum, 0)
          ORDER BY b.user_id LIMIT ${SAMPLE}`,
      ),
      this.sql.query<{ checked: string; orphans: string }>(
        `SELECT (SELECT count(*) FROM balances) AS checked,
                (SELECT count(*) FROM (SELECT user_id, currency FROM ledger EXCEPT SELECT user_id, currency FROM balances) o) AS orphans`,
      ),
    ]);
    return {
      checked: Number(counts.checked),
      orphanLedgers: Number(counts.orphans),
      mismatches: rows.map((r) => ({ userId: String(r.user_id), currency: r.currency, balance: String(r.amount), ledgerSum: String(r.sum) })),
    };
  }

  async negativeBalances(): Promise<Array<{ userId: string; currency: string; amount: string }>> {
    const rows = await this.sql.query<{ user_id: string; currency: string; amount: string }>(
      `SELECT user_id, currency, amount FROM balances WHERE amount < 0 ORDER BY user_id LIMIT ${SAMPLE}`,
    );
    return rows.map((r) => ({ userId: String(r.user_id), currency: r.currency, amount: String(r.amount) }));
  }

  /** Every pair is re-hashed in SQL; the newest `sample` come back for a second check with game-engine. */
  async seedIntegrity(sample = 100): Promise<{ checked: number; mismatches: SeedMismatch[]; recent: Array<{ pairId: string; serverSeed: string; serverSeedHash: string }> }> {
    const [[count], bad, recent] = await Promise.all([
      this.sql.query<{ n: string }>(`SELECT count(*) AS n FROM seed_pairs`),
      this.sql.query<{ id: string; user_id: string }>(
        `SELECT id, user_id FROM seed_pairs WHERE encode(sha256(convert_to(server_seed, 'UTF8')), 'hex') <> server_seed_hash ORDER BY id LIMIT ${SAMPLE}`,
      ),
      this.sql.query<{ id: string; server_seed: string; server_seed_hash: string }>(`SELECT id, server_seed, server_seed_hash FROM seed_pairs ORDER BY id DESC LIMIT $1`, [sample]),
    ]);
    return {
      checked: Number(count.n),
      mismatches: bad.map((r) => ({ pairId: String(r.id), userId: String(r.user_id) })),
      recent: recent.map((r) => ({ pairId: String(r.id), serverSeed: r.server_seed, serverSeedHash: r.server_seed_hash })),
    };
  }

  async loadReport<T>(key: string): Promise<T | null> {
    const rows = await this.sql.query<{ value: T }>(`SELECT value FROM app_state WHERE key = $1`, [key]);
    return rows[0]?.value ?? null;
  }

  async saveReport(key: string, value: unknown): Promise<void> {
    await this.sql.query(`INSERT INTO app_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`, [key, JSON.stringify(value)]);
  }
}
