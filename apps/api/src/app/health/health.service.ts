import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Anything that can report the chain connection (the chain gateway). */
export interface ChainStatusSource {
  status(): Promise<{ round: bigint | number; network: string; genesisId?: string }>;
}
/** Injection token for the chain status source. */
export const CHAIN_STATUS = Symbol('CHAIN_STATUS');

export interface HealthReport {
  status: 'ok' | 'degraded';
  uptimeSeconds: number;
  database: { ok: boolean; latencyMs?: number; error?: string };
  chain: { ok: boolean; round?: string; network?: string; genesisId?: string; error?: string };
}

@Injectable()
export class HealthService {
  constructor(
    private readonly db: DataSource,
    @Optional() @Inject(CHAIN_STATUS) private readonly chain?: ChainStatusSource,
  ) {}

  async report(): Promise<HealthReport> {
    const [database, chain] = await Promise.all([this.database(), this.chainStatus()]);
    return { status: database.ok && chain.ok ? 'ok' : 'degraded', uptimeSeconds: Math.round(process.uptime()), database, chain };
  }

  private async database(): Promise<HealthReport['database']> {
    const t = performance.now();
    try {
      await withTimeout(this.db.query('SELECT 1'), 2000);
      return { ok: true, latencyMs: Math.round((performance.now() - t) * 100) / 100 };
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }

  private async chainStatus(): Promise<HealthReport['chain']> {
    if (!this.chain) return { ok: false, error: 'chain gateway not configured' };
    try {
      const s = await withTimeout(this.chain.status(), 2000);
      return { ok: true, round: String(s.round), network: s.network, genesisId: s.genesisId };
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}
