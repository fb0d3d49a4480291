import { Global, Injectable, Logger, Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** The four guard personas that report findings. */
export type Persona = 'sentinel' | 'warden' | 'auditor' | 'treasurer';

/** One finding ("vulnerability" in the spec's dashboard). */
export interface Finding {
  id: string;
  type: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  autoFixed: boolean;
  timestamp: string;
  location: string;
  details: string;
  riskScore: number;
  source: Persona;
  /** The action taken. */
  fixedCode: string;
}

const KEEP = 500;

/**
 * Findings from every persona, newest first, answered from memory. Producers (rate limiter,
 * validation, auditor, treasurer) call `report`; the security dashboard reads.
 */
@Injectable()
export class FindingsService {
  private readonly logger = new Logger('Findings');
  private readonly items: Finding[] = [];
  private readonly counts: Record<Persona, number> = { sentinel: 0, warden: 0, auditor: 0, treasurer: 0 };

  report(f: Omit<Finding, 'id' | 'timestamp'>): Finding {
    const finding: Finding = { id: randomUUID(), timestamp: new Date().toISOString(), ...f };
    this.items.unshift(finding);
    if (this.items.length > KEEP) this.items.length = KEEP;
    this.counts[f.source]++;
    if (f.severity === 'high' || f.severity === 'critical') this.logger.warn({ msg: 'security finding', ...finding });
    return finding;
  }

  recent(limit = 50, source?: Persona): Finding[] {
    return (source ? this.items.filter((f) => f.source === source) : this.items).slice(0, limit);
  }

  total(source?: Persona): number {
    return source ? this.counts[source] : Object.values(this.counts).reduce((a, b) => a + b, 0);
  }
}

/** Findings, available to every module. */
@Global()
@Module({ providers: [FindingsService], exports: [FindingsService] })
export class FindingsModule {}
