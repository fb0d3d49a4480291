import { Injectable } from '@nestjs/common';
import { Queryable, SqlService } from '../database/sql.service';

/** The start of the current UTC day, in SQL: the daily withdrawal maximum counts from here. */
const DAY_START = `(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

/** A row of `withdrawals`. */
export interface WithdrawalRow {
  id: string;
  user_id: string;
  amount: string;
  to_address: string;
  status: 'pending' | 'signed' | 'confirmed' | 'refunded';
  lease: Buffer;
  tx_id: string | null;
  signed_txn: Buffer | null;
  last_valid: string | null;
  error?: string | null;
  created_at?: Date;
}

/** The SQL of withdrawals (the debit and refund themselves go through the settlement module). */
@Injectable()
export class WithdrawalsRepository {
  constructor(private readonly sql: SqlService) {}

  /** Whether the operators' AMINA pause is on. */
  async aminaPaused(): Promise<boolean> {
    return (await this.sql.query(`SELECT 1 FROM operator_switches WHERE name = 'amina_paused' AND active`)).length > 0;
  }

  /**
   * Takes the player's row for the rest of the transaction: one withdrawal at a time per player.
   * NO KEY UPDATE: bets' foreign-key checks on the row are not blocked.
   */
  async lockPlayer(db: Queryable, userId: string): Promise<void> {
    await db.query(`SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
  }

  /** A new pending withdrawal with its lease. */
  async insertPending(
    db: Queryable,
    userId: string,
    amount: bigint,
    to: string,
    leaseOf: (id: string) => Uint8Array,
  ): Promise<WithdrawalRow> {
    const ins = await db.query<WithdrawalRow>(
      `INSERT INTO withdrawals (user_id, amount, to_address, status, lease) VALUES ($1, $2, $3, 'pending', '\\x') RETURNING *`,
      [userId, amount.toString(), to],
    );
    const w = ins.rows[0];
    const lease = Buffer.from(leaseOf(String(w.id)));
    await db.query(`UPDATE withdrawals SET lease = $2 WHERE id = $1`, [w.id, lease]);
    return { ...w, lease };
  }

  /** AMINA the player has withdrawn since the start of the UTC day, refunded withdrawals excepted. */
  async withdrawnToday(db: Queryable, userId: string): Promise<bigint> {
    const res = await db.query<{ total: string }>(
      `SELECT COALESCE(sum(amount), 0) AS total FROM withdrawals WHERE user_id = $1 AND status <> 'refunded' AND created_at >= ${DAY_START}`,
      [userId],
    );
    return BigInt(res.rows[0].total);
  }

  /** Withdrawals still on their way (pending or signed), oldest first. */
  open(): Promise<WithdrawalRow[]> {
    return this.sql.query<WithdrawalRow>(`SELECT * FROM withdrawals WHERE status IN ('pending', 'signed') ORDER BY id`);
  }

  async byId(id: string): Promise<WithdrawalRow | undefined> {
    return (await this.sql.query<WithdrawalRow>(`SELECT * FROM withdrawals WHERE id = $1`, [id]))[0];
  }

  async ofUser(id: string, userId: string): Promise<WithdrawalRow | undefined> {
    return (
      await this.sql.query<WithdrawalRow>(`SELECT * FROM withdrawals WHERE id = $1 AND user_id = $2`, [id, userId])
    )[0];
  }

  /** The player's last 50 withdrawals, newest first. */
  latest(userId: string): Promise<Array<WithdrawalRow & { created_at: Date }>> {
    return this.sql.query<WithdrawalRow & { created_at: Date }>(
      `SELECT * FROM withdrawals WHERE user_id = $1 ORDER BY id DESC LIMIT 50`,
      [userId],
    );
  }

  /** Stores the signed bytes once; undefined when another instance signed it first. */
  async storeSigned(id: string, signed: Buffer, txId: string, lastValid: bigint): Promise<WithdrawalRow | undefined> {
    const res = await this.sql.query<WithdrawalRow>(
      `UPDATE withdrawals SET status = 'signed', signed_txn = $2, tx_id = $3, last_valid = $4, updated_at = now()
        WHERE id = $1 AND signed_txn IS NULL RETURNING *`,
      [id, signed, txId, lastValid.toString()],
    );
    return res[0];
  }

  /** Counts a broadcast; null when the withdrawal is settled. */
  async startAttempt(id: string): Promise<number | null> {
    const res = await this.sql.query<{ attempts: number }>(
      `UPDATE withdrawals SET attempts = attempts + 1, updated_at = now() WHERE id = $1 AND status IN ('pending', 'signed') RETURNING attempts`,
      [id],
    );
    return res[0]?.attempts ?? null;
  }

  async markConfirmed(id: string, round: bigint | null): Promise<void> {
    await this.sql.query(
      `UPDATE withdrawals SET status = 'confirmed', paid_round = COALESCE($2, paid_round), updated_at = now() WHERE id = $1 AND status IN ('pending', 'signed')`,
      [id, round?.toString() ?? null],
    );
  }

  /** Marks an open withdrawal refunded (with `onlyIfAttempt`, only while no later broadcast started); false when it was not open. */
  async markRefunded(db: Queryable, id: string, reason: string, onlyIfAttempt: number | undefined): Promise<boolean> {
    const upd = await db.query(
      `UPDATE withdrawals SET status = 'refunded', error = $2, updated_at = now()
        WHERE id = $1 AND status IN ('pending', 'signed') AND ($3::int IS NULL OR attempts = $3::int) RETURNING id`,
      [id, reason, onlyIfAttempt ?? null],
    );
    return upd.rows.length > 0;
  }

  /** The status of each withdrawal whose txid is in `txIds`. */
  statusOfTxIds(txIds: string[]): Promise<Array<{ tx_id: string; status: string }>> {
    return this.sql.query<{ tx_id: string; status: string }>(
      `SELECT tx_id, status FROM withdrawals WHERE tx_id = ANY($1)`,
      [txIds],
    );
  }

  /** Txids of refunded withdrawals of the last `watch` (an SQL interval) not yet flagged. */
  async refundedUnflagged(watch: string): Promise<string[]> {
    const rows = await this.sql.query<{ tx_id: string }>(
      `SELECT tx_id FROM withdrawals WHERE status = 'refunded' AND flag IS NULL AND tx_id IS NOT NULL AND updated_at > now() - $1::interval ORDER BY id`,
      [watch],
    );
    return rows.map((r) => r.tx_id);
  }

  /** Flags a refunded withdrawal whose transfer landed anyway, once; the row when newly flagged. */
  async flagPaidAfterRefund(
    txId: string,
    round: bigint | null,
  ): Promise<{ id: string; user_id: string; amount: string; to_address: string } | undefined> {
    const [w] = await this.sql.query<{ id: string; user_id: string; amount: string; to_address: string }>(
      `UPDATE withdrawals SET flag = 'paid-after-refund', flagged_at = now(), paid_round = $2, updated_at = now()
        WHERE tx_id = $1 AND status = 'refunded' AND flag IS NULL RETURNING id, user_id, amount, to_address`,
      [txId, round?.toString() ?? null],
    );
    return w;
  }
}
