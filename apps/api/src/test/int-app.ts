import { Test } from '@nestjs/testing';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { WsAdapter } from '@nestjs/platform-ws';
import { AppModule } from '../app/app.module';
import { loadConfig } from '../app/config/app-config';
import { configureApp } from '../app/configure-app';
import { trustProxySetting } from '../app/http/fastify-options';
import type { DestinationStream } from 'pino';
import { Drain } from '../app/health/drain';
import { createRootLogger, fastifyLogging, nestLogger } from '../app/logging/logger';
import { answerCorrelationId } from '../app/logging/request-log';
import { watchAnswers, type AnswerWatch } from './answers';
import { createMigratedDatabase } from './fresh-database';
import { SqlService } from '../app/database/sql.service';

/** Per integration app: what its answers' check saw (test/answers.ts). */
const watches = new WeakMap<NestFastifyApplication, AnswerWatch>();

/** Starts checking `app`'s answers (before its routes are registered: app.init or listen). */
export function watchAppAnswers(app: NestFastifyApplication): void {
  watches.set(app, watchAnswers(app.getHttpAdapter().getInstance()));
}

/**
 * Every answer `app` wrote so far whose value its schema did not fit (a field dropped, a required
 * one missing, a type coerced), and the routes whose answers were checked. A module's suite asserts,
 * after its requests, that its routes were checked and nothing disagreed.
 */
export function answerWatch(app: NestFastifyApplication): { mismatches: string[]; checked: string[] } {
  const w = watches.get(app);
  return { mismatches: w?.mismatches ?? [], checked: [...(w?.checked ?? [])].sort() };
}

/** The URL of this integration run's fresh, migrated database. */
export function intDatabaseUrl(): string {
  const url = process.env['INT_DATABASE_URL'];
  if (!url) throw new Error('INT_DATABASE_URL is not set: run integration tests with jest.int.config.ts');
  return url;
}

/**
 * A database of its own on the run's server, migrated as the API migrates (versioned migrations,
 * then the live SQL files), for a suite that counts rows across the whole database (every bet, every
 * anchor) and must not see the other suites' rows. Pass its `url` as DATABASE_URL to createIntApp;
 * `drop()` removes it once every connection to it is closed.
 */
export function freshIntDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  return createMigratedDatabase(intDatabaseUrl(), `cosmic_${label}_${process.pid}_${Date.now()}`);
}

/** The devnet started by the integration global setup. */
export interface IntChain {
  algodUrl: string;
  indexerUrl: string;
  token: string;
  assetId: string;
  houseAddress: string;
  houseMnemonic: string;
  dispenserMnemonic: string;
  wallets: Array<{ address: string; mnemonic: string; label: string; optedIn?: boolean }>;
}

/** The integration run's devnet. */
export function intChain(): IntChain {
  const raw = process.env['INT_CHAIN'];
  if (!raw) throw new Error('INT_CHAIN is not set: run integration tests with jest.int.config.ts');
  return JSON.parse(raw) as IntChain;
}

/**
 * The validated configuration of an integration-test API: the run's database (or the DATABASE_URL
 * `env` names, such as a proxy in front of it) and devnet, jobs off.
 */
export function intAppConfig(env: Record<string, string> = {}) {
  const chain = intChain();
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_ROOT: '/nonexistent',
    ALGOD_URL: chain.algodUrl,
    ALGOD_TOKEN: chain.token,
    INDEXER_URL: chain.indexerUrl,
    INDEXER_TOKEN: chain.token,
    AMINA_ASSET_ID: chain.assetId,
    HOUSE_ADDRESS: chain.houseAddress,
    HOUSE_MNEMONIC: chain.houseMnemonic,
    ALGORAND_NETWORK: 'devnet',
    JOBS_ENABLED: 'false',
    // app.inject reaches the app as Host localhost:80; the specs' browsers stand at localhost:3000
    PUBLIC_ORIGIN: 'http://localhost,http://localhost:3000,http://127.0.0.1:3000',
    ...env,
  });
  return { ...config, databaseUrl: env['DATABASE_URL'] ?? intDatabaseUrl() };
}

/**
 * Boots the real API (all modules, real PostgreSQL, the devnet) for integration tests, without
 * listening. It logs errors only, unless `env` sets LOG_LEVEL; `logDestination` receives the lines.
 */
export async function createIntApp(
  env: Record<string, string> = {},
  options: { logDestination?: DestinationStream } = {},
): Promise<NestFastifyApplication> {
  const full = intAppConfig(env);
  const root = createRootLogger({
    level: env['LOG_LEVEL'] ? full.logLevel : 'error',
    destination: options.logDestination,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(full)] })
    .setLogger(nestLogger(root))
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(
    new FastifyAdapter({ trustProxy: trustProxySetting(full.trustedProxies), ...fastifyLogging(root) }),
  );
  app.useWebSocketAdapter(new WsAdapter(app));
  const fastify = app.getHttpAdapter().getInstance();
  answerCorrelationId(fastify);
  watchAppAnswers(app);
  app.get(Drain).attach(fastify);
  try {
    await configureApp(app, full);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  } catch (e) {
    // a boot refused half-way (a boot check) must not leave its started modules running in the
    // test process: they would hold the poker tables, timers and connections for later suites
    await app.close().catch(() => undefined);
    throw e;
  }
  return app;
}

/**
 * The app of a `describe` block: createIntApp() before its tests, closed after them. `app` and `sql`
 * (its SqlService) are there once the block's tests run.
 */
export function intAppForBlock(env: Record<string, string> = {}): {
  readonly app: NestFastifyApplication;
  readonly sql: SqlService;
} {
  let app: NestFastifyApplication | undefined;
  beforeAll(async () => {
    app = await createIntApp(env);
  });
  afterAll(() => app?.close());
  const started = () => {
    if (!app) throw new Error('intAppForBlock: the app is there only while the block runs');
    return app;
  };
  return {
    get app() {
      return started();
    },
    get sql() {
      return started().get(SqlService);
    },
  };
}
