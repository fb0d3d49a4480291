import { Injectable } from '@nestjs/common';
import type { AssetTransfer } from '../chain/chain.types';
import { Queryable, SqlService } from '../database/sql.service';

/** A recorded deposit as the player's notice reads it. */
export interface ChainDepositRow {
  status: 'credited' | 'parked';
  amount: string;
  user_id: string | null;
}

/** Who a deposit belongs to, as decided by DepositsService. */
export interface DepositOwner {
  userId: string | null;
  intentId: string | null;
  reason: string | null;
}

/** The SQL of deposits: intents, recorded chain transfers (the credit itself goes through the settlement module). */
@Injectable()
export class DepositsRepository {
  constructor(private readonly sql: SqlService) {}

  /** Records a deposit intent and the last round its built transfer is valid for. */
  async insertIntent(id: string, userId: string, amount: bigint, lastValid: bigint): Promise<void> {
    await this.sql.query(`INSERT INTO deposit_intents (id, user_id, amount, last_valid) VALUES ($1, $2, $3, $4)`, [
      id,
      userId,
      amount.toString(),
      lastValid.toString(),
    ]);
  }

  /** When the player is self-excluded or on a time-out now: until when, and which; else undefined. */
  async selfExcludedUntil(userId: string): Promise<{ until: Date; kind: string | null } | undefined> {
    const [row] = await this.sql.query<{ until: Date; kind: string | null }>(
      `SELECT self_excluded_until AS until, exclusion_kind AS kind FROM player_limits WHERE user_id = $1 AND self_excluded_until > now()`,
      [userId],
    );
    return row;
  }

  /** Names the transaction that pays the player's intent. */
  async setIntentTx(intentId: string, userId: string, txId: string): Promise<void> {
    await this.sql.query(`UPDATE deposit_intents SET tx_id = $2 WHERE id::text = $1 AND user_id = $3`, [
      intentId,
      txId,
      userId,
    ]);
  }

  /** Marks the player's recent intents (for `txId`, or not yet named) as notified. */
  async markNotified(userId: string, txId: string): Promise<void> {
    await this.sql.query(
      `UPDATE deposit_intents SET notified_at = now() WHERE user_id = $1 AND (tx_id = $2 OR tx_id IS NULL) AND created_at > now() - interval '1 day'`,
      [userId, txId],
    );
  }

  async deposit(txId: string): Promise<ChainDepositRow | undefined> {
    return (
      await this.sql.query<ChainDepositRow>(`SELECT status, amount, user_id FROM chain_deposits WHERE tx_id = $1`, [
        txId,
      ])
    )[0];
  }

  /** Records a chain transfer once by its txid, with the part locked from play; false when it was recorded already. */
  async insertDeposit(
    db: Queryable,
    t: AssetTransfer,
    who: DepositOwner,
    lock: { locked: bigint; until: Date | null },
  ): Promise<boolean> {
    const ins = await db.query(
      `INSERT INTO chain_deposits (tx_id, sender, amount, round, note, user_id, intent_id, status, reason, play_locked, locked_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (tx_id) DO NOTHING RETURNING tx_id`,
      [
        t.txId,
        t.sender,
        t.houseAmount.toString(),
        t.round.toString(),
        Buffer.from(t.note),
        who.userId,
        who.intentId,
        who.userId ? 'credited' : 'parked',
        who.reason,
        lock.locked.toString(),
        lock.until,
      ],
    );
    return ins.rows.length > 0;
  }

  /** The owner of deposit intent `id`, if it exists. */
  async intentOwner(db: Queryable, id: string): Promise<string | undefined> {
    const r = await db.query<{ user_id: string }>(`SELECT user_id FROM deposit_intents WHERE id = $1`, [id]);
    return r.rows[0] ? String(r.rows[0].user_id) : undefined;
  }

  /** The registered (non-guest) player with this wallet, if any. */
  async playerOfWallet(db: Queryable, address: string): Promise<string | undefined> {
    const u = await db.query<{ id: string }>(`SELECT id FROM users WHERE wallet_address = $1 AND NOT is_guest`, [
      address,
    ]);
    return u.rows[0] ? String(u.rows[0].id) : undefined;
  }

  /** How many deposits are parked for operator review. */
  async parkedCount(): Promise<number> {
    const [r] = await this.sql.query<{ n: string }>(`SELECT count(*) AS n FROM chain_deposits WHERE status = 'parked'`);
    return Number(r.n);
  }
}
