import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from './config/app-config';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { CorsPolicy } from './http/cors-policy';
import { wireSecurity } from './security/wire-security';
import { registerSecurityHeaders, securityHeaderOptions } from './http/security-headers';
import { documentGameRoutes, registerGameRoutes } from './games/games.routes';
import { documentSchemas } from './common/schema-decorators';
import { shellPages } from './web/prerendered-pages';

/** Folders of the built front ends, as served: URL prefix → folder under webRoot. */
export const WEB_MOUNTS = [
  { remote: 'games', prefix: '/remotes/games/', folder: 'games-mfe' },
  { remote: 'cashier', prefix: '/remotes/cashier/', folder: 'cashier-mfe' },
  { remote: 'security', prefix: '/remotes/security/', folder: 'security-mfe' },
] as const;

/**
 * The remotes whose first screens the API stitches into the shell's pages (name → folder): those
 * it serves itself, since only their fragments on disk are the remote the browser loads.
 */
export function servedRemotes(config: Pick<AppConfig, 'remotes'>): Record<string, string> {
  return Object.fromEntries(
    WEB_MOUNTS.filter((m) => config.remotes[m.remote] === `${m.prefix}remoteEntry.js`).map((m) => [m.remote, m.folder]),
  );
}

/** Wires security headers, cookies, CORS, validation, errors, OpenAPI and the static front ends. */
export async function configureApp(app: NestFastifyApplication, config: AppConfig): Promise<AllExceptionsFilter> {
  const cors = app.get(CorsPolicy);
  const fastify = app.getHttpAdapter().getInstance();
  const remoteUrls = Object.values(config.remotes);

  registerSecurityHeaders(fastify, securityHeaderOptions(remoteUrls, config.nodeEnv === 'production'));
  await app.register(cookie, { secret: config.sessionSecret });
  app.enableCors({
    credentials: true,
    origin: (origin, cb) => cb(null, origin === undefined || cors.isAllowed(origin)),
  });

  app.setGlobalPrefix('api', { exclude: ['remotes.json'] });
  const filter = new AllExceptionsFilter(shellPages(config.webRoot, servedRemotes(config)));
  app.useGlobalFilters(filter);
  // per-IP rate limit on /api, traffic counters, and the 4xx feed of the security personas
  await wireSecurity(app, filter);
  // the games' actions: Fastify routes outside Nest's pipeline (the hot paths, see BENCHMARKS.md)
  registerGameRoutes(app, filter);

  // the API's map is for developers: off in production unless API_DOCS=1
  if (config.apiDocs) {
    const doc = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Cosmic Casino API')
        .setDescription('Provably fair casino: House Coins and AMINA on Algorand')
        .setVersion('1.0')
        .addCookieAuth('cosmic_session')
        .addBearerAuth()
        .build(),
    );
    documentGameRoutes(app, doc);
    // every request body's schema, the game routes' included: each route validates with the same one
    documentSchemas(doc);
    SwaggerModule.setup('api/docs', app, doc);
  }

  const shellDir = join(config.webRoot, 'shell');
  if (existsSync(shellDir)) {
    await fastify.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      // `/` is a page like the others: its prerendered HTML comes from the exception filter (shellPages)
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
    for (const m of WEB_MOUNTS) {
      const dir = join(config.webRoot, m.folder);
      if (existsSync(dir))
        await fastify.register(fastifyStatic, {
          root: dir,
          prefix: m.prefix,
          decorateReply: false,
          preCompressed: true,
          setHeaders: cacheHeaders,
        });
    }
  }
  return filter;
}

function cacheHeaders(res: { setHeader(name: string, value: string): void }, path: string): void {
  // content-hashed files never change; entry points must always be revalidated
  const hashed = /\.[0-9a-f]{8,}\.(js|css|png|svg|woff2?)$/.test(path);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}
