import { Injectable } from '@nestjs/common';
import type { BetRecordFields } from '@cosmic/game-engine';
import type { SignedHouseTransfer } from '../chain/chain.types';
import { SqlService } from '../database/sql.service';

/** A stored anchor. */
export interface AnchorRow {
  id: string;
  created_at: Date;
  previous_id: string | null;
  root_hash: string;
  previous_root: string | null;
  bet_count: number;
  tx_id: string | null;
  tx_last_valid: string | null;
  /** The transaction's signed bytes, stored before its first broadcast (null for anchors sent before they were kept). */
  tx_signed: Buffer | null;
  tx_round: string | null;
}

/** Where a bet sits in its anchor. */
export interface AnchorLink {
  anchorId: string;
  position: number;
}

/** One leaf of a stored anchor with the bet's current row (null when the bet is gone). */
export interface AuditLeaf {
  betId: string;
  position: number;
  leaf: Buffer;
  bet: BetRecordFields | null;
}

/** A new anchor: the previous one, the root and the leaves in tree order. */
export interface NewAnchor {
  previous: AnchorRow | null;
  root: string;
  leaves: ReadonlyArray<{ betId: string; leaf: Uint8Array }>;
}

const ANCHOR_COLUMNS =
  'id, created_at, previous_id, root_hash, previous_root, bet_count, tx_id, tx_last_valid, tx_signed, tx_round';
// what a record commits to, read the same way for the anchor, the receipt and the auditor; the time
// with its microseconds, written by PostgreSQL so no client rounding can change it
const RECORD_COLUMNS = `b.id::text AS id, b.game, b.user_id::text AS player, b.amount::text AS stake, b.currency::text AS currency,
  b.payout::text AS payout, b.outcome, s.server_seed_hash AS "serverSeedHash", s.client_seed AS "clientSeed", b.nonce::text AS nonce,
  to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS time`;
const RECORD_FROM = 'FROM bets b JOIN seed_pairs s ON s.id = b.seed_pair_id';

/** Bet anchors' SQL (no rules here): reads bets, writes only anchors and anchor_bets. */
@Injectable()
export class AnchorsRepository {
  constructor(private readonly sql: SqlService) {}

  /** The newest anchor, or null. */
  async latest(): Promise<AnchorRow | null> {
    const [row] = await this.sql.query<AnchorRow>(`SELECT ${ANCHOR_COLUMNS} FROM anchors ORDER BY id DESC LIMIT 1`);
    return row ?? null;
  }

  /** One anchor, or null. */
  async get(id: string): Promise<AnchorRow | null> {
    const [row] = await this.sql.query<AnchorRow>(`SELECT ${ANCHOR_COLUMNS} FROM anchors WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** The newest `count` anchors, newest first. */
  newest(count: number): Promise<AnchorRow[]> {
    return this.sql.query<AnchorRow>(`SELECT ${ANCHOR_COLUMNS} FROM anchors ORDER BY id DESC LIMIT $1`, [count]);
  }

  /**
   * Settled bets in no anchor yet, oldest id first, at most `limit`: those created from `since` on
   * (partitions before it are not read). A bet whose transaction commits after an anchor read the
   * table is in none, so the next anchor takes it.
   */
  unanchored(since: Date | null, limit: number): Promise<BetRecordFields[]> {
    return this.sql.query<BetRecordFields>(
      `SELECT ${RECORD_COLUMNS} ${RECORD_FROM}
        WHERE b.created_at >= COALESCE($1::timestamptz, '-infinity')
          AND NOT EXISTS (SELECT 1 FROM anchor_bets a WHERE a.bet_id = b.id)
        ORDER BY b.id LIMIT $2`,
      [since, limit],
    );
  }

  /** One bet's record fields (null: no such bet), read on the leader: a receipt follows a bet just placed. */
  async betRecord(betId: string): Promise<BetRecordFields | null> {
    const [row] = await this.sql.query<BetRecordFields>(`SELECT ${RECORD_COLUMNS} ${RECORD_FROM} WHERE b.id = $1`, [
      betId,
    ]);
    return row ?? null;
  }

  /** Which anchor a bet is in, and where. */
  async linkOf(betId: string): Promise<AnchorLink | null> {
    const [row] = await this.sql.query<{ anchor_id: string; position: number }>(
      `SELECT anchor_id, position FROM anchor_bets WHERE bet_id = $1`,
      [betId],
    );
    return row ? { anchorId: row.anchor_id, position: row.position } : null;
  }

  /** The stored leaves of an anchor, in tree order. */
  async leaves(anchorId: string): Promise<Buffer[]> {
    const rows = await this.sql.query<{ leaf: Buffer }>(
      `SELECT leaf FROM anchor_bets WHERE anchor_id = $1 ORDER BY position`,
      [anchorId],
    );
    return rows.map((r) => r.leaf);
  }

  /** An anchor's stored leaves with each bet's current row (LEFT JOIN: a deleted bet comes back null). */
  async auditLeaves(anchorId: string): Promise<AuditLeaf[]> {
    const rows = await this.sql.query<
      { bet_id: string; position: number; leaf: Buffer; found: boolean } & Partial<BetRecordFields>
    >(
      `SELECT a.bet_id::text, a.position, a.leaf, r.id IS NOT NULL AS found, r.*
         FROM anchor_bets a LEFT JOIN LATERAL (SELECT ${RECORD_COLUMNS} ${RECORD_FROM} WHERE b.id = a.bet_id) r ON true
        WHERE a.anchor_id = $1 ORDER BY a.position`,
      [anchorId],
    );
    return rows.map(({ bet_id, position, leaf, found, ...bet }) => ({
      betId: bet_id,
      position,
      leaf,
      bet: found ? (bet as BetRecordFields) : null,
    }));
  }

  /** Stores an anchor and its leaves in one transaction. */
  insert(a: NewAnchor): Promise<AnchorRow> {
    return this.sql.tx(async (db) => {
      const {
        rows: [row],
      } = await db.query<AnchorRow>(
        `INSERT INTO anchors (previous_id, root_hash, previous_root, bet_count) VALUES ($1, $2, $3, $4)
         RETURNING ${ANCHOR_COLUMNS}`,
        [a.previous?.id ?? null, a.root, a.previous?.root_hash ?? null, a.leaves.length],
      );
      await db.query(
        `INSERT INTO anchor_bets (bet_id, anchor_id, position, leaf)
         SELECT b, $1, p - 1, l FROM unnest($2::bigint[], $3::bytea[]) WITH ORDINALITY AS t(b, l, p)`,
        [row.id, a.leaves.map((l) => l.betId), a.leaves.map((l) => Buffer.from(l.leaf))],
      );
      return row;
    }, null);
  }

  /** Anchors whose transaction is not known to be confirmed yet, oldest first. */
  unconfirmed(): Promise<AnchorRow[]> {
    return this.sql.query<AnchorRow>(
      `SELECT ${ANCHOR_COLUMNS} FROM anchors WHERE tx_round IS NULL ORDER BY id LIMIT 24`,
    );
  }

  /**
   * Stores the anchoring transaction, signed and not yet sent, when the anchor has none; false when
   * it already has one (whose bytes are then the ones to send).
   */
  async storeTx(id: string, tx: SignedHouseTransfer): Promise<boolean> {
    const rows = await this.sql.query<{ id: string }>(
      `UPDATE anchors SET tx_id = $2, tx_last_valid = $3, tx_signed = $4 WHERE id = $1 AND tx_id IS NULL RETURNING id`,
      [id, tx.txId, tx.lastValid.toString(), tx.signed],
    );
    return rows.length === 1;
  }

  /** Clears an unconfirmed anchoring transaction `txId` (it can never land), so another is signed. */
  async clearTx(id: string, txId: string): Promise<void> {
    await this.sql.query(
      `UPDATE anchors SET tx_id = NULL, tx_last_valid = NULL, tx_signed = NULL
        WHERE id = $1 AND tx_id = $2 AND tx_round IS NULL`,
      [id, txId],
    );
  }

  /** Records the round the anchoring transaction confirmed in. */
  async setRound(id: string, round: bigint): Promise<void> {
    await this.sql.query(`UPDATE anchors SET tx_round = $2 WHERE id = $1`, [id, round.toString()]);
  }
}
