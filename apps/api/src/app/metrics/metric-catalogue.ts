// The API's own Prometheus metrics, one list: MetricsService builds its registry from it and
// tools/scripts/check-docker.mjs loads this file (transpiled, so it imports nothing) to check
// that every metric the Grafana dashboard queries exists. Rename one here and that check fails
// until the dashboard follows. prom-client's Node defaults (process_*, nodejs_*) come on top.

/** One metric's definition as prom-client takes it. */
export interface MetricDefinition {
  readonly name: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  readonly help: string;
  readonly labelNames: readonly string[];
}

/** Every casino_* metric, by the field MetricsService keeps it in. */
export const CASINO_METRICS = {
  httpDuration: {
    name: 'casino_http_request_duration_seconds',
    type: 'histogram',
    help: 'API request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
  },
  betsSettled: {
    name: 'casino_bets_settled_total',
    type: 'counter',
    help: 'Bets settled (committed), by game and currency',
    labelNames: ['game', 'currency'],
  },
  wagered: {
    name: 'casino_wagered_total',
    type: 'counter',
    help: 'Stakes of settled bets in whole coins, by game and currency',
    labelNames: ['game', 'currency'],
  },
  paidOut: {
    name: 'casino_paid_out_total',
    type: 'counter',
    help: 'Payouts of settled bets in whole coins, by game and currency',
    labelNames: ['game', 'currency'],
  },
  batchSize: {
    name: 'casino_bet_batch_size',
    type: 'histogram',
    help: 'Bets per group-committed place_bets() call',
    labelNames: [],
  },
  publishedRtp: {
    name: 'casino_published_rtp',
    type: 'gauge',
    help: 'RTP published in GET /api/fairness/paytables (game-engine), by game and variant',
    labelNames: ['game', 'variant'],
  },
  dbPool: {
    name: 'casino_db_pool_connections',
    type: 'gauge',
    help: 'PostgreSQL pool connections: total open, idle, and callers waiting for one',
    labelNames: ['state'],
  },
  depositLag: {
    name: 'casino_deposit_watcher_lag_rounds',
    type: 'gauge',
    help: "Rounds between the node's last round and the deposit watcher's last scanned round (absent while the node does not answer)",
    labelNames: [],
  },
  deposits: {
    name: 'casino_deposits',
    type: 'gauge',
    help: 'AMINA deposits seen on chain, by state (credited, parked, resolved)',
    labelNames: ['state'],
  },
  depositsAmina: {
    name: 'casino_deposits_amina',
    type: 'gauge',
    help: 'AMINA of the deposits seen on chain, by state',
    labelNames: ['state'],
  },
  withdrawals: {
    name: 'casino_withdrawals',
    type: 'gauge',
    help: 'AMINA withdrawals by state (pending, signed, confirmed, refunded)',
    labelNames: ['state'],
  },
  withdrawalsAmina: {
    name: 'casino_withdrawals_amina',
    type: 'gauge',
    help: 'AMINA of the withdrawals, by state',
    labelNames: ['state'],
  },
  pokerTables: {
    name: 'casino_poker_tables',
    type: 'gauge',
    help: 'Poker tables run by this instance (it holds their lease)',
    labelNames: [],
  },
  pokerHumans: {
    name: 'casino_poker_seated_humans',
    type: 'gauge',
    help: "Human players seated at this instance's poker tables",
    labelNames: [],
  },
  rateLimited: {
    name: 'casino_rate_limited_total',
    type: 'counter',
    help: 'Requests refused 429 by the rate limiter, by bucket (api: per-IP limit on /api, session: password exchanges)',
    labelNames: ['bucket'],
  },
  findings: {
    name: 'casino_security_findings_total',
    type: 'counter',
    help: 'Security findings reported, by persona and severity',
    labelNames: ['persona', 'severity'],
  },
} as const satisfies Record<string, MetricDefinition>;

/** Every metric name the API's registry exports, with the series a histogram adds. */
export function exportedSeries(): string[] {
  return Object.values(CASINO_METRICS).flatMap((m) =>
    m.type === 'histogram' ? [`${m.name}_bucket`, `${m.name}_sum`, `${m.name}_count`] : [m.name],
  );
}
