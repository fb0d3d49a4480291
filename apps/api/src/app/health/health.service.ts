import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { HealthReport, LivenessReport, ReadinessReport } from '@cosmic/contracts';
import { HealthRepository } from './health.repository';
import { Drain } from './drain';

/** Anything that can report the chain connection (the Algorand client). */
export interface ChainStatusSource {
  status(): Promise<{ round: bigint | number; network: string; genesisId?: string }>;
}
/** Injection token for the chain status source. */
export const CHAIN_STATUS = Symbol('CHAIN_STATUS');

/** A failing dependency is logged at most this often. */
const LOG_EVERY_MS = 60_000;

@Injectable()
export class HealthService {
  private readonly logger = new Logger('Health');
  private readonly lastLogged = new Map<string, number>();
  /** Applied migrations are never taken back: once all are there, the table is not read again. */
  private migrationsApplied = false;

  constructor(
    private readonly db: HealthRepository,
    private readonly drain: Drain,
    @Optional() @Inject(CHAIN_STATUS) private readonly chain?: ChainStatusSource,
  ) {}

  live(): LivenessReport {
    return { status: 'live', uptimeSeconds: Math.round(process.uptime()) };
  }

  async ready(): Promise<ReadinessReport> {
    const draining = this.drain.isDraining;
    const [database, chain, migrations] = await Promise.all([this.database(), this.chainStatus(), this.migrations()]);
    const ok = !draining && database.ok && chain.ok && migrations.ok;
    return {
      status: ok ? 'ready' : 'not ready',
      database: { ok: database.ok },
      chain: { ok: chain.ok },
      migrations,
      draining,
    };
  }

  async report(): Promise<HealthReport> {
    const [database, chain] = await Promise.all([this.database(), this.chainStatus()]);
    return {
      status: database.ok && chain.ok ? 'ok' : 'degraded',
      uptimeSeconds: Math.round(process.uptime()),
      database,
      chain,
    };
  }

  private async database(): Promise<HealthReport['database']> {
    const t = performance.now();
    try {
      // down while unreachable, and while the server it reaches only reads (a failover under way)
      if (!(await withTimeout(this.db.writable(), 2000))) throw new Error('the database is read-only');
      return { ok: true, latencyMs: Math.round((performance.now() - t) * 100) / 100 };
    } catch (e) {
      this.logDown('database', e);
      return { ok: false };
    }
  }

  private async chainStatus(): Promise<HealthReport['chain']> {
    if (!this.chain) return { ok: false };
    try {
      const s = await withTimeout(this.chain.status(), 2000);
      return { ok: true, round: String(s.round), network: s.network, genesisId: s.genesisId };
    } catch (e) {
      this.logDown('chain', e);
      return { ok: false };
    }
  }

  private async migrations(): Promise<ReadinessReport['migrations']> {
    if (this.migrationsApplied) return { ok: true };
    try {
      const pending = await withTimeout(this.db.pendingMigrations(), 2000);
      this.migrationsApplied = pending === 0;
      return pending === 0 ? { ok: true } : { ok: false, pending };
    } catch (e) {
      this.logDown('migrations', e);
      return { ok: false };
    }
  }

  private logDown(dependency: string, e: unknown): void {
    const now = Date.now();
    if (now - (this.lastLogged.get(dependency) ?? 0) < LOG_EVERY_MS) return;
    this.lastLogged.set(dependency, now);
    const detail = (e as { detail?: unknown }).detail;
    this.logger.warn({
      msg: `health: ${dependency} down`,
      error: typeof detail === 'string' ? detail : (e as Error)?.message,
    });
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
