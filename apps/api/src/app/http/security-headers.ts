import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { contentSecurityPolicy } from './content-security-policy';

/**
 * The security policy of every page: the API's answers, and through the generated
 * docker/nginx/security-headers.conf.template every page nginx serves (shell and remotes).
 */
export function securityHeaderOptions(remoteUrls: readonly string[], production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { directives: contentSecurityPolicy(remoteUrls, production) },
    // remotes on other origins must be able to load each other's chunks
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    hsts: production,
  };
}

/**
 * The headers helmet sets for `options`, computed once: with static directives they are the same
 * on every answer, and building helmet's middleware per request (what @fastify/helmet does) cost
 * about 5% of a bet's CPU (BENCHMARKS.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** Sets the security headers on every answer of `fastify` (before any route or hook can answer). */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
