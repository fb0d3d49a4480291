import { Injectable } from '@nestjs/common';
import type { FlaggedWithdrawal, TreasurerStats, TreasuryCounts } from '@cosmic/contracts';
import { money } from '../../common/amount';
import { AlgorandClient } from '../../chain/algorand.client';
import { DepositsService } from '../../cashier/deposits.service';
import { ReconciliationService } from '../../cashier/reconciliation.service';
import { FindingsService } from '../findings.service';
import { summarize, type PersonaGuard } from './persona';
import { STALLED_AFTER, TreasurerRepository } from './treasurer.repository';

/** How often the treasurer recounts. */
export const TREASURER_INTERVAL_MS = 15_000;

/** The states of chain_deposits and withdrawals rows (their CHECK constraints). */
export const DEPOSIT_STATES = ['credited', 'parked', 'resolved'] as const;
export const WITHDRAWAL_STATES = ['pending', 'signed', 'confirmed', 'refunded'] as const;
/** How many rows are in one state, and their AMINA in base units. */
export interface StateTotal {
  count: number;
  amount: bigint;
}
/** Deposits and withdrawals by state, as counted from the database. */
export interface TransfersByState {
  deposits: Record<(typeof DEPOSIT_STATES)[number], StateTotal>;
  withdrawals: Record<(typeof WITHDRAWAL_STATES)[number], StateTotal>;
}

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
    private readonly repo: TreasurerRepository,
    private readonly reconciliation: ReconciliationService,
    private readonly findings: FindingsService,
    private readonly deposits: DepositsService,
    private readonly chain: AlgorandClient,
  ) {}

  /**
   * Deposits and withdrawals by state (one grouped scan of each table): the treasurer's counts and
   * the casino_deposits / casino_withdrawals gauges both come from here.
   */
  async transfersByState(): Promise<TransfersByState> {
    const rows = await this.repo.transfersByState();
    const zero = <S extends string>(states: readonly S[]) =>
      Object.fromEntries(states.map((st) => [st, { count: 0, amount: 0n }])) as Record<S, StateTotal>;
    const out: TransfersByState = { deposits: zero(DEPOSIT_STATES), withdrawals: zero(WITHDRAWAL_STATES) };
    for (const r of rows) {
      const into = (r.kind === 'deposit' ? out.deposits : out.withdrawals) as Record<string, StateTotal>;
      into[r.state] = { count: Number(r.n), amount: BigInt(r.amount) };
    }
    return out;
  }

  /**
   * Rounds the deposit watcher is behind the node (the node's last round minus the last round it
   * scanned), or null when the node does not answer: the treasurer's count and the
   * casino_deposit_watcher_lag_rounds gauge both come from here.
   */
  async depositWatcherLag(): Promise<number | null> {
    const [node, scanned] = await Promise.all([this.chain.lastRound().catch(() => null), this.deposits.watermark()]);
    if (node === null) return null;
    // an indexer a little ahead of a load-balanced node is no lag
    return node > scanned ? Number(node - scanned) : 0;
  }

  async refresh(): Promise<TreasuryCounts> {
    const [t, lag, r] = await Promise.all([this.transfersByState(), this.depositWatcherLag(), this.repo.counts()]);
    const w = t.withdrawals;
    const counts: TreasuryCounts = {
      at: new Date().toISOString(),
      deposits: {
        credited: t.deposits.credited.count,
        creditedAmina: money(t.deposits.credited.amount),
        parked: t.deposits.parked.count,
        last24h: Number(r['deposits_24h']),
      },
      depositWatcherLagRounds: lag,
      withdrawals: {
        confirmed: w.confirmed.count,
        confirmedAmina: money(w.confirmed.amount),
        inFlight: w.pending.count + w.signed.count,
        inFlightAmina: money(w.pending.amount + w.signed.amount),
        refunded: w.refunded.count,
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
    const headline =
      paidTwice > 0
        ? `${paidTwice} refunded withdrawal(s) paid on chain too`
        : rec
          ? `house ${rec.houseChainAmina} AMINA vs owed ${rec.playerLiabilities}`
          : this.counts
            ? `players hold ${this.counts.playerLiabilitiesAmina} AMINA`
            : 'first count pending';
    return {
      ...summarize(
        this.findings,
        'treasurer',
        'Treasurer',
        'deposits, withdrawals, house vs liabilities',
        headline,
        now,
        alert,
      ),
      counts: this.counts,
      reconciliation: rec,
      surplusHistory: [...this.surplus],
      liabilitiesHistory: [...this.liabilities],
    };
  }

  /** Refunded withdrawals whose transfer landed anyway, newest first. */
  private async flagged(): Promise<FlaggedWithdrawal[]> {
    const rows = await this.repo.flagged();
    return rows.map((w) => ({
      id: String(w.id),
      userId: String(w.user_id),
      amountAmina: money(BigInt(w.amount)),
      toAddress: w.to_address,
      txId: w.tx_id,
      paidRound: w.paid_round === null ? null : String(w.paid_round),
      flaggedAt: w.flagged_at.toISOString(),
    }));
  }

  private sample(into: number[], value: number): void {
    into.push(value);
    if (into.length > 60) into.shift();
  }

  private checkStalled(stalled: number): void {
    if (stalled > this.stalledReported) {
      this.findings.report({
        type: 'stalled-withdrawals',
        severity: 'medium',
        autoFixed: false,
        location: 'withdrawals',
        details: `${stalled} withdrawal(s) in flight for more than ${STALLED_AFTER}`,
        riskScore: 5,
        source: 'treasurer',
        fixedCode: 'recovery job retries the stored transaction; flagged for operator review',
      });
    }
    this.stalledReported = stalled;
  }
}
