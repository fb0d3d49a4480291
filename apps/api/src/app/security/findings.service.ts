import { Global, Injectable, Logger, Module } from '@nestjs/common';
import {
  PERSONA_NAMES,
  type PersonaName,
  type SecurityFinding,
  type Severity,
  type SeverityCounts,
} from '@cosmic/contracts';
import { randomUUID } from 'node:crypto';
import { FindingsReporter, type FindingReport } from '../common/findings-reporter';
import { RollingSeries } from './telemetry/rolling-series';

/** Every severity, mildest first. */
export const SEVERITIES: readonly Severity[] = ['low', 'medium', 'high', 'critical'];

const KEEP = 500;
const zeroSeverities = (): SeverityCounts => ({ low: 0, medium: 0, high: 0, critical: 0 });

/**
 * Findings from every persona, newest first, answered from memory. Producers (rate limiter,
 * validation, auditor, treasurer, emergency switch) call `report`; the security dashboard reads.
 */
@Injectable()
export class FindingsService implements FindingsReporter {
  private readonly logger = new Logger('Findings');
  private readonly items: Array<{ at: number; finding: SecurityFinding }> = [];
  private readonly counts: Record<PersonaName, SeverityCounts> = {
    sentinel: zeroSeverities(),
    warden: zeroSeverities(),
    auditor: zeroSeverities(),
    treasurer: zeroSeverities(),
  };
  private readonly lastAt: Record<PersonaName, number> = { sentinel: 0, warden: 0, auditor: 0, treasurer: 0 };
  private readonly perMinute: Record<PersonaName, RollingSeries> = {
    sentinel: new RollingSeries(30, 60_000),
    warden: new RollingSeries(30, 60_000),
    auditor: new RollingSeries(30, 60_000),
    treasurer: new RollingSeries(30, 60_000),
  };
  private autoFixedCount = 0;

  report(f: FindingReport): SecurityFinding {
    const at = Date.now();
    const finding: SecurityFinding = { id: randomUUID(), timestamp: new Date(at).toISOString(), ...f };
    this.items.unshift({ at, finding });
    if (this.items.length > KEEP) this.items.length = KEEP;
    this.counts[f.source][f.severity]++;
    this.lastAt[f.source] = at;
    this.perMinute[f.source].add(at);
    if (f.autoFixed) this.autoFixedCount++;
    if (f.severity === 'high' || f.severity === 'critical') this.logger.warn({ msg: 'security finding', ...finding });
    return finding;
  }

  recent(limit = 50, source?: PersonaName): SecurityFinding[] {
    const out: SecurityFinding[] = [];
    for (const { finding } of this.items) {
      if (out.length >= limit) break;
      if (!source || finding.source === source) out.push(finding);
    }
    return out;
  }

  /**
   * All-time counts (since this instance started) by persona and severity: the one source of the
   * dashboard's totals and of casino_security_findings_total.
   */
  counted(): Record<PersonaName, SeverityCounts> {
    return Object.fromEntries(PERSONA_NAMES.map((p) => [p, { ...this.counts[p] }])) as Record<
      PersonaName,
      SeverityCounts
    >;
  }

  total(source?: PersonaName): number {
    const sum = (c: SeverityCounts) => SEVERITIES.reduce((n, s) => n + c[s], 0);
    return source ? sum(this.counts[source]) : PERSONA_NAMES.reduce((n, p) => n + sum(this.counts[p]), 0);
  }

  /** All-time counts by severity (since this instance started). */
  bySeverity(): SeverityCounts {
    const out = zeroSeverities();
    for (const p of PERSONA_NAMES) for (const s of SEVERITIES) out[s] += this.counts[p][s];
    return out;
  }

  /** Findings that say the guard already handled it (blocked, throttled, locked out). */
  autoFixed(): number {
    return this.autoFixedCount;
  }

  /** Counts by severity of the findings newer than `sinceMs` (ms since the epoch). */
  since(sinceMs: number, source?: PersonaName): SeverityCounts {
    const out = zeroSeverities();
    for (const { at, finding } of this.items) {
      if (at < sinceMs) break;
      if (!source || finding.source === source) out[finding.severity]++;
    }
    return out;
  }

  /** When `source` last reported, or null. */
  lastReportedAt(source: PersonaName): string | null {
    return this.lastAt[source] ? new Date(this.lastAt[source]).toISOString() : null;
  }

  /** Findings per minute over the last 30 minutes (oldest first), for one persona or all. */
  perMinuteSeries(now: number, source?: PersonaName): number[] {
    if (source) return this.perMinute[source].series(now);
    const all = PERSONA_NAMES.map((p) => this.perMinute[p].series(now));
    return all[0].map((_, i) => all.reduce((sum, s) => sum + s[i], 0));
  }
}

/** Findings, available to every module: the modules below security inject them as FindingsReporter. */
@Global()
@Module({
  providers: [FindingsService, { provide: FindingsReporter, useExisting: FindingsService }],
  exports: [FindingsService, FindingsReporter],
})
export class FindingsModule {}
