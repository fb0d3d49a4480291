import { Injectable } from '@nestjs/common';
import {
  PERSONA_NAMES,
  type AuditorStats,
  type ComprehensiveReport,
  type HackersReport,
  type PersonaName,
  type PersonaStats,
  type SecurityStatus,
  type SentinelStats,
  type VulnerabilitiesReport,
} from '@cosmic/contracts';
import { NotFoundError } from '../../common/domain-error';
import { EmergencyService } from '../emergency/emergency.service';
import { FindingsService } from '../findings.service';
import { Auditor } from '../personas/auditor';
import type { PersonaGuard } from '../personas/persona';
import { Sentinel } from '../personas/sentinel';
import { Treasurer } from '../personas/treasurer';
import { Warden } from '../personas/warden';
import { OffenderTable } from '../telemetry/offenders';
import { Traffic } from '../telemetry/traffic';
import { DomainReportService } from './domain-report.service';

const MINUTE = 60_000;

/** Everything the dashboard polls, assembled from the personas' memory: no database, no I/O. */
@Injectable()
export class SecurityOverviewService {
  private readonly personas: Record<PersonaName, PersonaGuard>;

  constructor(
    private readonly findings: FindingsService,
    private readonly traffic: Traffic,
    private readonly offenders: OffenderTable,
    private readonly domainReport: DomainReportService,
    private readonly emergency: EmergencyService,
    sentinel: Sentinel,
    warden: Warden,
    auditor: Auditor,
    treasurer: Treasurer,
  ) {
    this.personas = { sentinel, warden, auditor, treasurer };
  }

  comprehensive(now = Date.now()): ComprehensiveReport {
    const personaStats = PERSONA_NAMES.map((p) => this.personas[p].stats(now));
    const recent = this.findings.since(now - 15 * MINUTE);
    const domain = this.domainReport.report();
    const emergency = this.emergency.state();
    const realTimeStats = this.traffic.snapshot(now);
    const auditIssues = (personaStats.find((s) => s.name === 'auditor') as AuditorStats).activeIssues;
    const reasons: string[] = [];
    if (emergency.aminaPaused) reasons.push(`AMINA paused: ${emergency.reason ?? 'emergency fix'}`);
    for (const s of personaStats) if (s.status === 'ALERT') reasons.push(`${s.title}: ${s.headline}`);
    if (recent.high + recent.critical > 0)
      reasons.push(`${recent.high + recent.critical} high/critical finding(s) in 15 min`);
    if (domain.status === 'AT_RISK' || domain.status === 'WARNING')
      reasons.push(`domain report: ${domain.activeIssues} issue(s)`);
    if (recent.medium > 0) reasons.push(`${recent.medium} medium finding(s) in 15 min`);
    const status: SecurityStatus = emergency.aminaPaused
      ? 'LOCKDOWN'
      : personaStats.some((s) => s.status === 'ALERT') ||
          recent.high + recent.critical > 0 ||
          domain.status === 'AT_RISK'
        ? 'ALERT'
        : recent.medium > 0 || domain.status === 'WARNING' || personaStats.some((s) => s.status === 'WATCH')
          ? 'ELEVATED'
          : 'SECURE';
    return {
      generatedAt: new Date(now).toISOString(),
      stats: {
        status,
        reasons,
        totalFindings: this.findings.total(),
        findingsLast15m: recent.low + recent.medium + recent.high + recent.critical,
        bySeverity: this.findings.bySeverity(),
        autoFixed: this.findings.autoFixed(),
        activeIssues: auditIssues + domain.activeIssues + (emergency.aminaPaused ? 1 : 0),
        requests: realTimeStats.totals.requests,
        rejected: realTimeStats.totals.rejected,
        // sentinel's count, which casino_rate_limited_total exports too
        rateLimited: (personaStats.find((s) => s.name === 'sentinel') as SentinelStats).rateLimits.limited,
        serverErrors: realTimeStats.totals.serverErrors,
        offenders: this.offenders.size,
        uptimeSeconds: Math.round(process.uptime()),
      },
      realTimeStats,
      personas: Object.fromEntries(
        personaStats.map((s) => [s.name, { status: s.status, headline: s.headline, findings: s.findings }]),
      ) as ComprehensiveReport['personas'],
      emergency,
    };
  }

  personaStats(name: string, now = Date.now()): PersonaStats {
    return this.persona(name).stats(now);
  }

  hackers(now = Date.now()): HackersReport {
    return {
      totalOffenders: this.offenders.size,
      activeLastMinute: this.offenders.activeSince(now - MINUTE),
      activeLastHour: this.offenders.activeSince(now - 60 * MINUTE),
      offenders: this.offenders.top(20, now),
    };
  }

  vulnerabilities(now = Date.now()): VulnerabilitiesReport {
    return {
      total: this.findings.total(),
      bySeverity: this.findings.bySeverity(),
      last15m: this.findings.since(now - 15 * MINUTE),
      autoFixed: this.findings.autoFixed(),
      perMinute: this.findings.perMinuteSeries(now),
      vulnerabilities: this.findings.recent(50),
    };
  }

  /** The persona called `name`; 404 for anything else. */
  persona(name: string): PersonaGuard {
    if (!(PERSONA_NAMES as readonly string[]).includes(name))
      throw new NotFoundError(`Unknown persona "${name.slice(0, 40)}": one of ${PERSONA_NAMES.join(', ')}`);
    return this.personas[name as PersonaName];
  }
}
