import { Test } from '@nestjs/testing';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../app/app.module';
import { loadConfig } from '../app/config/app-config';
import { configureApp } from '../app/http/configure-app';
import { CorsPolicy } from '../app/http/cors-policy';
import { JsonLogger } from '../app/logging/json-logger';

/** The URL of this integration run's fresh, migrated database. */
export function intDatabaseUrl(): string {
  const url = process.env['INT_DATABASE_URL'];
  if (!url) throw new Error('INT_DATABASE_URL is not set: run integration tests with jest.int.config.ts');
  return url;
}

/** Boots the real API (all modules, real PostgreSQL) for integration tests, without listening. */
export async function createIntApp(env: Record<string, string> = {}): Promise<NestFastifyApplication> {
  const config = loadConfig({ NODE_ENV: 'test', WEB_ROOT: '/nonexistent', ALGOD_URL: 'http://127.0.0.1:9', INDEXER_URL: 'http://127.0.0.1:9', HOUSE_ADDRESS: 'A'.repeat(58), ...env });
  const full = { ...config, databaseUrl: intDatabaseUrl() };
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(full)] })
    .setLogger(new JsonLogger('error'))
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter());
  await configureApp(app, full, new CorsPolicy(full.corsOrigins));
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
