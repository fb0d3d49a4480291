import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { SqlService } from '../database/sql.service';

const UNIT = 100_000_000;
/** Base units to whole coins, for counters (float precision is enough for rates and dashboards). */
const coins = (units: bigint) => Number(units) / UNIT;

/**
 * Prometheus metrics (prom-client): default Node metrics, HTTP latency by route and status, bets
 * settled, wagered and paid out by game and currency, group-commit batch sizes and the PostgreSQL
 * pool. Served on its own port (METRICS_PORT, loopback by default), not through the public API:
 * Prometheus scrapes without credentials, and the port stays on the operators' network.
 */
@Injectable()
export class MetricsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();
  private server: Server | null = null;

  readonly httpDuration = new Histogram({
    name: 'casino_http_request_duration_seconds',
    help: 'API request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly betsSettled = new Counter({ name: 'casino_bets_settled_total', help: 'Bets settled (committed), by game and currency', labelNames: ['game', 'currency'] as const, registers: [this.registry] });
  readonly wagered = new Counter({ name: 'casino_wagered_total', help: 'Stakes of settled bets in whole coins, by game and currency', labelNames: ['game', 'currency'] as const, registers: [this.registry] });
  readonly paidOut = new Counter({ name: 'casino_paid_out_total', help: 'Payouts of settled bets in whole coins, by game and currency', labelNames: ['game', 'currency'] as const, registers: [this.registry] });
  readonly batchSize = new Histogram({
    name: 'casino_bet_batch_size',
    help: 'Bets per group-committed place_bets() call',
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
      name: 'casino_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and callers waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  /** A bet committed: counted once, after its transaction. */
  betSettled(game: string, currency: string, stake: bigint, payout: bigint): void {
    this.betsSettled.inc({ game, currency });
    if (stake > 0n) this.wagered.inc({ game, currency }, coins(stake));
    if (payout > 0n) this.paidOut.inc({ game, currency }, coins(payout));
  }

  /** The current value of a counter for these labels (the security personas read the same numbers). */
  async value(metric: 'casino_bets_settled_total' | 'casino_wagered_total' | 'casino_paid_out_total', labels: Record<string, string>): Promise<number> {
    const m = await this.registry.getSingleMetric(metric)!.get();
    return m.values.filter((v) => Object.entries(labels).every(([k, val]) => v.labels[k] === val)).reduce((sum, v) => sum + v.value, 0);
  }

  /** The exposition text Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  async onModuleInit(): Promise<void> {
    // one observation per answered request, labelled by the route pattern (never the raw URL)
    const fastify = this.adapterHost?.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
      this.httpDuration.observe({ method: req.method, route: req.routeOptions?.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
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
        (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(e as Error).message}`),
      );
    });
    const bound = await new Promise<boolean>((resolve) => {
      this.server!.once('error', (e) => {
        // another API instance on this host has the port: serve without metrics rather than not at all
        this.logger.warn({ msg: 'metrics port unavailable; this instance exports no metrics', port, error: (e as Error).message });
        resolve(false);
      });
      this.server!.listen(port, this.config.metricsHost, () => resolve(true));
    });
    if (!bound) {
      this.server = null;
      return;
    }
    const address = this.server.address();
    this.logger.log({ msg: 'metrics', url: `http://${this.config.metricsHost}:${typeof address === 'object' && address ? address.port : port}/metrics` });
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
