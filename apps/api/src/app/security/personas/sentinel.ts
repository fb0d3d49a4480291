import { Inject, Injectable } from '@nestjs/common';
import type { SentinelStats } from '@cosmic/contracts';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { FindingsService } from '../findings.service';
import { LOCKOUT, SESSION_EXCHANGES_PER_MINUTE } from '../../rate-limit/limits';
import { ActivityLog } from '../telemetry/activity-log';
import { OffenderTable } from '../telemetry/offenders';
import { RollingSeries } from '../telemetry/rolling-series';
import { Throttle } from '../telemetry/throttle';
import { summarize, type PersonaGuard } from './persona';

/** A session-abuse rejection sentinel cares about. */
export type SessionRejection = 'missingSession' | 'foreignWallet' | 'badOperatorToken' | 'expiredOperatorToken';

const MINUTE = 60_000;
/** Player calls without a session from one IP in a minute before it looks like probing. */
const SESSION_PROBE_PER_MINUTE = 30;

/**
 * Sentinel guards the doors: the per-IP rate limiter, password brute force (failures and
 * lockouts) and session abuse (missing sessions, someone else's wallet, bad operator tokens).
 */
@Injectable()
export class Sentinel implements PersonaGuard {
  readonly name = 'sentinel' as const;
  private readonly limitedSeries = new RollingSeries(30, MINUTE);
  private readonly failedSeries = new RollingSeries(30, MINUTE);
  private readonly findingThrottle = new Throttle(5 * MINUTE);
  private readonly lockouts = new Map<string, number>();
  private readonly counts = {
    limited: 0,
    limitedSession: 0,
    failedLogins: 0,
    successfulLogins: 0,
    lockouts: 0,
    globalLockouts: 0,
  };
  private readonly abuse: Record<SessionRejection, number> = {
    missingSession: 0,
    foreignWallet: 0,
    badOperatorToken: 0,
    expiredOperatorToken: 0,
  };

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'rateLimitPerMinute'>,
    private readonly findings: FindingsService,
    private readonly offenders: OffenderTable,
    private readonly activity: ActivityLog,
  ) {}

  onRateLimited(ip: string, method: string, path: string, bucket: 'api' | 'session', now: number): void {
    this.counts.limited++;
    if (bucket === 'session') this.counts.limitedSession++;
    this.limitedSeries.add(now);
    this.offenders.note(ip, 'rateLimited', path, now);
    if (!this.findingThrottle.allow(`limit:${bucket}:${ip}`, now)) return;
    const limit = bucket === 'session' ? SESSION_EXCHANGES_PER_MINUTE : this.config.rateLimitPerMinute;
    this.findings.report({
      type: bucket === 'session' ? 'password-exchange-flood' : 'rate-limit',
      severity: bucket === 'session' ? 'high' : 'medium',
      autoFixed: true,
      location: `${method} ${path}`,
      details: `${ip} went over ${limit} ${bucket === 'session' ? 'password exchanges' : 'requests'} per minute`,
      riskScore: bucket === 'session' ? 7 : 5,
      source: 'sentinel',
      fixedCode: `answered 429 "Too many requests: slow down" to ${ip} until its rate falls under the limit`,
    });
  }

  onLoginFailed(ip: string, scope: string, now: number): void {
    this.counts.failedLogins++;
    this.failedSeries.add(now);
    this.offenders.note(ip, 'failedLogins', `POST /api/security/${scope === 'vault' ? 'vault/' : ''}session`, now);
    this.activity.add('sentinel', `${scope} password rejected`, ip, 'wrong password', now);
  }

  onLoginSucceeded(ip: string, scope: string, now: number): void {
    this.counts.successfulLogins++;
    this.activity.add('sentinel', `${scope} unlocked`, ip, 'token issued for 15 minutes', now);
  }

  onLockout(ip: string | 'global', failures: number, untilMs: number, now: number): void {
    const global = ip === 'global';
    if (global) this.counts.globalLockouts++;
    else this.counts.lockouts++;
    this.lockouts.set(ip, untilMs);
    const minutes = Math.round((untilMs - now) / MINUTE);
    this.activity.add(
      'sentinel',
      global ? 'global alarm' : 'lockout',
      global ? '*' : ip,
      global
        ? `${failures} wrong passwords from many addresses; alarm for ${minutes} min`
        : `${failures} wrong passwords; locked for ${minutes} min`,
      now,
    );
    this.findings.report({
      type: 'brute-force',
      severity: global ? 'critical' : 'high',
      autoFixed: true,
      location: 'POST /api/security/session',
      details: global
        ? `${failures} wrong passwords from many addresses within 15 minutes`
        : `${failures} wrong passwords from ${ip} within 15 minutes`,
      riskScore: global ? 10 : 8,
      source: 'sentinel',
      // a global lock would let anyone lock the operators out: the alarm refuses no right password
      fixedCode: global
        ? `alarm for ${minutes} min: each address still locked after its own wrong passwords (slow scrypt hash); the right password still gets in`
        : `locked ${ip} out of the password exchange for ${minutes} min`,
    });
  }

  /** A 401/403 the exception filter answered. */
  onSessionRejected(
    kind: SessionRejection,
    ip: string,
    method: string,
    path: string,
    message: string,
    now: number,
  ): void {
    this.abuse[kind]++;
    const o = this.offenders.note(ip, 'sessionAbuse', `${method} ${path}`, now);
    const probing = kind === 'missingSession' && o.minuteCount >= SESSION_PROBE_PER_MINUTE;
    if (kind === 'missingSession' && !probing) return;
    if (!this.findingThrottle.allow(`abuse:${kind}:${ip}`, now)) return;
    const foreign = kind === 'foreignWallet';
    this.findings.report({
      type: probing ? 'session-probe' : foreign ? 'session-abuse' : 'operator-token-rejected',
      severity: foreign || probing ? 'medium' : 'low',
      autoFixed: true,
      location: `${method} ${path}`,
      details: probing ? `${o.minuteCount} calls without a session from ${ip} in a minute` : `${ip}: ${message}`,
      riskScore: foreign || probing ? 5 : 3,
      source: 'sentinel',
      fixedCode: `refused with ${kind === 'foreignWallet' ? 403 : 401}`,
    });
  }

  /** 429s the limiter answered, by bucket: the dashboard and casino_rate_limited_total both read this. */
  rateLimited(): { api: number; session: number } {
    return { api: this.counts.limited - this.counts.limitedSession, session: this.counts.limitedSession };
  }

  stats(now: number): SentinelStats {
    let active = 0;
    for (const [key, until] of this.lockouts) {
      if (until > now) active++;
      else this.lockouts.delete(key);
    }
    const limited = this.rateLimited();
    const headline = `${limited.api + limited.session} throttled · ${this.counts.failedLogins} bad passwords · ${active} locked out`;
    return {
      ...summarize(
        this.findings,
        'sentinel',
        'Sentinel',
        'rate limits, brute force, session abuse',
        headline,
        now,
        active > 0,
      ),
      rateLimits: {
        perMinute: this.config.rateLimitPerMinute,
        sessionExchangesPerMinute: SESSION_EXCHANGES_PER_MINUTE,
        limited: limited.api + limited.session,
        limitedSessionExchanges: limited.session,
        limitedPerMinute: this.limitedSeries.series(now),
      },
      bruteForce: {
        failedLogins: this.counts.failedLogins,
        successfulLogins: this.counts.successfulLogins,
        lockouts: this.counts.lockouts,
        globalLockouts: this.counts.globalLockouts,
        activeLockouts: active,
        lockoutAfter: LOCKOUT.perIp,
        lockoutMinutes: LOCKOUT.durationMs / MINUTE,
        failedPerMinute: this.failedSeries.series(now),
      },
      sessionAbuse: { ...this.abuse },
    };
  }
}
