import { Injectable } from '@nestjs/common';
import type { CashierTransactionKind } from '@cosmic/contracts';
import { SqlService } from '../database/sql.service';

/** One line of the player's cashier history as stored. */
export interface CashierTransactionRow {
  kind: CashierTransactionKind;
  id: string;
  amount: string;
  status: string;
  tx_id: string | null;
  address: string;
  time: Date;
  /** A deposit intent's last valid round (null for recorded transfers, withdrawals and older intents). */
  last_valid: string | null;
}

/** The SQL of the cashier history: deposits (intents and credited transfers) and withdrawals. */
@Injectable()
export class TransactionsRepository {
  constructor(private readonly sql: SqlService) {}

  /** The player's last 100 cashier transactions, newest first. */
  latest(userId: string): Promise<CashierTransactionRow[]> {
    return this.sql.query<CashierTransactionRow>(
      `SELECT 'deposit' AS kind, d.tx_id AS id, d.amount, d.status, d.tx_id, d.sender AS address, d.created_at AS time, NULL::bigint AS last_valid
         FROM chain_deposits d WHERE d.user_id = $1
       UNION ALL
       SELECT 'deposit', i.id::text, i.amount, CASE WHEN i.tx_id IS NULL THEN 'awaiting signature' ELSE 'submitted' END, i.tx_id, '', i.created_at, i.last_valid
         FROM deposit_intents i
        WHERE i.user_id = $1 AND NOT EXISTS (SELECT 1 FROM chain_deposits c WHERE c.intent_id = i.id) AND i.created_at > now() - interval '1 day'
       UNION ALL
       SELECT 'withdrawal', w.id::text, w.amount, CASE w.status WHEN 'signed' THEN 'sending' ELSE w.status END, w.tx_id, w.to_address, w.created_at, NULL
         FROM withdrawals w WHERE w.user_id = $1
       ORDER BY time DESC LIMIT 100`,
      [userId],
    );
  }
}
