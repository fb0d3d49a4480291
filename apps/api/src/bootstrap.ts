import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { WsAdapter } from '@nestjs/platform-ws';
import { AppModule } from './app/app.module';
import { ChainConfigError } from './app/chain/chain.errors';
import { AppConfig, ConfigError, loadConfig } from './app/config/app-config';
import { configureApp } from './app/http/configure-app';
import { fastifyOptions } from './app/http/fastify-options';
import { JsonLogger } from './app/logging/json-logger';
import { startLocalServices, LocalServices } from './local-services';

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
  const logger = new JsonLogger(config.logLevel);
  const local: LocalServices = await startLocalServices(config, logger);
  const fullConfig = { ...config, ...local.security, databaseUrl: local.databaseUrl, chain: local.chain, devWallets: local.devWallets };
  try {
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot(fullConfig),
      new FastifyAdapter(fastifyOptions(config)),
      { logger, bufferLogs: true },
    );
    app.useWebSocketAdapter(new WsAdapter(app));
    await configureApp(app, fullConfig);
    app.enableShutdownHooks();
    await app.listen(config.port, config.host);
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
    new Logger('Bootstrap').log({ msg: `Cosmic Casino listening on ${url}`, url });
    let closed = false;
    return {
      app,
      config: fullConfig,
      url,
      close: async () => {
        if (closed) return;
        closed = true;
        await app.close();
        await local.stop();
      },
    };
  } catch (e) {
    await local.stop();
    throw e;
  }
}

/** Entry point used by main.ts: exits non-zero naming the problem when boot fails. */
export async function main(): Promise<void> {
  try {
    const running = await bootstrap();
    // Nest's shutdown hooks close the app; the local database and devnet go after it.
    for (const sig of ['SIGTERM', 'SIGINT'] as const) {
      process.once(sig, () => {
        running.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  } catch (e) {
    const msg = e instanceof ConfigError ? e.message : e instanceof ChainConfigError ? `Refusing to start: ${e.message}` : `API failed to start: ${(e as Error)?.stack ?? e}`;
    process.stderr.write(msg + '\n');
    process.exit(1);
  }
}
