import type { OffenderView } from '@cosmic/contracts';

/** What an address did that a guard noticed. */
export type OffenceKind = 'rejected' | 'rateLimited' | 'failedLogins' | 'hostile' | 'sessionAbuse';

/** One address the guards have seen misbehave. */
export interface Offender {
  ip: string;
  firstSeen: number;
  lastSeen: number;
  lastPath: string;
  rejected: number;
  rateLimited: number;
  failedLogins: number;
  hostile: number;
  sessionAbuse: number;
  /** Offences in the current minute (for flood detection). */
  minuteStart: number;
  minuteCount: number;
}

/** Weighs offences: hostile input and password guessing count far more than a typo. */
export function threatScore(
  o: Pick<Offender, 'rejected' | 'rateLimited' | 'failedLogins' | 'hostile' | 'sessionAbuse'>,
): number {
  return o.hostile * 10 + o.failedLogins * 5 + o.sessionAbuse * 2 + o.rejected + Math.min(o.rateLimited, 500) / 10;
}

/**
 * Addresses that misbehaved, most recent last (a bounded LRU: the quietest are forgotten first).
 * Shared by sentinel and warden; read by GET /api/security/hackers.
 */
export class OffenderTable {
  private readonly byIp = new Map<string, Offender>();
  private version = 0;
  private ranked: { version: number; at: number; views: OffenderView[] } | null = null;

  constructor(
    private readonly max = 1000,
    /** Under a flood the ranking is recomputed at most this often. */
    private readonly rankEveryMs = 250,
  ) {}

  /** Records one offence; answers the offender (with its offences this minute). */
  note(ip: string, kind: OffenceKind, path: string, now: number): Offender {
    let o = this.byIp.get(ip);
    if (o) this.byIp.delete(ip);
    else
      o = {
        ip,
        firstSeen: now,
        lastSeen: now,
        lastPath: path,
        rejected: 0,
        rateLimited: 0,
        failedLogins: 0,
        hostile: 0,
        sessionAbuse: 0,
        minuteStart: now,
        minuteCount: 0,
      };
    this.byIp.set(ip, o);
    if (this.byIp.size > this.max) this.byIp.delete(this.byIp.keys().next().value as string);
    o[kind]++;
    this.version++;
    o.lastSeen = now;
    o.lastPath = path.length > 120 ? `${path.slice(0, 117)}...` : path;
    if (now - o.minuteStart >= 60_000) {
      o.minuteStart = now;
      o.minuteCount = 0;
    }
    o.minuteCount++;
    return o;
  }

  get size(): number {
    return this.byIp.size;
  }

  /** Offenders seen since `since`. */
  activeSince(since: number): number {
    let n = 0;
    for (const o of this.byIp.values()) if (o.lastSeen >= since) n++;
    return n;
  }

  /** The `n` most threatening (n ≤ 50). The ranking is reused while nothing changed, or for a moment under a flood. */
  top(n: number, now = Date.now()): OffenderView[] {
    const r = this.ranked;
    if (!r || (r.version !== this.version && (now - r.at >= this.rankEveryMs || now < r.at)))
      this.ranked = { version: this.version, at: now, views: this.rank(50) };
    return this.ranked!.views.slice(0, n);
  }

  private rank(n: number): OffenderView[] {
    return [...this.byIp.values()]
      .map((o) => ({ o, score: threatScore(o) }))
      .sort((a, b) => b.score - a.score || b.o.lastSeen - a.o.lastSeen)
      .slice(0, n)
      .map(({ o, score }) => ({
        ip: o.ip,
        threat: score >= 50 ? 'high' : score >= 10 ? 'medium' : 'low',
        score: Math.round(score * 10) / 10,
        rejected: o.rejected,
        rateLimited: o.rateLimited,
        failedLogins: o.failedLogins,
        hostile: o.hostile,
        sessionAbuse: o.sessionAbuse,
        firstSeen: new Date(o.firstSeen).toISOString(),
        lastSeen: new Date(o.lastSeen).toISOString(),
        lastPath: o.lastPath,
      }));
  }
}
