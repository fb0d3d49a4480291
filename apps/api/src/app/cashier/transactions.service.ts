import { Injectable } from '@nestjs/common';
import type { CashierTransaction } from '@cosmic/contracts';
import { money } from '../common/amount';
import { DepositsService } from './deposits.service';
import { TransactionsRepository, type CashierTransactionRow } from './transactions.repository';

/** The history's status of a deposit whose transfer can no longer land and did not: no AMINA moved. */
export const DEPOSIT_NOT_SENT = 'not sent';

/** The player's deposits (intents and credited transfers) and withdrawals, newest first. */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly repo: TransactionsRepository,
    private readonly deposits: DepositsService,
  ) {}

  async forUser(userId: string): Promise<CashierTransaction[]> {
    // the watermark first: every transfer up to it was recorded before it was written, so the rows
    // read after it hold them (read the other way round, one recorded in between would read "not sent")
    const scanned = await this.deposits.watermark();
    const rows = await this.repo.latest(userId);
    return rows.map((r) => ({
      kind: r.kind,
      id: String(r.id),
      amount: money(BigInt(r.amount)),
      status: notSent(r, scanned) ? DEPOSIT_NOT_SENT : r.status,
      txId: r.tx_id,
      address: r.address,
      time: r.time.toISOString(),
    }));
  }
}

/**
 * A deposit intent's transfer never landed once the deposit watcher has scanned every round it was
 * valid for (its watermark at or past the transfer's lastValid) and recorded no transfer for it: a
 * transfer for the intent would be a chain deposit, and the row would not be listed as an intent.
 */
function notSent(r: CashierTransactionRow, scannedThrough: bigint): boolean {
  return r.last_valid !== null && BigInt(r.last_valid) <= scannedThrough;
}
