import { Injectable } from '@nestjs/common';
import { SqlService } from '../database/sql.service';

/** What the house owes in AMINA: players' balances and withdrawals still on their way. */
export interface AminaOwed {
  liabilities: bigint;
  inFlight: bigint;
}

/** The SQL behind the bankroll and the reconciliation: what the house owes players in AMINA. */
@Injectable()
export class BankrollRepository {
  constructor(private readonly sql: SqlService) {}

  async owed(): Promise<AminaOwed> {
    const [l] = await this.sql.query<{ liabilities: string; in_flight: string }>(
      `SELECT COALESCE((SELECT sum(amount) FROM balances WHERE currency = 'AMINA'), 0) AS liabilities,
              COALESCE((SELECT sum(amount) FROM withdrawals WHERE status IN ('pending', 'signed')), 0) AS in_flight`,
    );
    return { liabilities: BigInt(l.liabilities), inFlight: BigInt(l.in_flight) };
  }
}
