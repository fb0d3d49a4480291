import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { passwordHashProblem } from '../common/password-hash';

/** Where the Algorand node is and which asset is AMINA. */
export interface ChainConfig {
  /** True when no ALGOD_URL is given: the API starts the in-repo devnet itself. */
  embeddedDevnet: boolean;
  algodUrl?: string;
  algodToken: string;
  indexerUrl?: string;
  indexerToken: string;
  /** Used only when the devnet is embedded. */
  devnetAlgodPort: number;
  devnetIndexerPort: number;
  assetId?: bigint;
  assetDecimals: number;
  assetUnit: string;
  network: string;
  houseAddress?: string;
  houseMnemonic?: string;
}

/**
 * Which proxies may tell the API the client's address in X-Forwarded-For (TRUSTED_PROXIES):
 * none (the socket's peer is the client), or the proxies at these addresses/CIDRs (proxy-addr
 * names loopback, linklocal, uniquelocal too). Never "everyone", and never a bare hop count:
 * that cannot tell a proxy from a client connecting directly with a forged header.
 */
export type TrustedProxies = { kind: 'none' } | { kind: 'list'; entries: string[] };

/** The API's whole configuration, parsed and validated once at boot. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Absent: start an embedded PostgreSQL under dataDir. */
  databaseUrl?: string;
  /**
   * A replica for the reads that may lag (DATABASE_READ_URL; optional): bet history, live bets, bet
   * details and reserves proofs (SqlService.read). Absent: they read from DATABASE_URL like the rest.
   */
  databaseReadUrl?: string;
  /** Most connections this instance opens to PostgreSQL (DB_POOL_MAX; default 4 per CPU core). */
  dbPoolMax: number;
  /**
   * Most instant-bet calls in the database at once (BET_BATCH_CONCURRENCY; default half the CPU
   * cores, at least 1: measured on 2 cores, 1 beat 2 and 3): bets arriving while they run go
   * together in the next call (group commit).
   */
  betBatchConcurrency: number;
  /** Most bets committed together (BET_BATCH_MAX; default 64; 1: every bet in its own transaction). */
  betBatchMax: number;
  /**
   * The poker tables the casino runs (POKER_TABLES; default 3: Andromeda, Orion and Pulsar; each
   * one more is a bot-filled table with Andromeda's stakes, Nebula 4, Nebula 5, …).
   */
  pokerTables: number;
  /** How long a poker bot thinks per decision, ms, varied ±40% (POKER_BOT_DELAY_MS; default 1100). */
  pokerBotDelayMs: number;
  /** The pause after a poker hand, ms (POKER_BETWEEN_HANDS_MS; default 4000). */
  pokerBetweenHandsMs: number;
  embeddedPgPort: number;
  dataDir: string;
  /**
   * The casino's own site(s) (PUBLIC_ORIGIN, comma-separated; required in production; locally
   * http://localhost:PORT and http://127.0.0.1:PORT): the only sites a signed challenge names.
   */
  publicOrigins: string[];
  corsOrigins: string[];
  sessionSecret: string;
  cookieSecure: boolean;
  /** Folder holding the built front ends (shell/, games-mfe/, …); served when it exists. */
  webRoot: string;
  remotes: { games: string; cashier: string; security: string };
  redisUrl?: string;
  operatorPasswordHash?: string;
  vaultPasswordHash?: string;
  /** True when the dashboard passwords were generated for this local run (never from env). */
  securityPasswordsGenerated?: boolean;
  /** Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES; none by default). */
  trustedProxies: TrustedProxies;
  /** Serve Swagger UI and the OpenAPI document at /api/docs (API_DOCS; on outside production, off in production unless API_DOCS=1). */
  apiDocs: boolean;
  /** Requests per minute one IP may make to /api (RATE_LIMIT_PER_MINUTE; 1200, unlimited under NODE_ENV=test). */
  rateLimitPerMinute: number;
  /**
   * New accounts (POST /api/users) one IP may create per hour (ACCOUNTS_PER_IP_PER_HOUR; 200, sized
   * for a shared address such as a carrier's NAT or a campus; unlimited under NODE_ENV=test).
   */
  accountsPerIpPerHour: number;
  /** New accounts from all addresses together per hour (ACCOUNTS_PER_HOUR; 10,000, unlimited under NODE_ENV=test). */
  accountsPerHour: number;
  /** Live sessions one account may hold; a new one revokes the oldest (SESSIONS_PER_ACCOUNT; 10, 1,000 under NODE_ENV=test). */
  sessionsPerAccount: number;
  /**
   * One more reality-check interval a player may choose, in seconds, so browser tests need not wait
   * 15 minutes (REALITY_CHECK_TEST_SECONDS; NODE_ENV=test only; unset: none).
   */
  realityCheckTestSeconds: number | null;
  /** Scheduled jobs (deposit watcher, withdrawal recovery, reconciliation, auditor) run on this instance's timers. */
  jobsEnabled: boolean;
  /**
   * Seconds between bet anchors (BET_ANCHOR_SECONDS; default 300): the bets settled since the last
   * anchor go into one Merkle tree whose root is written on chain (apps/api/src/app/anchors).
   */
  betAnchorSeconds: number;
  /**
   * Days a week's partition of bets and ledger is kept once it has ended (BET_RETENTION_DAYS; unset:
   * keep everything): older partitions are exported under dataDir/archive and detached.
   */
  betRetentionDays: number | null;
  /** Bounds on the live bets stream (GET /api/live-bets/stream) of this instance. */
  liveStreams: LiveStreamLimits;
  /** Largest AMINA bet, decimal string (betting-limits max). */
  betMaxAmina: string;
  /** Smallest AMINA withdrawal, decimal string (WITHDRAWAL_MIN_AMINA, default 0.001: fees cannot drain the house's ALGO). */
  withdrawalMinAmina: string;
  /** Most AMINA one player may withdraw per day, decimal string (WITHDRAWAL_DAILY_MAX_AMINA, default 10). */
  withdrawalDailyMaxAmina: string;
  /** Prometheus metrics port (METRICS_PORT; 9464, off under NODE_ENV=test; 'off' disables) and host (METRICS_HOST; loopback). */
  metricsPort: number | null;
  metricsHost: string;
  /** Most one AMINA bet may win (net), as a fraction of the house's bankroll (AMINA_MAX_PROFIT_FRACTION; 0.01). */
  aminaMaxProfitFraction: string;
  chain: ChainConfig;
  /** Demo wallets of the embedded devnet (never from env; absent against a real node). */
  /** The embedded devnet's demo wallets; `optedIn` says whether the account holds the AMINA asset. */
  devWallets?: Array<{ address: string; mnemonic: string; label: string; optedIn: boolean }>;
}

/** How many live-bet streams an instance keeps open, and for how long a client may lag. */
export interface LiveStreamLimits {
  /** Open streams per client address (LIVE_STREAMS_PER_ADDRESS; 10); one more is answered 429. */
  perAddress: number;
  /** Open streams in all (LIVE_STREAMS_TOTAL; 2000); one more is answered 503. */
  total: number;
  /** Bytes a stream may have unsent before its client is dropped as not reading (LIVE_STREAM_BUFFER_BYTES; 256 KiB). */
  bufferBytes: number;
  /** Longest a stream stays open, ms (LIVE_STREAM_MAX_SECONDS; 30 minutes); EventSource then reconnects. */
  maxLifetimeMs: number;
}

/** Thrown at boot when the environment is invalid; lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment variables: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  str(name: string, fallback?: string): string | undefined {
    const v = this.env[name];
    return v === undefined || v === '' ? fallback : v;
  }

  required(name: string, when: boolean, fallback?: string): string | undefined {
    const v = this.str(name, fallback);
    if (when && v === undefined) this.problems.push(`${name} is required`);
    return v;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.str(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.str(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  }

  url(name: string, protocols: string[], required = false): string | undefined {
    const raw = this.required(name, required);
    if (raw === undefined) return undefined;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      this.problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${redact(raw)}")`);
      return undefined;
    }
  }

  decimal(name: string, fallback: string): string {
    const raw = this.str(name, fallback)!;
    if (!/^\d{1,12}(\.\d{1,8})?$/.test(raw) || Number(raw) <= 0) {
      this.problems.push(`${name} must be a positive decimal with at most 8 decimals (got "${raw}")`);
      return fallback;
    }
    return raw;
  }

  /** A fraction in (0, 1] with at most 6 decimals, e.g. "0.01". */
  fraction(name: string, fallback: string): string {
    const raw = this.str(name, fallback)!;
    if (!/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/.test(raw) || Number(raw) <= 0) {
      this.problems.push(`${name} must be a fraction above 0 and at most 1, with at most 6 decimals (got "${raw}")`);
      return fallback;
    }
    return raw;
  }

  /** TRUSTED_PROXIES: none, or a comma-separated list of the proxies' addresses/CIDRs. */
  trustedProxies(name: string): TrustedProxies {
    const raw = this.str(name);
    if (raw === undefined || raw === 'none' || raw === 'false' || raw === '0') return { kind: 'none' };
    const usage = `${name} must be none or a comma-separated list of the proxies' addresses or CIDRs`;
    if (/^\d+$/.test(raw)) {
      this.problems.push(
        `${usage}: a hop count cannot tell a proxy from a client that connects directly with a forged X-Forwarded-For (got "${raw}")`,
      );
      return { kind: 'none' };
    }
    const entries = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (raw === 'true' || raw === '*' || bad.length) {
      this.problems.push(
        `${usage}; trusting every address would let any client choose its own IP (bad: "${bad.join(', ') || raw}")`,
      );
      return { kind: 'none' };
    }
    return { kind: 'list', entries };
  }

  origins(name: string, fallback: string[], required = false): string[] {
    const raw = this.required(name, required);
    if (raw === undefined) return fallback;
    const list = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const usage = `${name} must be a comma-separated list of origins like https://casino.example`;
    if (list.length === 0) this.problems.push(`${usage} (got "${raw}")`);
    for (const o of list) {
      try {
        const u = new URL(o);
        if (u.origin !== o || !['http:', 'https:'].includes(u.protocol)) throw new Error('not an origin');
      } catch {
        this.problems.push(`${usage} (bad: "${o}")`);
      }
    }
    return list;
  }
}

/** An address, a CIDR narrower than /0, or one of proxy-addr's named ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [ip, prefix, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Hides credentials inside a URL before it is echoed in an error. */
function redact(raw: string): string {
  return raw.replace(/\/\/[^@/]*@/, '//***@');
}

const ALGORAND_ADDRESS = /^[A-Z2-7]{58}$/;
/** The SESSION_SECRET of local runs (refused in production; the domain report flags it). */
export const DEV_SESSION_SECRET = 'dev-only-session-secret-not-for-production';

/** Parses and validates the environment; throws ConfigError naming every bad value. */
export function loadConfig(env: Env = process.env): AppConfig {
  const r = new Reader(env);
  const nodeEnv = r.oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const prod = nodeEnv === 'production';
  const port = r.int('PORT', 3000, 1, 65535);
  const host = r.str('HOST', '127.0.0.1')!;

  const databaseUrl = r.url('DATABASE_URL', ['postgres:', 'postgresql:'], prod);
  const databaseReadUrl = r.url('DATABASE_READ_URL', ['postgres:', 'postgresql:'], false);
  if (databaseReadUrl !== undefined && databaseUrl === undefined)
    r.problems.push('DATABASE_READ_URL needs DATABASE_URL: the replica follows a leader the API writes to');
  const sessionSecret = r.required('SESSION_SECRET', prod, prod ? undefined : DEV_SESSION_SECRET) ?? '';
  if (prod && sessionSecret.length < 32) r.problems.push('SESSION_SECRET must be at least 32 characters');
  if (prod && sessionSecret === DEV_SESSION_SECRET)
    r.problems.push('SESSION_SECRET is the development default: choose your own (openssl rand -base64 48)');

  const algodUrl = r.url('ALGOD_URL', ['http:', 'https:'], prod);
  const embeddedDevnet = algodUrl === undefined && !prod;
  const indexerUrl = r.url('INDEXER_URL', ['http:', 'https:'], !embeddedDevnet);
  const assetIdRaw = r.str('AMINA_ASSET_ID', embeddedDevnet ? undefined : '1107424865');
  let assetId: bigint | undefined;
  if (assetIdRaw !== undefined) {
    if (/^\d{1,19}$/.test(assetIdRaw)) assetId = BigInt(assetIdRaw);
    else r.problems.push(`AMINA_ASSET_ID must be a positive integer (got "${assetIdRaw}")`);
  }
  const houseAddress = r.required('HOUSE_ADDRESS', !embeddedDevnet);
  if (houseAddress !== undefined && !ALGORAND_ADDRESS.test(houseAddress)) {
    r.problems.push('HOUSE_ADDRESS must be a 58-character Algorand address');
  }
  const houseMnemonic = r.required('HOUSE_MNEMONIC', prod);
  if (houseMnemonic !== undefined && houseMnemonic.trim().split(/\s+/).length !== 25) {
    r.problems.push('HOUSE_MNEMONIC must be 25 words'); // never echo the value
  }

  const operatorPasswordHash = r.required('OPERATOR_PASSWORD_HASH', prod);
  const vaultPasswordHash = r.required('VAULT_PASSWORD_HASH', prod);
  for (const [name, value] of [
    ['OPERATOR_PASSWORD_HASH', operatorPasswordHash],
    ['VAULT_PASSWORD_HASH', vaultPasswordHash],
  ] as const) {
    const problem = value === undefined ? null : passwordHashProblem(value);
    if (problem) r.problems.push(`${name} ${problem}`); // never echo the value
  }
  // locally the API is reached by both names (the Playwright suite uses 127.0.0.1)
  const localOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  // an unset NODE_ENV means a local development run: refuse it where that cannot be the intent
  const network = r.str('ALGORAND_NETWORK', embeddedDevnet ? 'devnet' : 'mainnet')!;
  if (r.str('NODE_ENV') === undefined) {
    const why =
      databaseUrl !== undefined
        ? 'DATABASE_URL is configured'
        : algodUrl !== undefined && (network === 'mainnet' || /mainnet/i.test(algodUrl))
          ? 'ALGOD_URL points at mainnet'
          : null;
    if (why)
      r.problems.push(
        `NODE_ENV must be set (production, development or test) when ${why}: unset, it would mean a development run`,
      );
  }

  const config: AppConfig = {
    nodeEnv,
    host,
    port,
    logLevel: r.oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
    databaseUrl,
    databaseReadUrl,
    // more connections than the database's cores can serve only queue inside PostgreSQL (BENCHMARKS.md)
    dbPoolMax: r.int('DB_POOL_MAX', Math.max(4, 4 * availableParallelism()), 1, 1000),
    betBatchConcurrency: r.int('BET_BATCH_CONCURRENCY', Math.max(1, Math.floor(availableParallelism() / 2)), 1, 1000),
    betBatchMax: r.int('BET_BATCH_MAX', 64, 1, 1000),
    pokerTables: r.int('POKER_TABLES', 3, 3, 1000),
    pokerBotDelayMs: r.int('POKER_BOT_DELAY_MS', 1100, 0, 60_000),
    pokerBetweenHandsMs: r.int('POKER_BETWEEN_HANDS_MS', 4000, 0, 60_000),
    embeddedPgPort: r.int('EMBEDDED_PG_PORT', 54329, 1024, 65535),
    dataDir: resolve(r.str('DATA_DIR', '.data')!),
    publicOrigins: r.origins('PUBLIC_ORIGIN', localOrigins, prod),
    corsOrigins: r.origins('CORS_ORIGINS', localOrigins),
    sessionSecret,
    cookieSecure: prod,
    webRoot: resolve(r.str('WEB_ROOT', 'dist/apps')!),
    remotes: {
      games: r.str('REMOTE_GAMES_URL', '/remotes/games/remoteEntry.js')!,
      cashier: r.str('REMOTE_CASHIER_URL', '/remotes/cashier/remoteEntry.js')!,
      security: r.str('REMOTE_SECURITY_URL', '/remotes/security/remoteEntry.js')!,
    },
    redisUrl: r.url('REDIS_URL', ['redis:', 'rediss:']),
    trustedProxies: r.trustedProxies('TRUSTED_PROXIES'),
    apiDocs: r.oneOf('API_DOCS', ['0', '1'] as const, prod ? '0' : '1') === '1',
    operatorPasswordHash,
    vaultPasswordHash,
    // test runs and benchmarks drive thousands of requests a minute from loopback: limit only when asked
    rateLimitPerMinute: r.int('RATE_LIMIT_PER_MINUTE', nodeEnv === 'test' ? 100_000_000 : 1200, 1, 100_000_000),
    accountsPerIpPerHour: r.int('ACCOUNTS_PER_IP_PER_HOUR', nodeEnv === 'test' ? 100_000_000 : 200, 1, 100_000_000),
    accountsPerHour: r.int('ACCOUNTS_PER_HOUR', nodeEnv === 'test' ? 100_000_000 : 10_000, 1, 100_000_000),
    // the browser tests' parallel players sign in to the same demo wallets: cap them only when asked
    sessionsPerAccount: r.int('SESSIONS_PER_ACCOUNT', nodeEnv === 'test' ? 1000 : 10, 1, 1000),
    betMaxAmina: r.decimal('BET_MAX_AMINA', '1.0'),
    withdrawalMinAmina: r.decimal('WITHDRAWAL_MIN_AMINA', '0.001'),
    withdrawalDailyMaxAmina: r.decimal('WITHDRAWAL_DAILY_MAX_AMINA', '10'),
    aminaMaxProfitFraction: r.fraction('AMINA_MAX_PROFIT_FRACTION', '0.01'),
    metricsPort:
      r.str('METRICS_PORT') === 'off' || (nodeEnv === 'test' && r.str('METRICS_PORT') === undefined)
        ? null
        : r.int('METRICS_PORT', 9464, 0, 65535),
    metricsHost: r.str('METRICS_HOST', '127.0.0.1')!,
    realityCheckTestSeconds:
      r.str('REALITY_CHECK_TEST_SECONDS') === undefined
        ? null
        : nodeEnv !== 'test'
          ? (r.problems.push('REALITY_CHECK_TEST_SECONDS is for NODE_ENV=test only'), null)
          : r.int('REALITY_CHECK_TEST_SECONDS', 0, 1, 3600),
    jobsEnabled: r.oneOf('JOBS_ENABLED', ['true', 'false'] as const, 'true') === 'true',
    betAnchorSeconds: r.int('BET_ANCHOR_SECONDS', 300, 1, 86_400),
    betRetentionDays: r.str('BET_RETENTION_DAYS') === undefined ? null : r.int('BET_RETENTION_DAYS', 0, 7, 36_500),
    liveStreams: {
      // a page holds one stream (closed while hidden): 10 leaves room for the tabs of a few players behind one NAT
      perAddress: r.int('LIVE_STREAMS_PER_ADDRESS', 10, 1, 100_000),
      total: r.int('LIVE_STREAMS_TOTAL', 2000, 1, 1_000_000),
      bufferBytes: r.int('LIVE_STREAM_BUFFER_BYTES', 256 * 1024, 1024, 64 * 1024 * 1024),
      maxLifetimeMs: r.int('LIVE_STREAM_MAX_SECONDS', 30 * 60, 1, 24 * 60 * 60) * 1000,
    },
    chain: {
      embeddedDevnet,
      algodUrl,
      algodToken: r.str('ALGOD_TOKEN', embeddedDevnet ? 'a'.repeat(64) : '')!,
      indexerUrl,
      indexerToken: r.str('INDEXER_TOKEN', embeddedDevnet ? 'a'.repeat(64) : '')!,
      devnetAlgodPort: r.int('DEVNET_ALGOD_PORT', 4001, 0, 65535),
      devnetIndexerPort: r.int('DEVNET_INDEXER_PORT', 8980, 0, 65535),
      assetId,
      assetDecimals: r.int('AMINA_DECIMALS', 8, 0, 19),
      assetUnit: r.str('AMINA_UNIT', 'AMINA')!,
      network,
      houseAddress,
      houseMnemonic,
    },
  };
  if (Number(config.withdrawalMinAmina) > Number(config.withdrawalDailyMaxAmina))
    r.problems.push('WITHDRAWAL_MIN_AMINA must not exceed WITHDRAWAL_DAILY_MAX_AMINA');
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
