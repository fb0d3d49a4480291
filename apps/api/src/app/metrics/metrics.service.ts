import { BASE_UNITS_PER_COIN } from '@cosmic/game-engine';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { SqlService } from '../database/sql.service';
import { publishedRtps } from '../common/rtp-check';
import { CASINO_METRICS, type MetricDefinition } from './metric-catalogue';

/** Base units to whole coins, for counters (float precision is enough for rates and dashboards). */
const coins = (units: bigint) => Number(units) / Number(BASE_UNITS_PER_COIN);

/** A catalogue entry as prom-client's configuration. */
export function spec<L extends string>(
  d: MetricDefinition & { labelNames: readonly L[] },
): { name: string; help: string; labelNames: L[] } {
  return { name: d.name, help: d.help, labelNames: [...d.labelNames] };
}

/**
 * Prometheus metrics (prom-client): default Node metrics, HTTP latency by route and status, bets
 * settled, wagered and paid out by game and currency, group-commit batch sizes, the PostgreSQL
 * pool and the published RTPs; CasinoReadings (../casino-readings.ts) adds what other modules hold (metric-catalogue.ts
 * lists them all). Served on its own port (METRICS_PORT, loopback by default), not through the
 * public API: Prometheus scrapes without credentials, and the port stays on the operators' network.
 */
@Injectable()
export class MetricsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();
  private server: Server | null = null;

  readonly httpDuration = new Histogram({
    ...spec(CASINO_METRICS.httpDuration),
    buckets: [0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly betsSettled = new Counter({ ...spec(CASINO_METRICS.betsSettled), registers: [this.registry] });
  readonly wagered = new Counter({ ...spec(CASINO_METRICS.wagered), registers: [this.registry] });
  readonly paidOut = new Counter({ ...spec(CASINO_METRICS.paidOut), registers: [this.registry] });
  readonly batchSize = new Histogram({
    ...spec(CASINO_METRICS.batchSize),
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers: [this.registry],
  });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    sql: SqlService,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {
    collectDefaultMetrics({ register: this.registry });
    const pool = sql.pool;
    new Gauge({
      ...spec(CASINO_METRICS.dbPool),
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    // the very rows the auditor checks against game-engine, so the dashboard's published RTP is the checked one
    const rtp = new Gauge({ ...spec(CASINO_METRICS.publishedRtp), registers: [this.registry] });
    for (const r of publishedRtps()) rtp.set({ game: r.game, variant: r.variant }, r.published);
  }

  /** A bet committed: counted once, after its transaction. */
  betSettled(game: string, currency: string, stake: bigint, payout: bigint): void {
    this.betsSettled.inc({ game, currency });
    if (stake > 0n) this.wagered.inc({ game, currency }, coins(stake));
    if (payout > 0n) this.paidOut.inc({ game, currency }, coins(payout));
  }

  /** The sum of a metric's samples that carry these labels, as a scrape would read it now. */
  async value(metric: string, labels: Record<string, string> = {}): Promise<number> {
    const found = this.registry.getSingleMetric(metric);
    if (!found) throw new Error(`No metric ${metric} in the registry`);
    const m = await found.get();
    return m.values
      .filter((v) => Object.entries(labels).every(([k, val]) => v.labels[k] === val))
      .reduce((sum, v) => sum + v.value, 0);
  }

  /** The exposition text Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  async onModuleInit(): Promise<void> {
    // one observation per answered request, labelled by the route pattern (never the raw URL)
    const fastify = this.adapterHost?.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
      this.httpDuration.observe(
        { method: req.method, route: req.routeOptions?.url ?? 'unmatched', status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });
    const port = this.config.metricsPort;
    if (port === null) return;
    this.server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics');
        return;
      }
      this.text().then(
        (body) => res.writeHead(200, { 'content-type': this.registry.contentType }).end(body),
        (e: unknown) =>
          res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(e as Error).message}`),
      );
    });
    const bound = await new Promise<boolean>((resolve) => {
      this.server!.once('error', (e) => {
        // another API instance on this host has the port: serve without metrics rather than not at all
        this.logger.warn({
          msg: 'metrics port unavailable; this instance exports no metrics',
          port,
          error: (e as Error).message,
        });
        resolve(false);
      });
      this.server!.listen(port, this.config.metricsHost, () => resolve(true));
    });
    if (!bound) {
      this.server = null;
      return;
    }
    const address = this.server.address();
    this.logger.log({
      msg: 'metrics',
      url: `http://${this.config.metricsHost}:${typeof address === 'object' && address ? address.port : port}/metrics`,
    });
  }

  /** Where the metrics server listens (tests ask for port 0 and read the real one). */
  port(): number | null {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : null;
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
