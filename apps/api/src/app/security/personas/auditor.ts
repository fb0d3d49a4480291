import { Injectable, Optional } from '@nestjs/common';
import type { AuditorStats, SecurityFinding } from '@cosmic/contracts';
import { serverSeedHash } from '@cosmic/game-engine';
import { SqlService } from '../../database/sql.service';
import { JOB_LOCKS, withJobLock } from '../../jobs/advisory-lock';
import { FindingsService } from '../findings.service';
import {
  AuditorRepository,
  type LedgerMismatch,
  type LedgerWeeks,
  type SeedMismatch,
  type WeekCheck,
} from './auditor.repository';
import { summarize, type PersonaGuard } from './persona';
import { checkRtps, type RtpMismatch } from '../../common/rtp-check';
import { type AnchorAudit, AnchorsAudit } from '../../anchors/anchors-audit';

/** One complete audit. */
export interface AuditReport {
  at: string;
  durationMs: number;
  ok: boolean;
  /** `weeks` and `reverified`: absent in reports of instances from before the weekly partitions. */
  ledger: {
    checked: number;
    mismatches: LedgerMismatch[];
    orphanLedgers: number;
    weeks?: LedgerWeeks;
    reverified?: WeekCheck[];
  };
  negativeBalances: Array<{ userId: string; currency: string; amount: string }>;
  rtp: { checked: number; mismatches: RtpMismatch[] };
  seeds: { checked: number; mismatches: SeedMismatch[]; engineChecked: number; engineMismatches: string[] };
  /** The newest bet anchors recomputed from the database (absent where the anchors are not wired in). */
  anchors?: AnchorAudit;
}

/** How often the scheduled audit runs. */
export const AUDIT_INTERVAL_MS = 60_000;
const STATE_KEY = 'security.auditor';

type Issue = Omit<SecurityFinding, 'id' | 'timestamp' | 'source' | 'autoFixed' | 'fixedCode'> & { key: string };

/**
 * Auditor checks the books on a schedule, on one instance at a time (advisory lock): every
 * balance equals the sum of its ledger (the checkpointed sums of ended weeks plus the rows of the
 * open ones), one checkpointed week per run is re-read against its checkpoint (the one verified
 * longest ago, so each is re-read once every N runs for N weeks; reaudit() re-reads them all), no balance is negative, the published RTPs are what
 * game-engine computes, every server seed hashes to its published hash, and the newest bet anchors
 * still match the bets they anchored (anchors/anchors-audit.ts). A problem becomes a
 * finding once, when it first appears; the last report is shared through app_state so every
 * instance's dashboard shows it.
 */
@Injectable()
export class Auditor implements PersonaGuard {
  readonly name = 'auditor' as const;
  private last: AuditReport | null = null;
  private ranHere = false;
  private runs = 0;
  private active = new Set<string>();

  constructor(
    private readonly sql: SqlService,
    private readonly repo: AuditorRepository,
    private readonly findings: FindingsService,
    @Optional() private readonly anchorsAudit?: AnchorsAudit,
  ) {}

  /** Runs the audit if this instance wins the lock, else adopts the last shared report. */
  async run(): Promise<AuditReport | null> {
    const mine = await withJobLock(this.sql, JOB_LOCKS.auditor, () => this.audit());
    if (mine) return mine;
    const shared = await this.repo.loadReport<AuditReport>(STATE_KEY);
    if (shared) {
      this.last = shared;
      this.ranHere = false;
    }
    return shared;
  }

  /** A full re-audit: every attached checkpointed week re-read now; null when another instance holds the lock. */
  async reaudit(): Promise<AuditReport | null> {
    return (await withJobLock(this.sql, JOB_LOCKS.auditor, () => this.audit(true))) ?? null;
  }

  latest(): AuditReport | null {
    return this.last;
  }

  stats(now: number): AuditorStats {
    const r = this.last;
    const headline = r
      ? r.ok
        ? `books balance · ${r.ledger.checked} balances, ${r.seeds.checked} seeds checked`
        : `${this.active.size} open problem(s)`
      : 'first audit pending';
    return {
      ...summarize(
        this.findings,
        'auditor',
        'Auditor',
        'ledger, RTPs and seed integrity',
        headline,
        now,
        r !== null && !r.ok,
      ),
      runs: this.runs,
      intervalSeconds: AUDIT_INTERVAL_MS / 1000,
      lastRun: r ? { at: r.at, durationMs: r.durationMs, ranOnThisInstance: this.ranHere } : null,
      activeIssues: r ? issuesOf(r).length : 0,
      checks: {
        ledger: {
          checked: r?.ledger.checked ?? 0,
          mismatches: r?.ledger.mismatches.length ?? 0,
          orphanLedgers: r?.ledger.orphanLedgers ?? 0,
        },
        negativeBalances: r?.negativeBalances.length ?? 0,
        rtp: { checked: r?.rtp.checked ?? 0, mismatches: r?.rtp.mismatches.length ?? 0 },
        seeds: {
          checked: r?.seeds.checked ?? 0,
          mismatches: (r?.seeds.mismatches.length ?? 0) + (r?.seeds.engineMismatches.length ?? 0),
        },
      },
    };
  }

  private async audit(everyWeek = false): Promise<AuditReport> {
    const started = performance.now();
    const [ledgerSums, negativeBalances, seeds, reverified, anchors] = await Promise.all([
      this.repo.ledgerMismatches(),
      this.repo.negativeBalances(),
      this.repo.seedIntegrity(),
      this.reverifyWeeks(everyWeek),
      this.anchorsAudit?.check(),
    ]);
    const ledger = { ...ledgerSums, reverified };
    // a second opinion on the newest pairs with the engine's own SHA-256, so SQL and engine agree
    const engineMismatches = seeds.recent
      .filter((s) => serverSeedHash(s.serverSeed) !== s.serverSeedHash)
      .map((s) => s.pairId);
    const report: AuditReport = {
      at: new Date().toISOString(),
      durationMs: Math.round(performance.now() - started),
      ok: false,
      ledger,
      negativeBalances,
      rtp: checkRtps(),
      seeds: {
        checked: seeds.checked,
        mismatches: seeds.mismatches,
        engineChecked: seeds.recent.length,
        engineMismatches,
      },
      ...(anchors ? { anchors } : {}),
    };
    const issues = issuesOf(report);
    report.ok = issues.length === 0;
    this.reportNew(issues);
    this.last = report;
    this.ranHere = true;
    this.runs++;
    await this.repo.saveReport(STATE_KEY, report);
    return report;
  }

  private async reverifyWeeks(everyWeek: boolean): Promise<WeekCheck[]> {
    const weeks = everyWeek
      ? await this.repo.checkpointedWeeks()
      : [await this.repo.nextWeekToReverify()].filter((w): w is string => w !== null);
    const out: WeekCheck[] = [];
    for (const w of weeks) out.push(await this.repo.reverifyWeek(w));
    return out;
  }

  private reportNew(issues: Issue[]): void {
    const now = new Set(issues.map((i) => i.key));
    for (const { key, ...f } of issues) {
      if (this.active.has(key)) continue;
      this.findings.report({
        ...f,
        source: 'auditor',
        autoFixed: false,
        fixedCode: 'flagged for operator review; nothing was changed automatically',
      });
    }
    this.active = now;
  }
}

/** Every problem in a report, keyed so the same problem is reported once. */
function issuesOf(r: AuditReport): Issue[] {
  const out: Issue[] = [];
  for (const m of r.ledger.mismatches) {
    out.push({
      key: `ledger:${m.userId}:${m.currency}`,
      type: 'ledger-mismatch',
      severity: 'critical',
      riskScore: 10,
      location: `balances user ${m.userId} ${m.currency}`,
      details: `balance ${m.balance} ≠ ledger sum ${m.ledgerSum} (base units)`,
    });
  }
  if (r.ledger.orphanLedgers > 0) {
    out.push({
      key: 'ledger:orphans',
      type: 'ledger-orphan',
      severity: 'high',
      riskScore: 8,
      location: 'ledger',
      details: `${r.ledger.orphanLedgers} ledger(s) without a balance row`,
    });
  }
  for (const w of r.ledger.reverified ?? []) {
    for (const a of w.altered) {
      out.push({
        key: `week:${w.week}:${a.userId}:${a.currency}`,
        type: 'ledger-week-altered',
        severity: 'critical',
        riskScore: 10,
        location: `${w.week} user ${a.userId} ${a.currency}`,
        details: weekChange(a),
      });
    }
  }
  for (const n of r.negativeBalances) {
    out.push({
      key: `negative:${n.userId}:${n.currency}`,
      type: 'negative-balance',
      severity: 'critical',
      riskScore: 10,
      location: `balances user ${n.userId} ${n.currency}`,
      details: `balance is ${n.amount}`,
    });
  }
  for (const m of r.rtp.mismatches) {
    const details =
      m.problem === 'differs'
        ? `published RTP ${m.published} but game-engine computes ${m.computed}`
        : `RTP ${m.computed} pays the player an edge`;
    out.push({
      key: `rtp:${m.game}`,
      type: 'rtp-mismatch',
      severity: 'high',
      riskScore: 8,
      location: `paytable ${m.game}`,
      details,
    });
  }
  for (const s of r.seeds.mismatches) {
    out.push({
      key: `seed:${s.pairId}`,
      type: 'seed-hash-mismatch',
      severity: 'critical',
      riskScore: 10,
      location: `seed pair ${s.pairId} (user ${s.userId})`,
      details: 'SHA-256 of the server seed is not the hash shown to the player',
    });
  }
  for (const id of r.seeds.engineMismatches) {
    if (r.seeds.mismatches.some((s) => s.pairId === id)) continue;
    out.push({
      key: `seed:${id}`,
      type: 'seed-hash-mismatch',
      severity: 'critical',
      riskScore: 10,
      location: `seed pair ${id}`,
      details: "game-engine's SHA-256 of the server seed is not the published hash",
    });
  }
  for (const p of r.anchors?.problems ?? []) {
    out.push({
      key: `anchor:${p.anchorId}:${p.problem}:${p.betId ?? ''}`,
      type: `anchor-${p.problem}`,
      severity: 'critical',
      riskScore: 10,
      location: p.betId ? `anchor ${p.anchorId} bet ${p.betId}` : `anchor ${p.anchorId}`,
      details: `Anchored bet history altered: ${p.details}`,
    });
  }
  return out;
}

/** What changed in a player's rows of a checkpointed week. */
function weekChange(a: WeekCheck['altered'][number]): string {
  const same = (x: string) => x.split(' → ')[0] === x.split(' → ')[1];
  if (same(a.rows) && same(a.sum))
    return `a row was rewritten since the week was checkpointed (${a.rows.split(' → ')[0]} rows, same sum; their contents differ)`;
  return `rows ${a.rows}, sum ${a.sum} (base units) since the week was checkpointed`;
}
