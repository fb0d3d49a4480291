import { Injectable } from '@nestjs/common';
import { SqlService } from '../database/sql.service';

/** A stored snapshot row. */
export interface SnapshotRow {
  id: string;
  taken_at: Date;
  ledger_position: string;
  root_hash: string;
  liabilities: string;
  leaf_count: number;
  reserves: string;
  reserves_round: string;
  anchor_tx_id: string | null;
  anchor_round: string | null;
}

/** One player's balance at the snapshot's ledger position. */
export interface BalanceRow {
  userId: bigint;
  balance: bigint;
}

/** What a new snapshot stores: the seed its layout was drawn from and each player's balance. */
export interface NewSnapshot {
  ledgerPosition: bigint;
  rootHash: string;
  liabilities: bigint;
  /** Leaves in the tree, padding included. */
  leafCount: number;
  reserves: bigint;
  reservesRound: bigint;
  /** The secret seed of the layout (32 bytes as hex): with the balances it rebuilds the tree. */
  layoutSeed: string;
  balances: readonly BalanceRow[];
}

/** What rebuilds a snapshot's tree: its layout seed (hex) and the balances, by user id. */
export interface SnapshotLayout {
  seed: string;
  balances: BalanceRow[];
}

const COLUMNS =
  'id, taken_at, ledger_position, root_hash, liabilities, leaf_count, reserves, reserves_round, anchor_tx_id, anchor_round';

/** Proof-of-reserves SQL: the balances read, snapshots, their layout seeds and balances. */
@Injectable()
export class ReservesRepository {
  constructor(private readonly sql: SqlService) {}

  /**
   * Every wallet player's AMINA balance and the highest ledger entry, from one database snapshot
   * (REPEATABLE READ), so the balances are exactly those after that ledger position. Guests hold
   * House Coins only; House Coins have no cash value and are left out.
   */
  async balancesAtLedgerPosition(): Promise<{ ledgerPosition: bigint; balances: BalanceRow[] }> {
    return this.sql.tx(async (db) => {
      await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const pos = await db.query<{ position: string }>(`SELECT COALESCE(max(id), 0) AS position FROM ledger`);
      const rows = await db.query<{ user_id: string; amount: string }>(
        `SELECT b.user_id, b.amount FROM balances b JOIN users u ON u.id = b.user_id
          WHERE b.currency = 'AMINA' AND NOT u.is_guest ORDER BY b.user_id`,
      );
      return {
        ledgerPosition: BigInt(pos.rows[0].position),
        balances: rows.rows.map((r) => ({ userId: BigInt(r.user_id), balance: BigInt(r.amount) })),
      };
    }, null);
  }

  /** Stores a snapshot with its layout seed and balances in one transaction; returns the row. */
  async insert(s: NewSnapshot): Promise<SnapshotRow> {
    return this.sql.tx(async (db) => {
      const [row] = (
        await db.query<SnapshotRow>(
          `INSERT INTO reserves_snapshots
             (ledger_position, root_hash, liabilities, leaf_count, reserves, reserves_round, layout_seed)
           VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'hex')) RETURNING ${COLUMNS}`,
          [
            s.ledgerPosition.toString(),
            s.rootHash,
            s.liabilities.toString(),
            s.leafCount,
            s.reserves.toString(),
            s.reservesRound.toString(),
            s.layoutSeed,
          ],
        )
      ).rows;
      if (s.balances.length) {
        await db.query(
          `INSERT INTO reserves_leaves (snapshot_id, user_id, balance)
           SELECT $1, u, b FROM unnest($2::bigint[], $3::bigint[]) AS t(u, b)`,
          [row.id, s.balances.map((b) => b.userId.toString()), s.balances.map((b) => b.balance.toString())],
        );
      }
      return row;
    }, null);
  }

  /** When the newest snapshot was taken (null: none yet). */
  async latestTakenAt(): Promise<Date | null> {
    const [row] = await this.sql.query<{ at: Date | null }>(`SELECT max(taken_at) AS at FROM reserves_snapshots`);
    return row.at;
  }

  /** The newest snapshots first; like get() and layout(), it may lag (a replica's: SqlService.read). */
  list(limit: number): Promise<SnapshotRow[]> {
    return this.sql.read<SnapshotRow>(`SELECT ${COLUMNS} FROM reserves_snapshots ORDER BY id DESC LIMIT $1`, [limit]);
  }

  /** One snapshot, or the newest when `id` is undefined. */
  async get(id?: bigint): Promise<SnapshotRow | null> {
    const rows =
      id === undefined
        ? await this.sql.read<SnapshotRow>(`SELECT ${COLUMNS} FROM reserves_snapshots ORDER BY id DESC LIMIT 1`)
        : await this.sql.read<SnapshotRow>(`SELECT ${COLUMNS} FROM reserves_snapshots WHERE id = $1`, [id.toString()]);
    return rows[0] ?? null;
  }

  /**
   * The seed and balances that rebuild a snapshot's tree; null for a snapshot of the version 1 tree
   * (one leaf per player, taken before layout seeds), whose proofs are no longer served.
   */
  async layout(snapshotId: string): Promise<SnapshotLayout | null> {
    const [snap] = await this.sql.read<{ seed: string | null }>(
      `SELECT encode(layout_seed, 'hex') AS seed FROM reserves_snapshots WHERE id = $1`,
      [snapshotId],
    );
    if (!snap?.seed) return null;
    const rows = await this.sql.read<{ user_id: string; balance: string }>(
      `SELECT user_id, balance FROM reserves_leaves WHERE snapshot_id = $1 ORDER BY user_id`,
      [snapshotId],
    );
    return {
      seed: snap.seed,
      balances: rows.map((r) => ({ userId: BigInt(r.user_id), balance: BigInt(r.balance) })),
    };
  }

  /** Snapshots whose anchoring transaction is not known to be confirmed yet, oldest first. */
  unanchored(): Promise<SnapshotRow[]> {
    return this.sql.query<SnapshotRow>(
      `SELECT ${COLUMNS} FROM reserves_snapshots WHERE anchor_round IS NULL ORDER BY id LIMIT 24`,
    );
  }

  /** Records (or clears, with null) the anchoring transaction's id. */
  async setAnchorTx(id: string, txId: string | null): Promise<void> {
    await this.sql.query(`UPDATE reserves_snapshots SET anchor_tx_id = $2 WHERE id = $1`, [id, txId]);
  }

  /** Records the round the anchoring transaction confirmed in. */
  async setAnchorRound(id: string, round: bigint): Promise<void> {
    await this.sql.query(`UPDATE reserves_snapshots SET anchor_round = $2 WHERE id = $1`, [id, round.toString()]);
  }
}
