import { Injectable } from '@nestjs/common';
import { SqlService } from '../../database/sql.service';

/** A withdrawal in flight for longer than this is stalled. */
export const STALLED_AFTER = '10 minutes';

/** One state's row count and AMINA (base units) of chain_deposits or withdrawals. */
export interface StateCountRow {
  kind: 'deposit' | 'withdrawal';
  state: string;
  n: string;
  amount: string;
}

/** The treasurer's counters, as PostgreSQL counts them (bigints as text). */
export interface TreasuryCountRow {
  deposits_24h: string;
  stalled: string;
  withdrawals_24h: string;
  paid_after_refund: string;
  liabilities: string;
}

/** A refunded withdrawal whose transfer landed anyway. */
export interface FlaggedWithdrawalRow {
  id: string;
  user_id: string;
  amount: string;
  to_address: string;
  tx_id: string;
  paid_round: string | null;
  flagged_at: Date;
}

/** The treasurer's SQL (no rules here): counts of deposits, withdrawals and what players hold. */
@Injectable()
export class TreasurerRepository {
  constructor(private readonly sql: SqlService) {}

  /** Deposits and withdrawals by state: one grouped scan of each table. */
  transfersByState(): Promise<StateCountRow[]> {
    return this.sql.query<StateCountRow>(
      `SELECT 'deposit' AS kind, status AS state, count(*) AS n, COALESCE(sum(amount), 0) AS amount FROM chain_deposits GROUP BY status
       UNION ALL
       SELECT 'withdrawal', status, count(*), COALESCE(sum(amount), 0) FROM withdrawals GROUP BY status`,
    );
  }

  /** The last day's deposits and withdrawals, the stalled and the paid-after-refund ones, and the AMINA players hold. */
  async counts(): Promise<TreasuryCountRow> {
    const [r] = await this.sql.query<TreasuryCountRow>(
      `SELECT
         (SELECT count(*) FROM chain_deposits WHERE created_at > now() - interval '24 hours') AS deposits_24h,
         (SELECT count(*) FROM withdrawals WHERE status IN ('pending', 'signed') AND created_at < now() - interval '${STALLED_AFTER}') AS stalled,
         (SELECT count(*) FROM withdrawals WHERE created_at > now() - interval '24 hours') AS withdrawals_24h,
         (SELECT count(*) FROM withdrawals WHERE flag = 'paid-after-refund') AS paid_after_refund,
         (SELECT COALESCE(sum(amount), 0) FROM balances WHERE currency = 'AMINA') AS liabilities`,
    );
    return r;
  }

  /** The last 20 refunded withdrawals whose transfer landed anyway, newest first. */
  flagged(): Promise<FlaggedWithdrawalRow[]> {
    return this.sql.query<FlaggedWithdrawalRow>(
      `SELECT id, user_id, amount, to_address, tx_id, paid_round, flagged_at FROM withdrawals WHERE flag = 'paid-after-refund' ORDER BY flagged_at DESC LIMIT 20`,
    );
  }
}
