import type { PersonaName, VaultActivity } from '@cosmic/contracts';

/** The last 200 gate events (unlocks, failures, lockouts, emergency actions), newest first. */
export class ActivityLog {
  private readonly items: VaultActivity[] = [];

  add(persona: PersonaName, event: string, ip: string, detail: string, now = Date.now()): void {
    this.items.unshift({ at: new Date(now).toISOString(), persona, event, ip, detail });
    if (this.items.length > 200) this.items.length = 200;
  }

  recent(limit: number, persona?: PersonaName): VaultActivity[] {
    const out: VaultActivity[] = [];
    for (const e of this.items) {
      if (out.length >= limit) break;
      if (!persona || e.persona === persona) out.push(e);
    }
    return out;
  }
}
