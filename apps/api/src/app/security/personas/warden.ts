import { Injectable } from '@nestjs/common';
import type { HostilePattern, RejectionKind, WardenStats } from '@cosmic/contracts';
import { FindingsService } from '../findings.service';
import { OffenderTable } from '../telemetry/offenders';
import { RollingSeries } from '../telemetry/rolling-series';
import { Throttle } from '../telemetry/throttle';
import { summarize, type PersonaGuard } from './persona';
import { hostilePattern, REJECTION_KINDS, rejectionKind } from './warden-rules';

/** Rejections from one IP within a minute that make a flood. */
export const FLOOD_PER_MINUTE = 30;
const MAX_ROUTES = 200;

/** Route without the query string and with ids, addresses and hex blobs folded, so counts group. */
export function routeOf(method: string, url: string): string {
  const path = url
    .split('?')[0]
    .replace(/\/[A-Z2-7]{58}(?=\/|$)/g, '/:address')
    .replace(/\/GUEST_[A-Za-z0-9]+(?=\/|$)/g, '/:guest')
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/[0-9a-f]{16,}(?=\/|$)/gi, '/:hex');
  return `${method} ${path.length > 80 ? `${path.slice(0, 77)}...` : path}`;
}

/**
 * Warden watches the input gate: every request the validation pipe, the body parser or the
 * router refused (400/404/413/415/422), classified, with hostile shapes (SQL or script
 * injection, traversal, scanner probes) and floods from one address reported as findings.
 */
@Injectable()
export class Warden implements PersonaGuard {
  readonly name = 'warden' as const;
  private readonly perSecond = new RollingSeries(60, 1000);
  private readonly perMinute = new RollingSeries(30, 60_000);
  private readonly byKind = Object.fromEntries(REJECTION_KINDS.map((k) => [k, 0])) as Record<RejectionKind, number>;
  private readonly byPattern: Partial<Record<HostilePattern, number>> = {};
  private readonly routes = new Map<string, number>();
  private readonly throttle = new Throttle(60_000);
  private readonly floodThrottle = new Throttle(10 * 60_000);
  private rejected = 0;
  private hostile = 0;
  private last: WardenStats['lastRejection'] = null;

  constructor(
    private readonly findings: FindingsService,
    private readonly offenders: OffenderTable,
  ) {}

  /** A 4xx from the exception filter; answers whether warden counted it. */
  onRejection(e: { status: number; message: string; method: string; url: string; ip: string }, now: number): boolean {
    const kind = rejectionKind(e.status, e.message);
    if (!kind) return false;
    const route = routeOf(e.method, e.url);
    this.rejected++;
    this.byKind[kind]++;
    this.perSecond.add(now);
    this.perMinute.add(now);
    this.countRoute(route);
    this.last = { at: new Date(now).toISOString(), status: e.status, route, message: e.message.slice(0, 200) };
    const pattern = hostilePattern(e.url, kind === 'unknown-route' ? '' : e.message);
    const o = this.offenders.note(e.ip, pattern ? 'hostile' : 'rejected', `${e.method} ${e.url}`, now);
    if (pattern) this.reportHostile(pattern, e, now);
    if (o.minuteCount >= FLOOD_PER_MINUTE && this.floodThrottle.allow(e.ip, now)) {
      this.findings.report({
        type: 'input-flood',
        severity: 'medium',
        autoFixed: true,
        location: route,
        details: `${o.minuteCount} rejected requests from ${e.ip} within a minute (last: ${e.status} ${e.message.slice(0, 120)})`,
        riskScore: 6,
        source: 'warden',
        fixedCode: `every one answered ${e.status} before reaching a service; sentinel throttles the address past its rate limit`,
      });
    }
    return true;
  }

  stats(now: number): WardenStats {
    const topRoutes = [...this.routes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([route, rejected]) => ({ route, rejected }));
    const headline = `${this.rejected} rejected · ${this.hostile} hostile`;
    return {
      ...summarize(this.findings, 'warden', 'Warden', 'rejects malformed and hostile input', headline, now),
      rejected: this.rejected,
      hostile: this.hostile,
      byKind: { ...this.byKind },
      byPattern: { ...this.byPattern },
      topRoutes,
      rejectedPerSecond: this.perSecond.series(now),
      rejectedPerMinute: this.perMinute.series(now),
      lastRejection: this.last,
    };
  }

  private reportHostile(
    pattern: HostilePattern,
    e: { status: number; method: string; url: string; ip: string },
    now: number,
  ): void {
    this.hostile++;
    this.byPattern[pattern] = (this.byPattern[pattern] ?? 0) + 1;
    if (!this.throttle.allow(`${pattern}:${e.ip}`, now)) return;
    const severe = pattern === 'sql-injection' || pattern === 'script-injection' || pattern === 'template-injection';
    this.findings.report({
      type: pattern,
      severity: severe ? 'high' : 'medium',
      autoFixed: true,
      location: `${e.method} ${e.url.slice(0, 160)}`,
      details: `${pattern.replace('-', ' ')} attempt from ${e.ip}`,
      riskScore: severe ? 8 : 6,
      source: 'warden',
      fixedCode: `rejected with ${e.status}; parameterised SQL and the CSP keep it inert`,
    });
  }

  private countRoute(route: string): void {
    const n = this.routes.get(route);
    if (n !== undefined) this.routes.set(route, n + 1);
    else if (this.routes.size < MAX_ROUTES) this.routes.set(route, 1);
  }
}
