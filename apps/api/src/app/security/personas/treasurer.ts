import { Injectable } from '@nestjs/common';
import type { FlaggedWithdrawal, TreasurerStats, TreasuryCounts } from '@cosmic/contracts';
import { money } from '../../common/amount';
import { SqlService } from '../../database/sql.service';
import { ReconciliationService } from '../../cashier/reconciliation.service';
import { FindingsService } from '../findings.service';
import { summarize, type PersonaGuard } from './persona';

/** How often the treasurer recounts. */
export const TREASURER_INTERVAL_MS = 15_000;
/** A withdrawal in flight for longer than this is stalled. */
const STALLED_AFTER = '10 minutes';

/**
 * Treasurer keeps the money in view: deposits, withdrawals, parked transfers, what the house
 * owes players, and the last reconciliation (house AMINA on chain vs liabilities, unknown
 * outgoing transactions). Counted from the database on a schedule into memory.
 */
@Injectable()
export class Treasurer implements PersonaGuard {
  readonly name = 'treasurer' as const;
  private counts: TreasuryCounts | null = null;
  private readonly surplus: number[] = [];
  private readonly liabilities: number[] = [];
  private stalledReported = 0;

  constructor(
    private readonly sql: SqlService,
    private readonly reconciliation: ReconciliationService,
    private readonly findings: FindingsService,
  ) {}

  async refresh(): Promise<TreasuryCounts> {
    const [r] = await this.sql.query<Record<string, string>>(
      `SELECT
         (SELECT count(*) FROM chain_deposits WHERE status = 'credited') AS credited,
         (SELECT COALESCE(sum(amount), 0) FROM chain_deposits WHERE status = 'credited') AS credited_amount,
         (SELECT count(*) FROM chain_deposits WHERE status = 'parked') AS parked,
         (SELECT count(*) FROM chain_deposits WHERE created_at > now() - interval '24 hours') AS deposits_24h,
         (SELECT count(*) FROM withdrawals WHERE status = 'confirmed') AS confirmed,
         (SELECT COALESCE(sum(amount), 0) FROM withdrawals WHERE status = 'confirmed') AS confirmed_amount,
         (SELECT count(*) FROM withdrawals WHERE status IN ('pending', 'signed')) AS in_flight,
         (SELECT COALESCE(sum(amount), 0) FROM withdrawals WHERE status IN ('pending', 'signed')) AS in_flight_amount,
         (SELECT count(*) FROM withdrawals WHERE status = 'refunded') AS refunded,
         (SELECT count(*) FROM withdrawals WHERE status IN ('pending', 'signed') AND created_at < now() - interval '${STALLED_AFTER}') AS stalled,
         (SELECT count(*) FROM withdrawals WHERE created_at > now() - interval '24 hours') AS withdrawals_24h,
         (SELECT count(*) FROM withdrawals WHERE flag = 'paid-after-refund') AS paid_after_refund,
         (SELECT COALESCE(sum(amount), 0) FROM balances WHERE currency = 'AMINA') AS liabilities`,
    );
    const counts: TreasuryCounts = {
      at: new Date().toISOString(),
      deposits: { credited: Number(r['credited']), creditedAmina: money(BigInt(r['credited_amount'])), parked: Number(r['parked']), last24h: Number(r['deposits_24h']) },
      withdrawals: {
        confirmed: Number(r['confirmed']),
        confirmedAmina: money(BigInt(r['confirmed_amount'])),
        inFlight: Number(r['in_flight']),
        inFlightAmina: money(BigInt(r['in_flight_amount'])),
        refunded: Number(r['refunded']),
        stalled: Number(r['stalled']),
        last24h: Number(r['withdrawals_24h']),
        paidAfterRefund: Number(r['paid_after_refund']),
      },
      playerLiabilitiesAmina: money(BigInt(r['liabilities'])),
      flaggedWithdrawals: Number(r['paid_after_refund']) > 0 ? await this.flagged() : [],
    };
    this.counts = counts;
    this.sample(this.liabilities, Number(counts.playerLiabilitiesAmina));
    const rec = this.reconciliation.latest();
    if (rec) this.sample(this.surplus, Number(rec.surplus));
    this.checkStalled(counts.withdrawals.stalled);
    return counts;
  }

  stats(now: number): TreasurerStats {
    const rec = this.reconciliation.latest();
    const insolvent = rec !== null && rec.surplus.startsWith('-');
    // a refunded withdrawal that was paid anyway stays an incident until an operator clears the flag
    const paidTwice = this.counts?.withdrawals.paidAfterRefund ?? 0;
    const alert = insolvent || (rec?.unknownOutgoing.length ?? 0) > 0 || paidTwice > 0;
    const headline = paidTwice > 0 ? `${paidTwice} refunded withdrawal(s) paid on chain too` : rec ? `house ${rec.houseChainAmina} AMINA vs owed ${rec.playerLiabilities}` : this.counts ? `players hold ${this.counts.playerLiabilitiesAmina} AMINA` : 'first count pending';
    return {
      ...summarize(this.findings, 'treasurer', 'Treasurer', 'deposits, withdrawals, house vs liabilities', headline, now, alert),
      counts: this.counts,
      reconciliation: rec,
      surplusHistory: [...this.surplus],
      liabilitiesHistory: [...this.liabilities],
    };
  }

  /** Refunded withdrawals whose transfer landed anyway, newest first. */
  private async flagged(): Promise<FlaggedWithdrawal[]> {
    const rows = await this.sql.query<{ id: string; user_id: string; amount: string; to_address: string; tx_id: string; paid_round: string | null; flagged_at: Date }>(
      `SELECT id, user_id, amount, to_address, tx_id, paid_round, flagged_at FROM withdrawals WHERE flag = 'paid-after-refund' ORDER BY flagged_at DESC LIMIT 20`,
    );
    return rows.map((w) => ({ id: String(w.id), userId: String(w.user_id), amountAmina: money(BigInt(w.amount)), toAddress: w.to_address, txId: w.tx_id, paidRound: w.paid_round === null ? null : String(w.paid_round), flaggedAt: w.flagged_at.toISOString() }));
  }

  private sample(into: number[], value: number): void {
    into.push(value);
    if (into.length > 60) into.shift();
  }

  private checkStalled(stalled: number): void {
    if (stalled > this.stalledReported) {
      this.findings.report({ type: 'stalled-withdrawals', severity: 'medium', autoFixed: false, location: 'withdrawals', details: `${stalled} withdrawal(s) in flight for more than ${STALLED_AFTER}`, riskScore: 5, source: 'treasurer', fixedCode: 'recovery job retries the stored transaction; flagged for operator review' });
    }
    this.stalledReported = stalled;
  }
}
