import { Inject, Injectable } from '@nestjs/common';
import { VAULT_REFRESH_MS, type PersonaName, type VaultLogs } from '@cosmic/contracts';
import { APP_CONFIG } from '../../config/config.module';
import { DEV_SESSION_SECRET, type AppConfig } from '../../config/app-config';
import { OperatorAuthService } from '../auth/operator-auth.service';
import { TOKEN_TTL_MS } from '../auth/security-token';
import { EmergencyService } from '../emergency/emergency.service';
import { FindingsService } from '../findings.service';
import { AUDIT_INTERVAL_MS, Auditor } from '../personas/auditor';
import { LOCKOUT, SESSION_EXCHANGES_PER_MINUTE } from '../../rate-limit/limits';
import { ActivityLog } from '../telemetry/activity-log';
import { OffenderTable } from '../telemetry/offenders';
import { Vitals } from '../telemetry/vitals';
import { SecurityOverviewService } from './overview.service';

/** Each persona's vault: the privileged view of the same live telemetry, behind the second password. */
@Injectable()
export class VaultService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly overview: SecurityOverviewService,
    private readonly findings: FindingsService,
    private readonly activity: ActivityLog,
    private readonly offenders: OffenderTable,
    private readonly vitals: Vitals,
    private readonly auditor: Auditor,
    private readonly auth: OperatorAuthService,
    private readonly emergency: EmergencyService,
  ) {}

  logs(name: string, now = Date.now()): VaultLogs {
    const persona = this.overview.persona(name).name;
    const stats = this.overview.personaStats(persona, now);
    const audit = this.auditor.latest();
    const paused = this.emergency.state().aminaPaused;
    const recent = this.findings.recent(100, persona);
    const byType: Record<string, number> = {};
    for (const f of recent) byType[f.type] = (byType[f.type] ?? 0) + 1;
    const last15 = this.findings.since(now - 15 * 60_000, persona);
    const findingsAsActivity = recent
      .slice(0, 10)
      .map((f) => ({ at: f.timestamp, persona, event: f.type, ip: '', detail: `${f.severity}: ${f.details}` }));
    return {
      persona,
      serverStatus: {
        status: paused ? 'lockdown' : stats.status === 'ALERT' ? 'degraded' : 'online',
        instance: this.vitals.snapshot(now).instance,
        environment: this.config.nodeEnv,
        nodeVersion: process.version,
        startedAt: this.vitals.snapshot(now).startedAt,
        uptimeSeconds: Math.round(process.uptime()),
        jobsEnabled: this.config.jobsEnabled,
      },
      systemHealth: {
        ...this.vitals.snapshot(now),
        personaStatus: stats.status,
        lastAudit: audit ? { at: audit.at, ok: audit.ok, durationMs: audit.durationMs } : null,
      },
      cryptoSecurity: {
        passwordHashes: this.auth.describe(),
        tokens: `HMAC-SHA256 bearer tokens, ${TOKEN_TTL_MS / 60_000} min, scope-bound, verified statelessly by any instance`,
        sessionSecret:
          this.config.sessionSecret === DEV_SESSION_SECRET
            ? 'development default (local run)'
            : `custom, ${this.config.sessionSecret.length} characters`,
        seedIntegrity: {
          checked: audit?.seeds.checked ?? 0,
          mismatches: (audit?.seeds.mismatches.length ?? 0) + (audit?.seeds.engineMismatches.length ?? 0),
          lastChecked: audit?.at ?? null,
        },
        cookies: `httpOnly, SameSite=Lax, signed${this.config.cookieSecure ? ', Secure' : ''}`,
      },
      recentActivity: [...this.activity.recent(20, persona), ...findingsAsActivity]
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, 20),
      hackerAttempts: {
        total: this.findings.total(persona),
        last15m: last15.low + last15.medium + last15.high + last15.critical,
        byType,
        topOffenders: this.offenders.top(5, now),
      },
      protectedBy: this.protections(persona),
      vaultRefreshCycle: VAULT_REFRESH_MS,
      lastUpdated: new Date(now).toISOString(),
    };
  }

  private protections(persona: PersonaName): string[] {
    switch (persona) {
      case 'sentinel':
        return [
          `per-IP rate limit: ${this.config.rateLimitPerMinute} requests/min on /api`,
          `${SESSION_EXCHANGES_PER_MINUTE} password exchanges/min per IP`,
          `lockout: ${LOCKOUT.perIp} wrong passwords per IP (${LOCKOUT.global} overall) → ${LOCKOUT.durationMs / 60_000} min`,
          'scrypt password hashes compared in constant time',
          'httpOnly signed session cookies; wallet named in a call must be the session’s',
        ];
      case 'warden':
        return [
          'whitelist validation: unknown fields refused with 400 naming the field',
          'request bodies capped at 256 KB',
          'parameterised SQL only',
          "CSP: scripts from this origin and configured remotes only, object-src 'none', frame-ancestors 'none'",
        ];
      case 'auditor':
        return [
          `audit every ${AUDIT_INTERVAL_MS / 1000} s on one instance (advisory lock)`,
          'balance = sum of ledger, CHECK (amount >= 0)',
          'RTPs recomputed from game-engine',
          'SHA-256(server seed) = published hash, in SQL and in game-engine',
        ];
      case 'treasurer':
        return [
          'reconciliation: house AMINA on chain vs player liabilities',
          'every outgoing house transfer must be a recorded withdrawal',
          'deposits credited once per txid; withdrawals leased and signed before broadcast',
          'emergency switch pauses AMINA betting and withdrawals',
        ];
    }
  }
}
