import { Injectable, Logger, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { PERSONA_NAMES } from '@cosmic/contracts';
import { BASE_UNITS_PER_COIN } from '@cosmic/game-engine';
import { Counter, Gauge } from 'prom-client';
import { FindingsService, SEVERITIES } from './security/findings.service';
import { Sentinel } from './security/personas/sentinel';
import { DEPOSIT_STATES, Treasurer, WITHDRAWAL_STATES, type TransfersByState } from './security/personas/treasurer';
import { PokerTables } from './poker/poker-tables.service';
import { CASINO_METRICS } from './metrics/metric-catalogue';
import { MetricsService, spec } from './metrics/metrics.service';

/**
 * The metrics whose numbers live in other modules, read at each scrape from the very methods the
 * security personas report from, so Prometheus and the dashboard never disagree: rate-limit
 * refusals (sentinel), findings by persona and severity (FindingsService), deposits and
 * withdrawals by state and the deposit watcher's lag (treasurer), and the poker tables this
 * instance runs. A module missing from the app (a test app without poker) leaves its metric
 * without samples; a failed read (database or node away) drops that metric from the scrape
 * instead of failing it.
 */
@Injectable()
export class CasinoReadings {
  private readonly logger = new Logger('Metrics');
  private readonly found = new Map<Type<unknown>, unknown>();
  private transfers: Promise<TransfersByState> | null = null;

  constructor(
    metrics: MetricsService,
    private readonly moduleRef: ModuleRef,
  ) {
    const registers = [metrics.registry];
    const read = this.read.bind(this);
    const find = this.find.bind(this);
    const transfers = this.transfersByState.bind(this);

    new Counter({
      ...spec(CASINO_METRICS.rateLimited),
      registers,
      collect() {
        this.reset();
        const n = find(Sentinel)?.rateLimited();
        if (!n) return;
        this.inc({ bucket: 'api' }, n.api);
        this.inc({ bucket: 'session' }, n.session);
      },
    });
    new Counter({
      ...spec(CASINO_METRICS.findings),
      registers,
      collect() {
        this.reset();
        const counts = find(FindingsService)?.counted();
        if (!counts) return;
        for (const persona of PERSONA_NAMES)
          for (const severity of SEVERITIES) this.inc({ persona, severity }, counts[persona][severity]);
      },
    });
    const byState = <D extends 'deposits' | 'withdrawals'>(
      def: (typeof CASINO_METRICS)[D | `${D}Amina`],
      kind: D,
      states: readonly string[],
      amounts: boolean,
    ) =>
      new Gauge({
        ...spec(def),
        registers,
        async collect() {
          this.reset();
          const t = await read(def.name, transfers);
          if (!t) return;
          const rows = t[kind] as Record<string, { count: number; amount: bigint }>;
          for (const state of states)
            this.set({ state }, amounts ? Number(rows[state].amount) / Number(BASE_UNITS_PER_COIN) : rows[state].count);
        },
      });
    byState(CASINO_METRICS.deposits, 'deposits', DEPOSIT_STATES, false);
    byState(CASINO_METRICS.depositsAmina, 'deposits', DEPOSIT_STATES, true);
    byState(CASINO_METRICS.withdrawals, 'withdrawals', WITHDRAWAL_STATES, false);
    byState(CASINO_METRICS.withdrawalsAmina, 'withdrawals', WITHDRAWAL_STATES, true);
    new Gauge({
      ...spec(CASINO_METRICS.depositLag),
      registers,
      async collect() {
        this.reset();
        const treasurer = find(Treasurer);
        const lag = treasurer ? await read(CASINO_METRICS.depositLag.name, () => treasurer.depositWatcherLag()) : null;
        if (lag !== null) this.set(lag);
      },
    });
    new Gauge({
      ...spec(CASINO_METRICS.pokerTables),
      registers,
      collect() {
        this.reset();
        const poker = find(PokerTables);
        if (poker) this.set(poker.all().length);
      },
    });
    new Gauge({
      ...spec(CASINO_METRICS.pokerHumans),
      registers,
      collect() {
        this.reset();
        const poker = find(PokerTables);
        if (poker) this.set(poker.all().reduce((n, t) => n + t.summary().humans, 0));
      },
    });
  }

  /** A provider from whichever module holds it, or null when this app was built without it. */
  private find<T>(type: Type<T>): T | null {
    if (!this.found.has(type)) {
      let instance: T | null = null;
      try {
        instance = this.moduleRef.get(type, { strict: false });
      } catch {
        instance = null;
      }
      this.found.set(type, instance);
    }
    return this.found.get(type) as T | null;
  }

  /**
   * One count of the transfers for the four gauges of a scrape: prom-client starts every
   * collect() of a scrape before any of them resolves, so they share the query in flight.
   */
  private transfersByState(): Promise<TransfersByState | null> {
    const treasurer = this.find(Treasurer);
    if (!treasurer) return Promise.resolve(null);
    this.transfers ??= treasurer.transfersByState().finally(() => (this.transfers = null));
    return this.transfers;
  }

  private async read<T>(metric: string, fn: () => Promise<T | null>): Promise<T | null> {
    try {
      return await fn();
    } catch (e) {
      this.logger.warn({ msg: 'metric not read; left out of this scrape', metric, error: (e as Error).message });
      return null;
    }
  }
}
