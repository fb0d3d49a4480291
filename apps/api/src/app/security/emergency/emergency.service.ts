import { Injectable, Logger } from '@nestjs/common';
import type { EmergencyFixResult, EmergencyState, ResumeResult } from '@cosmic/contracts';
import { SessionService } from '../../auth/session.service';
import { CorsPolicy } from '../../http/cors-policy';
import { FindingsService } from '../findings.service';
import { DomainReportService } from '../report/domain-report.service';
import { ActivityLog } from '../telemetry/activity-log';
import { EmergencyRepository } from './emergency.repository';
import { targetOrigins } from './domain-target';

/**
 * The incident switch. A fix for a domain drops its origins from the CORS allow-list, revokes
 * every session created from them and pauses AMINA betting and withdrawals until an operator
 * resumes; each step is a finding. The state lives in PostgreSQL (blocked origins in app_state,
 * the pause in operator_switches, enforced by check_play_allowed and WithdrawalsService) and
 * every instance re-reads it every few seconds.
 */
@Injectable()
export class EmergencyService {
  private readonly logger = new Logger('Emergency');
  private current: EmergencyState = { aminaPaused: false, reason: null, since: null, blockedOrigins: [] };

  constructor(
    private readonly repo: EmergencyRepository,
    private readonly cors: CorsPolicy,
    private readonly sessions: SessionService,
    private readonly findings: FindingsService,
    private readonly domainReport: DomainReportService,
    private readonly activity: ActivityLog,
  ) {}

  async fix(domain: string, ip: string): Promise<EmergencyFixResult> {
    const origins = targetOrigins(domain, this.cors.list());
    this.current = await this.repo.engage(origins, `emergency fix for ${domain}`);
    const removed = origins.filter((o) => this.cors.remove(o));
    let revoked = 0;
    for (const o of origins) revoked += await this.sessions.revokeByOrigin(o);
    this.domainReport.recordFixes(removed.length);
    this.activity.add(
      'sentinel',
      'emergency fix',
      ip,
      `${domain}: ${removed.length} origin(s) dropped, ${revoked} session(s) revoked, AMINA paused`,
    );
    this.logger.warn({ msg: 'emergency domain fix', domain, origins, removed, revoked, ip });
    const steps = [
      this.findings.report({
        type: 'cors-origin-removed',
        severity: 'high',
        autoFixed: true,
        location: 'CORS allow-list',
        details: removed.length
          ? `${removed.join(', ')} no longer allowed to call the API with credentials`
          : `no allowed origin matched ${domain}; it stays blocked should it be configured`,
        riskScore: 8,
        source: 'sentinel',
        fixedCode: `blocked ${origins.join(', ')} on every instance`,
      }),
      this.findings.report({
        type: 'sessions-revoked',
        severity: 'high',
        autoFixed: true,
        location: `sessions from ${origins.join(', ')}`,
        details: `${revoked} live session(s) had been created from ${domain}`,
        riskScore: 8,
        source: 'sentinel',
        fixedCode: `revoked ${revoked} session(s); their players must sign in again`,
      }),
      this.findings.report({
        type: 'amina-paused',
        severity: 'critical',
        autoFixed: true,
        location: 'operator_switches.amina_paused',
        details:
          'AMINA bets and withdrawals are refused with 423 until an operator resumes; House Coins play continues',
        riskScore: 9,
        source: 'treasurer',
        fixedCode: 'paused AMINA betting and withdrawals',
      }),
    ];
    return {
      domain,
      origins,
      removedFromAllowList: removed,
      sessionsRevoked: revoked,
      aminaPaused: this.current.aminaPaused,
      allowedOrigins: this.cors.list(),
      steps,
    };
  }

  async resume(ip: string): Promise<ResumeResult> {
    this.current = await this.repo.resume('resumed by an operator');
    this.activity.add('treasurer', 'AMINA resumed', ip, 'betting and withdrawals open again');
    this.findings.report({
      type: 'amina-resumed',
      severity: 'low',
      autoFixed: false,
      location: 'operator_switches.amina_paused',
      details: 'an operator resumed AMINA betting and withdrawals',
      riskScore: 1,
      source: 'treasurer',
      fixedCode: 'lifted the AMINA pause',
    });
    return {
      aminaPaused: this.current.aminaPaused,
      resumedAt: new Date().toISOString(),
      blockedOrigins: this.current.blockedOrigins,
    };
  }

  /** Follows the shared state: applies origins blocked by any instance; remembers the pause. */
  async sync(): Promise<EmergencyState> {
    this.current = await this.repo.read();
    for (const o of this.current.blockedOrigins) this.cors.remove(o);
    return this.current;
  }

  state(): EmergencyState {
    return this.current;
  }
}
