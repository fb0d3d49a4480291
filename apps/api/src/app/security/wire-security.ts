import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AllExceptionsFilter } from '../common/all-exceptions.filter';
import { RateLimiter } from './rate-limiter';
import { RateLimits } from '../rate-limit/rate-limits';
import { ClientIpProbe } from './report/client-ip-probe';
import { RejectionRouter } from './telemetry/rejection-router';

/**
 * Hooks the security module into the HTTP layer (called by configureApp before the routes are
 * registered): @fastify/rate-limit, the rate limiter and traffic counters as Fastify hooks on /api, the client-IP
 * probe of the domain report, and the
 * exception filter's 4xx feed to sentinel and warden.
 */
export async function wireSecurity(app: NestFastifyApplication, filter: AllExceptionsFilter): Promise<void> {
  await app.get(RateLimits).register(app);
  const limiter = app.get(RateLimiter);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', limiter.onRequest);
  fastify.addHook('onResponse', limiter.onResponse);
  // lets the domain report ask what client address a forged X-Forwarded-For would get
  fastify.addHook('onRequest', app.get(ClientIpProbe).onRequest);
  filter.onRejection(app.get(RejectionRouter).listener);
}
