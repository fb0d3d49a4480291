import { Injectable } from '@nestjs/common';
import type { ReconciliationReport } from '@cosmic/contracts';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';
import { ChainGateway } from '../chain/chain.gateway';
import { FindingsService } from '../security/findings.service';
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
    private readonly chain: ChainGateway,
    private readonly findings: FindingsService,
  ) {}

  latest(): ReconciliationReport | null {
    return this.last;
  }

  async run(): Promise<ReconciliationReport | undefined> {
    return withJobLock(this.sql, JOB_LOCKS.reconciliation, () => this.runLocked());
  }

  private async runLocked(): Promise<ReconciliationReport> {
    const holding = await this.chain.assetHolding(this.chain.house);
    const [l] = await this.sql.query<{ liabilities: string; in_flight: string; parked: string }>(
      `SELECT COALESCE((SELECT sum(amount) FROM balances WHERE currency = 'AMINA'), 0) AS liabilities,
              COALESCE((SELECT sum(amount) FROM withdrawals WHERE status IN ('pending', 'signed')), 0) AS in_flight,
              (SELECT count(*) FROM chain_deposits WHERE status = 'parked') AS parked`,
    );
    const liabilities = BigInt(l.liabilities);
    const inFlight = BigInt(l.in_flight);
    const surplus = holding.amount - liabilities - inFlight;
    if (surplus < 0n) {
      this.findings.report({ type: 'house-insolvent', severity: 'critical', autoFixed: false, location: 'treasury', details: `House holds ${money(holding.amount)} AMINA on chain but owes players ${money(liabilities)} (+${money(inFlight)} in flight)`, riskScore: 10, source: 'treasurer', fixedCode: 'alerted operators' });
    }
    const outgoing = await this.outgoingWithoutWithdrawal();
    const unknownOutgoing = outgoing.unknown;
    for (const txId of unknownOutgoing) {
      this.findings.report({ type: 'unknown-outgoing-transaction', severity: 'high', autoFixed: false, location: `chain tx ${txId}`, details: 'AMINA left the house without a withdrawal record', riskScore: 9, source: 'treasurer', fixedCode: 'flagged for operator review' });
    }
    const paidAfterRefund = [...new Set([...outgoing.paidAfterRefund, ...(await this.refundedButOnChain())])];
    if (Number(l.parked) > 0 && (!this.last || this.last.parkedDeposits < Number(l.parked))) {
      this.findings.report({ type: 'parked-deposit', severity: 'medium', autoFixed: false, location: 'deposits', details: `${l.parked} deposit(s) could not be attributed to a player`, riskScore: 5, source: 'treasurer', fixedCode: 'parked for operator review' });
    }
    await this.pauseIfUnsafe([
      ...(surplus < 0n ? [`the house holds ${money(holding.amount)} AMINA on chain but owes players ${money(liabilities + inFlight)}`] : []),
      ...(unknownOutgoing.length ? [`${unknownOutgoing.length} AMINA transfer(s) left the house without a withdrawal record (${unknownOutgoing.slice(0, 3).join(', ')})`] : []),
      ...(paidAfterRefund.length ? [`${paidAfterRefund.length} refunded withdrawal(s) were paid on chain anyway (${paidAfterRefund.slice(0, 3).join(', ')})`] : []),
    ]);
    this.last = { at: new Date().toISOString(), houseChainAmina: money(holding.amount), playerLiabilities: money(liabilities), inFlightWithdrawals: money(inFlight), surplus: surplus < 0n ? `-${money(-surplus)}` : money(surplus), unknownOutgoing, parkedDeposits: Number(l.parked), paidAfterRefund };
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
    const paused = await this.sql.query(
      `INSERT INTO operator_switches (name, active, reason) VALUES ('amina_paused', true, $1)
       ON CONFLICT (name) DO UPDATE SET active = true, reason = $1, updated_at = now() WHERE NOT operator_switches.active
       RETURNING 1`,
      [reason],
    );
    if (paused.length) {
      this.findings.report({ type: 'amina-auto-paused', severity: 'critical', autoFixed: true, location: 'operator_switches.amina_paused', details: reason, riskScore: 10, source: 'treasurer', fixedCode: 'paused AMINA bets and withdrawals until an operator resumes them' });
    }
  }

  /**
   * Outgoing house transfers since the first reconciliation that match no withdrawal txid
   * (`unknown`), and those that match a refunded withdrawal (`paidAfterRefund`, flagged).
   */
  private async outgoingWithoutWithdrawal(): Promise<{ unknown: string[]; paidAfterRefund: string[] }> {
    const state = await this.sql.query<{ value: { fromRound: string; checkedRound: string } }>(`SELECT value FROM app_state WHERE key = $1`, [STATE_KEY]);
    const status = await this.chain.status();
    if (!state[0]) {
      // first run: history before this deployment is not ours to judge
      await this.save(status.round, status.round + 1n);
      return { unknown: [], paidAfterRefund: [] };
    }
    const from = BigInt(state[0].value.checkedRound);
    const unknown: string[] = [];
    const paidAfterRefund: string[] = [];
    let next: string | undefined;
    let highest = from;
    do {
      const page = await this.chain.transfersFromHouse({ minRound: from, next, limit: 500 });
      const ids = page.transfers.map((t) => t.txId);
      const known = ids.length ? await this.sql.query<{ tx_id: string; status: string }>(`SELECT tx_id, status FROM withdrawals WHERE tx_id = ANY($1)`, [ids]) : [];
      const statusOf = new Map(known.map((k) => [k.tx_id, k.status]));
      for (const t of page.transfers) {
        const status = statusOf.get(t.txId);
        if (status === undefined) unknown.push(t.txId);
        else if (status === 'refunded' && (await this.flagPaidAfterRefund(t.txId, t.round))) paidAfterRefund.push(t.txId);
        if (t.round > highest) highest = t.round;
      }
      next = page.next ?? undefined;
    } while (next);
    await this.save(BigInt(state[0].value.fromRound), highest + 1n);
    return { unknown, paidAfterRefund };
  }

  /**
   * Refunded withdrawals (of the last REFUND_WATCH, not yet flagged) whose transaction is on chain
   * after all: the outgoing scan above only sees rounds after its watermark, and a transfer that
   * confirmed before its refund was decided sits behind it.
   */
  private async refundedButOnChain(): Promise<string[]> {
    const refunded = await this.sql.query<{ tx_id: string }>(
      `SELECT tx_id FROM withdrawals WHERE status = 'refunded' AND flag IS NULL AND tx_id IS NOT NULL AND updated_at > now() - interval '${REFUND_WATCH}' ORDER BY id`,
    );
    const flagged: string[] = [];
    for (const { tx_id } of refunded) {
      const look = await this.chain.lookupTransaction(tx_id);
      if (look.status === 'confirmed' && (await this.flagPaidAfterRefund(tx_id, look.confirmedRound))) flagged.push(tx_id);
    }
    return flagged;
  }

  /** Flags a refunded withdrawal whose transfer landed (once) and raises the incident; true when newly flagged. */
  private async flagPaidAfterRefund(txId: string, round: bigint | null): Promise<boolean> {
    const [w] = await this.sql.query<{ id: string; user_id: string; amount: string; to_address: string }>(
      `UPDATE withdrawals SET flag = 'paid-after-refund', flagged_at = now(), paid_round = $2, updated_at = now()
        WHERE tx_id = $1 AND status = 'refunded' AND flag IS NULL RETURNING id, user_id, amount, to_address`,
      [txId, round?.toString() ?? null],
    );
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
    await this.sql.query(`INSERT INTO app_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`, [STATE_KEY, JSON.stringify({ fromRound: fromRound.toString(), checkedRound: checkedRound.toString() })]);
  }
}
