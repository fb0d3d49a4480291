import type { Persona } from '../findings.service';

/** One thing an operator or an attacker did at the security gates. */
export interface ActivityEntry {
  at: string;
  persona: Persona;
  event: string;
  ip: string;
  detail: string;
}

/** The last 200 gate events (unlocks, failures, lockouts, emergency actions), newest first. */
export class ActivityLog {
  private readonly items: ActivityEntry[] = [];

  add(persona: Persona, event: string, ip: string, detail: string, now = Date.now()): void {
    this.items.unshift({ at: new Date(now).toISOString(), persona, event, ip, detail });
    if (this.items.length > 200) this.items.length = 200;
  }

  recent(limit: number, persona?: Persona): ActivityEntry[] {
    const out: ActivityEntry[] = [];
    for (const e of this.items) {
      if (out.length >= limit) break;
      if (!persona || e.persona === persona) out.push(e);
    }
    return out;
  }
}
