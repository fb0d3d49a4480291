import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { DomainCheck, DomainReport, DomProtection } from '@cosmic/contracts';
import type { FastifyInstance } from 'fastify';
import { APP_CONFIG } from '../../config/config.module';
import { DEV_SESSION_SECRET, type AppConfig } from '../../config/app-config';
import { CorsPolicy } from '../../http/cors-policy';
import { remoteOrigins } from '../../http/content-security-policy';
import { parsePasswordHash } from '../../common/password-hash';
import { ChainBootState } from '../../chain/chain-boot-check';
import { ClientIpProbe, PROBE_FORGED, PROBE_PEER } from './client-ip-probe';
import { domainChecks, type DomainFacts, type ShellProbe } from './domain-checks';
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
    @Optional() private readonly ipProbe?: ClientIpProbe,
    @Optional() private readonly chainBoot?: ChainBootState,
  ) {
    this.dom = {
      status: 'UNKNOWN',
      lastCheckup: null,
      csp: {},
      scriptOrigins: [],
      thirdPartyScriptOrigins: [],
      inlineScriptsAllowed: false,
      evalAllowed: false,
      framing: 'allowed',
      plugins: 'allowed',
      headers: {},
      problems: ['first checkup pending'],
    };
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
    const [forgedIp, shells] = await Promise.all([this.forgedIp(), this.shellProbes()]);
    const next = domainChecks({
      production: this.config.nodeEnv === 'production',
      exposed: this.config.host === '0.0.0.0' || this.config.host === '::',
      configuredOrigins: this.config.corsOrigins,
      allowedOrigins: this.cors.list(),
      foreignOriginAllowed: this.cors.isAllowed(FOREIGN),
      cookieSecure: this.config.cookieSecure,
      sessionSecretIsDevDefault: this.config.sessionSecret === DEV_SESSION_SECRET,
      passwordsGenerated: this.config.securityPasswordsGenerated === true,
      hashCost: {
        operator: op?.ok ? op.value.params.N : undefined,
        vault: vault?.ok ? vault.value.params.N : undefined,
      },
      samePasswordHash:
        Boolean(this.config.operatorPasswordHash) && this.config.operatorPasswordHash === this.config.vaultPasswordHash,
      headers,
      probeError,
      trustedProxies: this.config.trustedProxies,
      forgedIp,
      shells,
      nodeEnv: this.config.nodeEnv,
      apiDocs: this.config.apiDocs,
      rateLimitPerMinute: this.config.rateLimitPerMinute,
      chain: this.chainBoot?.report ?? null,
    });
    // an issue that went away since the last checkup counts as fixed
    for (const c of next) {
      const before = this.checks.find((p) => p.id === c.id);
      if (before && isIssue(before) && !isIssue(c)) this.fixed++;
    }
    this.checks = next;
    this.last = now;
    if (headers)
      this.dom = domProtection(
        headers,
        ["'self'", ...remoteOrigins(Object.values(this.config.remotes))],
        new Date(now).toISOString(),
      );
    return this.report();
  }

  /** The emergency switch fixed `n` issues outside the checkup. */
  recordFixes(n: number): void {
    this.fixed += n;
  }

  report(): DomainReport {
    const issues = this.checks.filter(isIssue);
    const status =
      this.last === null
        ? 'PENDING'
        : issues.some((c) => c.status === 'fail')
          ? 'AT_RISK'
          : issues.length
            ? 'WARNING'
            : 'SECURE';
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

  private async probe(url = PROBE_URL): Promise<ProbedHeaders> {
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    const res = await fastify.inject({ method: 'GET', url });
    return lowerCased(res.headers);
  }

  /** What the live trustProxy setting makes of a forged X-Forwarded-For from an outside address. */
  private async forgedIp(): Promise<DomainFacts['forgedIp']> {
    if (!this.ipProbe) return null;
    try {
      const seen = await this.ipProbe.probe(this.adapter.httpAdapter.getInstance<FastifyInstance>(), PROBE_URL);
      return { peer: PROBE_PEER, forged: PROBE_FORGED, seen };
    } catch (e) {
      this.logger.warn({ msg: 'client IP probe failed', error: (e as Error).message });
      return null;
    }
  }

  /**
   * The headers of each page origin (the CORS allow-list): in-process when this API serves it
   * (a local run), otherwise fetched, so a shell behind nginx is checked as browsers see it.
   */
  private async shellProbes(): Promise<ShellProbe[]> {
    let local: Promise<ProbedHeaders> | undefined;
    return Promise.all(
      this.cors.list().map(async (origin): Promise<ShellProbe> => {
        try {
          if (this.servedHere(origin)) return { origin, headers: await (local ??= this.probe('/')) };
          const res = await fetch(`${origin}/`, { redirect: 'manual', signal: AbortSignal.timeout(3000) });
          await res.body?.cancel();
          return { origin, headers: lowerCased(Object.fromEntries(res.headers.entries())) };
        } catch (e) {
          return { origin, headers: null, error: (e as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable' };
        }
      }),
    );
  }

  private servedHere(origin: string): boolean {
    const u = new URL(origin);
    const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
    return ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname) && port === this.config.port;
  }
}

function isIssue(c: DomainCheck): boolean {
  return c.status === 'warn' || c.status === 'fail';
}

function lowerCased(headers: Record<string, string | string[] | number | undefined>): ProbedHeaders {
  const out: ProbedHeaders = {};
  for (const [k, v] of Object.entries(headers))
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v === undefined ? undefined : String(v);
  return out;
}
