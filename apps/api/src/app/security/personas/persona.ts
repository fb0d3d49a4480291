import type { PersonaName, PersonaStats, PersonaSummary } from '@cosmic/contracts';
import type { FindingsService } from '../findings.service';

/** A persona: a real component with its own stats. */
export interface PersonaGuard {
  readonly name: PersonaName;
  stats(now: number): PersonaStats;
}

/** Recent findings decide the status unless the persona knows of an open problem (`alert`). */
export function summarize(
  findings: FindingsService,
  name: PersonaName,
  title: string,
  role: string,
  headline: string,
  now: number,
  alert = false,
): PersonaSummary {
  const recent = findings.since(now - 15 * 60_000, name);
  const serious = recent.high + recent.critical;
  const any = serious + recent.medium + recent.low;
  return {
    name,
    title,
    role,
    status: alert || serious > 0 ? 'ALERT' : any > 0 ? 'WATCH' : 'SECURE',
    headline,
    findings: findings.total(name),
    findingsLast15m: any,
    lastFindingAt: findings.lastReportedAt(name),
    findingsPerMinute: findings.perMinuteSeries(now, name),
  };
}
