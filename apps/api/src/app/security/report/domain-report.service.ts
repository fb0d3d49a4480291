import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { DomainCheck, DomainReport, DomProtection } from '@cosmic/contracts';
import type { FastifyInstance } from 'fastify';
import { APP_CONFIG } from '../../config/config.module';
import { DEV_SESSION_SECRET, type AppConfig } from '../../config/app-config';
import { CorsPolicy } from '../../http/cors-policy';
import { remoteOrigins } from '../../http/content-security-policy';
import { parsePasswordHash } from '../auth/password-hash';
import { domainChecks } from './domain-checks';
import { domProtection, type ProbedHeaders } from './header-probe';

/** How often the deployment checks itself. */
export const DOMAIN_CHECK_INTERVAL_MS = 30_000;
/** The probe fetches this in-process: a real response through helmet, no database, no /api. */
const PROBE_URL = '/remotes.json';
const FOREIGN = 'https://attacker.invalid';

/**
 * Checks the deployment's own configuration every 30 s — CORS allow-list, cookie flags,
 * security headers (on a real response fetched in-process), default secrets, HTTPS — and keeps
 * the result in memory for the dashboard, with the browser-facing (DOM) protections it implies.
 */
@Injectable()
export class DomainReportService {
  private readonly logger = new Logger('DomainReport');
  private checks: DomainCheck[] = [];
  private dom: DomProtection;
  private last: number | null = null;
  private fixed = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cors: CorsPolicy,
    private readonly adapter: HttpAdapterHost,
  ) {
    this.dom = { status: 'UNKNOWN', lastCheckup: null, csp: {}, scriptOrigins: [], thirdPartyScriptOrigins: [], inlineScriptsAllowed: false, evalAllowed: false, framing: 'allowed', plugins: 'allowed', headers: {}, problems: ['first checkup pending'] };
  }

  async checkup(now = Date.now()): Promise<DomainReport> {
    let headers: ProbedHeaders | null = null;
    let probeError: string | undefined;
    try {
      headers = await this.probe();
    } catch (e) {
      probeError = (e as Error).message;
      this.logger.warn({ msg: 'header probe failed', error: probeError });
    }
    const hash = (v?: string) => (v ? parsePasswordHash(v) : undefined);
    const op = hash(this.config.operatorPasswordHash);
    const vault = hash(this.config.vaultPasswordHash);
    const next = domainChecks({
      production: this.config.nodeEnv === 'production',
      exposed: this.config.host === '0.0.0.0' || this.config.host === '::',
      configuredOrigins: this.config.corsOrigins,
      allowedOrigins: this.cors.list(),
      foreignOriginAllowed: this.cors.isAllowed(FOREIGN),
      cookieSecure: this.config.cookieSecure,
      sessionSecretIsDevDefault: this.config.sessionSecret === DEV_SESSION_SECRET,
      passwordsGenerated: this.config.securityPasswordsGenerated === true,
      hashCost: { operator: op?.ok ? op.value.params.N : undefined, vault: vault?.ok ? vault.value.params.N : undefined },
      samePasswordHash: Boolean(this.config.operatorPasswordHash) && this.config.operatorPasswordHash === this.config.vaultPasswordHash,
      headers,
      probeError,
    });
    // an issue that went away since the last checkup counts as fixed
    for (const c of next) {
      const before = this.checks.find((p) => p.id === c.id);
      if (before && isIssue(before) && !isIssue(c)) this.fixed++;
    }
    this.checks = next;
    this.last = now;
    if (headers) this.dom = domProtection(headers, ["'self'", ...remoteOrigins(Object.values(this.config.remotes))], new Date(now).toISOString());
    return this.report();
  }

  /** The emergency switch fixed `n` issues outside the checkup. */
  recordFixes(n: number): void {
    this.fixed += n;
  }

  report(): DomainReport {
    const issues = this.checks.filter(isIssue);
    const status = this.last === null ? 'PENDING' : issues.some((c) => c.status === 'fail') ? 'AT_RISK' : issues.length ? 'WARNING' : 'SECURE';
    const allowed = this.cors.list();
    return {
      status,
      totalIssuesFixed: this.fixed,
      activeIssues: issues.length,
      lastCheckup: this.last === null ? null : new Date(this.last).toISOString(),
      nextCheckupAt: this.last === null ? null : new Date(this.last + DOMAIN_CHECK_INTERVAL_MS).toISOString(),
      intervalSeconds: DOMAIN_CHECK_INTERVAL_MS / 1000,
      environment: this.config.nodeEnv,
      checks: this.checks,
      allowedOrigins: allowed,
      removedOrigins: this.config.corsOrigins.filter((o) => !allowed.includes(o)),
    };
  }

  domReport(): DomProtection {
    return this.dom;
  }

  private async probe(): Promise<ProbedHeaders> {
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    const res = await fastify.inject({ method: 'GET', url: PROBE_URL });
    const out: ProbedHeaders = {};
    for (const [k, v] of Object.entries(res.headers)) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v === undefined ? undefined : String(v);
    return out;
  }
}

function isIssue(c: DomainCheck): boolean {
  return c.status === 'warn' || c.status === 'fail';
}
