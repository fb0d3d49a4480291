import { Injectable } from '@nestjs/common';
import type { CashierTransaction } from '@cosmic/contracts';
import { money } from '../common/amount';
import { TransactionsRepository } from './transactions.repository';

/** The player's deposits (intents and credited transfers) and withdrawals, newest first. */
@Injectable()
export class TransactionsService {
  constructor(private readonly repo: TransactionsRepository) {}

  async forUser(userId: string): Promise<CashierTransaction[]> {
    const rows = await this.repo.latest(userId);
    return rows.map((r) => ({
      kind: r.kind,
      id: String(r.id),
      amount: money(BigInt(r.amount)),
      status: r.status,
      txId: r.tx_id,
      address: r.address,
      time: r.time.toISOString(),
    }));
  }
}
