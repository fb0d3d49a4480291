import { Injectable } from '@nestjs/common';
import type { ReconciliationReport } from '@cosmic/contracts';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';
import { AppStateRepository } from '../database/app-state.repository';
import { BankrollRepository } from '../bankroll/bankroll.repository';
import { DepositsRepository } from './deposits.repository';
import { ReconciliationRepository } from './reconciliation.repository';
import { WithdrawalsRepository } from './withdrawals.repository';
import { AlgorandClient } from '../chain/algorand.client';
import { FindingsReporter } from '../common/findings-reporter';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';

const STATE_KEY = 'reconciliation';
/** How long after its refund a withdrawal's txid is still looked for on chain. */
const REFUND_WATCH = '7 days';

/**
 * Compares the house's AMINA on chain with what it owes players, checks that every AMINA
 * transaction leaving the house is a recorded withdrawal, and that no refunded withdrawal's
 * transaction landed after all (flagged on the row: money paid twice). Anything off becomes a
 * treasurer finding.
 */
@Injectable()
export class ReconciliationService {
  private last: ReconciliationReport | null = null;

  constructor(
    private readonly sql: SqlService,
    private readonly chain: AlgorandClient,
    private readonly findings: FindingsReporter,
    private readonly repo: ReconciliationRepository,
    private readonly owedRepo: BankrollRepository,
    private readonly deposits: DepositsRepository,
    private readonly withdrawals: WithdrawalsRepository,
    private readonly appState: AppStateRepository,
  ) {}

  latest(): ReconciliationReport | null {
    return this.last;
  }

  async run(): Promise<ReconciliationReport | undefined> {
    return withJobLock(this.sql, JOB_LOCKS.reconciliation, () => this.runLocked());
  }

  private async runLocked(): Promise<ReconciliationReport> {
    const holding = await this.chain.assetHolding(this.chain.house);
    const { liabilities, inFlight } = await this.owedRepo.owed();
    const parked = await this.deposits.parkedCount();
    const surplus = holding.amount - liabilities - inFlight;
    if (surplus < 0n) {
      this.findings.report({
        type: 'house-insolvent',
        severity: 'critical',
        autoFixed: false,
        location: 'treasury',
        details: `House holds ${money(holding.amount)} AMINA on chain but owes players ${money(liabilities)} (+${money(inFlight)} in flight)`,
        riskScore: 10,
        source: 'treasurer',
        fixedCode: 'alerted operators',
      });
    }
    const outgoing = await this.outgoingWithoutWithdrawal();
    const unknownOutgoing = outgoing.unknown;
    for (const txId of unknownOutgoing) {
      this.findings.report({
        type: 'unknown-outgoing-transaction',
        severity: 'high',
        autoFixed: false,
        location: `chain tx ${txId}`,
        details: 'AMINA left the house without a withdrawal record',
        riskScore: 9,
        source: 'treasurer',
        fixedCode: 'flagged for operator review',
      });
    }
    const paidAfterRefund = [...new Set([...outgoing.paidAfterRefund, ...(await this.refundedButOnChain())])];
    if (parked > 0 && (!this.last || this.last.parkedDeposits < parked)) {
      this.findings.report({
        type: 'parked-deposit',
        severity: 'medium',
        autoFixed: false,
        location: 'deposits',
        details: `${parked} deposit(s) could not be attributed to a player`,
        riskScore: 5,
        source: 'treasurer',
        fixedCode: 'parked for operator review',
      });
    }
    await this.pauseIfUnsafe([
      ...(surplus < 0n
        ? [`the house holds ${money(holding.amount)} AMINA on chain but owes players ${money(liabilities + inFlight)}`]
        : []),
      ...(unknownOutgoing.length
        ? [
            `${unknownOutgoing.length} AMINA transfer(s) left the house without a withdrawal record (${unknownOutgoing.slice(0, 3).join(', ')})`,
          ]
        : []),
      ...(paidAfterRefund.length
        ? [
            `${paidAfterRefund.length} refunded withdrawal(s) were paid on chain anyway (${paidAfterRefund.slice(0, 3).join(', ')})`,
          ]
        : []),
    ]);
    this.last = {
      at: new Date().toISOString(),
      houseChainAmina: money(holding.amount),
      playerLiabilities: money(liabilities),
      inFlightWithdrawals: money(inFlight),
      surplus: surplus < 0n ? `-${money(-surplus)}` : money(surplus),
      unknownOutgoing,
      parkedDeposits: parked,
      paidAfterRefund,
    };
    return this.last;
  }

  /**
   * Money the house cannot account for stops AMINA play and withdrawals at once — the same switch
   * as the operators' emergency fix, with the reason the dashboard shows — until an operator
   * resumes them (POST /api/security/resume-amina). An existing pause keeps its first reason.
   * The proof-of-reserves snapshot pulls the same switch (`by` names who did).
   */
  async pauseIfUnsafe(reasons: string[], by = 'reconciliation'): Promise<void> {
    if (!reasons.length) return;
    const reason = `automatic (${by}): ${reasons.join('; ')}`.slice(0, 1000);
    if (await this.repo.pauseAmina(reason)) {
      this.findings.report({
        type: 'amina-auto-paused',
        severity: 'critical',
        autoFixed: true,
        location: 'operator_switches.amina_paused',
        details: reason,
        riskScore: 10,
        source: 'treasurer',
        fixedCode: 'paused AMINA bets and withdrawals until an operator resumes them',
      });
    }
  }

  /**
   * Outgoing house transfers since the first reconciliation that match no withdrawal txid
   * (`unknown`), and those that match a refunded withdrawal (`paidAfterRefund`, flagged).
   */
  private async outgoingWithoutWithdrawal(): Promise<{ unknown: string[]; paidAfterRefund: string[] }> {
    const state = await this.appState.read<{ fromRound: string; checkedRound: string }>(STATE_KEY);
    const status = await this.chain.status();
    if (!state) {
      // first run: history before this deployment is not ours to judge
      await this.save(status.round, status.round + 1n);
      return { unknown: [], paidAfterRefund: [] };
    }
    const from = BigInt(state.checkedRound);
    const unknown: string[] = [];
    const paidAfterRefund: string[] = [];
    let next: string | undefined;
    let highest = from;
    do {
      const page = await this.chain.transfersFromHouse({ minRound: from, next, limit: 500 });
      const ids = page.transfers.map((t) => t.txId);
      const known = ids.length ? await this.withdrawals.statusOfTxIds(ids) : [];
      const statusOf = new Map(known.map((k) => [k.tx_id, k.status]));
      for (const t of page.transfers) {
        const status = statusOf.get(t.txId);
        if (status === undefined) unknown.push(t.txId);
        else if (status === 'refunded' && (await this.flagPaidAfterRefund(t.txId, t.round)))
          paidAfterRefund.push(t.txId);
        if (t.round > highest) highest = t.round;
      }
      next = page.next ?? undefined;
    } while (next);
    await this.save(BigInt(state.fromRound), highest + 1n);
    return { unknown, paidAfterRefund };
  }

  /**
   * Refunded withdrawals (of the last REFUND_WATCH, not yet flagged) whose transaction is on chain
   * after all: the outgoing scan above only sees rounds after its watermark, and a transfer that
   * confirmed before its refund was decided sits behind it.
   */
  private async refundedButOnChain(): Promise<string[]> {
    const refunded = await this.withdrawals.refundedUnflagged(REFUND_WATCH);
    const flagged: string[] = [];
    for (const tx_id of refunded) {
      const look = await this.chain.lookupTransaction(tx_id);
      if (look.status === 'confirmed' && (await this.flagPaidAfterRefund(tx_id, look.confirmedRound)))
        flagged.push(tx_id);
    }
    return flagged;
  }

  /** Flags a refunded withdrawal whose transfer landed (once) and raises the incident; true when newly flagged. */
  private async flagPaidAfterRefund(txId: string, round: bigint | null): Promise<boolean> {
    const w = await this.withdrawals.flagPaidAfterRefund(txId, round);
    if (!w) return false;
    this.findings.report({
      type: 'withdrawal-paid-after-refund',
      severity: 'critical',
      autoFixed: false,
      location: `withdrawal ${w.id} (chain tx ${txId})`,
      details: `Withdrawal ${w.id} of ${money(BigInt(w.amount))} AMINA to ${w.to_address} was refunded to player ${w.user_id}, but its transfer confirmed${round === null ? '' : ` in round ${round}`}: paid twice`,
      riskScore: 10,
      source: 'treasurer',
      fixedCode: 'flagged on the withdrawal for operator review',
    });
    return true;
  }

  private async save(fromRound: bigint, checkedRound: bigint): Promise<void> {
    await this.appState.write(STATE_KEY, { fromRound: fromRound.toString(), checkedRound: checkedRound.toString() });
  }
}
