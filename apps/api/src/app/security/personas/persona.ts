import type { FindingsService, Persona } from '../findings.service';

/** A guard's verdict: all quiet, something to watch, or act now. */
export type PersonaStatus = 'SECURE' | 'WATCH' | 'ALERT';

/** What every persona's stats start with. */
export interface PersonaSummary {
  name: Persona;
  title: string;
  role: string;
  status: PersonaStatus;
  /** One line for the dashboard card. */
  headline: string;
  findings: number;
  findingsLast15m: number;
  lastFindingAt: string | null;
  /** Findings per minute over the last 30 minutes (oldest first). */
  findingsPerMinute: number[];
}

/** A persona: a real component with its own stats. */
export interface PersonaGuard {
  readonly name: Persona;
  stats(now: number): PersonaSummary;
}

/** Recent findings decide the status unless the persona knows of an open problem (`alert`). */
export function summarize(findings: FindingsService, name: Persona, title: string, role: string, headline: string, now: number, alert = false): PersonaSummary {
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
