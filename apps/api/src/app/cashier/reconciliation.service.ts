import { Injectable } from '@nestjs/common';
import type { ReconciliationReport } from '@cosmic/contracts';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';
import { ChainGateway } from '../chain/chain.gateway';
import { FindingsService } from '../security/findings.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';

const STATE_KEY = 'reconciliation';

/**
 * Compares the house's AMINA on chain with what it owes players, and checks that every AMINA
 * transaction leaving the house is a recorded withdrawal. Anything off becomes a treasurer finding.
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
    const unknownOutgoing = await this.outgoingWithoutWithdrawal();
    for (const txId of unknownOutgoing) {
      this.findings.report({ type: 'unknown-outgoing-transaction', severity: 'high', autoFixed: false, location: `chain tx ${txId}`, details: 'AMINA left the house without a withdrawal record', riskScore: 9, source: 'treasurer', fixedCode: 'flagged for operator review' });
    }
    if (Number(l.parked) > 0 && (!this.last || this.last.parkedDeposits < Number(l.parked))) {
      this.findings.report({ type: 'parked-deposit', severity: 'medium', autoFixed: false, location: 'deposits', details: `${l.parked} deposit(s) could not be attributed to a player`, riskScore: 5, source: 'treasurer', fixedCode: 'parked for operator review' });
    }
    this.last = { at: new Date().toISOString(), houseChainAmina: money(holding.amount), playerLiabilities: money(liabilities), inFlightWithdrawals: money(inFlight), surplus: surplus < 0n ? `-${money(-surplus)}` : money(surplus), unknownOutgoing, parkedDeposits: Number(l.parked) };
    return this.last;
  }

  /** Outgoing house transfers since the first reconciliation that match no withdrawal txid. */
  private async outgoingWithoutWithdrawal(): Promise<string[]> {
    const state = await this.sql.query<{ value: { fromRound: string; checkedRound: string } }>(`SELECT value FROM app_state WHERE key = $1`, [STATE_KEY]);
    const status = await this.chain.status();
    if (!state[0]) {
      // first run: history before this deployment is not ours to judge
      await this.save(status.round, status.round + 1n);
      return [];
    }
    const from = BigInt(state[0].value.checkedRound);
    const unknown: string[] = [];
    let next: string | undefined;
    let highest = from;
    do {
      const page = await this.chain.transfersFromHouse({ minRound: from, next, limit: 500 });
      const ids = page.transfers.map((t) => t.txId);
      const known = ids.length ? await this.sql.query<{ tx_id: string }>(`SELECT tx_id FROM withdrawals WHERE tx_id = ANY($1)`, [ids]) : [];
      const knownSet = new Set(known.map((k) => k.tx_id));
      for (const t of page.transfers) {
        if (!knownSet.has(t.txId)) unknown.push(t.txId);
        if (t.round > highest) highest = t.round;
      }
      next = page.next ?? undefined;
    } while (next);
    await this.save(BigInt(state[0].value.fromRound), highest + 1n);
    return unknown;
  }

  private async save(fromRound: bigint, checkedRound: bigint): Promise<void> {
    await this.sql.query(`INSERT INTO app_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`, [STATE_KEY, JSON.stringify({ fromRound: fromRound.toString(), checkedRound: checkedRound.toString() })]);
  }
}
