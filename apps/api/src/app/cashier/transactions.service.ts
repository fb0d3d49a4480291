import { Injectable } from '@nestjs/common';
import type { CashierTransaction, CashierTransactionKind } from '@cosmic/contracts';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';

/** The player's deposits (intents and credited transfers) and withdrawals, newest first. */
@Injectable()
export class TransactionsService {
  constructor(private readonly sql: SqlService) {}

  async forUser(userId: string): Promise<CashierTransaction[]> {
    const rows = await this.sql.query<{ kind: CashierTransactionKind; id: string; amount: string; status: string; tx_id: string | null; address: string; time: Date }>(
      `SELECT 'deposit' AS kind, d.tx_id AS id, d.amount, d.status, d.tx_id, d.sender AS address, d.created_at AS time
         FROM chain_deposits d WHERE d.user_id = $1
       UNION ALL
       SELECT 'deposit', i.id::text, i.amount, CASE WHEN i.tx_id IS NULL THEN 'awaiting signature' ELSE 'submitted' END, i.tx_id, '', i.created_at
         FROM deposit_intents i
        WHERE i.user_id = $1 AND NOT EXISTS (SELECT 1 FROM chain_deposits c WHERE c.intent_id = i.id) AND i.created_at > now() - interval '1 day'
       UNION ALL
       SELECT 'withdrawal', w.id::text, w.amount, CASE w.status WHEN 'signed' THEN 'sending' ELSE w.status END, w.tx_id, w.to_address, w.created_at
         FROM withdrawals w WHERE w.user_id = $1
       ORDER BY time DESC LIMIT 100`,
      [userId],
    );
    return rows.map((r) => ({ kind: r.kind, id: String(r.id), amount: money(BigInt(r.amount)), status: r.status, txId: r.tx_id, address: r.address, time: r.time.toISOString() }));
  }
}
