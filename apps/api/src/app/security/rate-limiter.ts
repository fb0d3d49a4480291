import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { Sentinel } from './personas/sentinel';
import { Traffic } from './telemetry/traffic';
import { SESSION_ROUTE, TOO_MANY_REQUESTS } from '../rate-limit/limits';
import { RateLimits, type LimitVerdict } from '../rate-limit/rate-limits';
import { requestRoute, routedPath } from '../common/request-path';

const ROUTE = Symbol('rateLimiter.route');
type Routed = FastifyRequest & { [ROUTE]?: string };

/**
 * The global per-IP limit on /api (RATE_LIMIT_PER_MINUTE) and the stricter one on the password
 * exchanges, as Fastify hooks on every /api request but /api/health (unknown routes and the
 * dice/plinko Fastify routes included): over a limit the request is answered 429 before any
 * route, guard or database work, and sentinel hears of it. Every answer is also counted for the
 * real-time stats. The counting is @fastify/rate-limit's (rate-limits.ts).
 *
 * Which limits apply is decided by the route that matched (or the path the router looked up when
 * none did), never by the raw URL: Fastify routes an absolute-form target (`POST http://host/api/…`)
 * and a percent-encoded one (`/%61pi/…`) like the plain path (issue 37).
 */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly limits: RateLimits,
    private readonly sentinel: Sentinel,
    private readonly traffic: Traffic,
  ) {}

  readonly onRequest = (req: Routed, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const route = (req[ROUTE] = requestRoute(req));
    // orchestrators and scripts poll /api/health (and /live, /ready): a busy address must never get 429 from them
    if (!isApi(route) || isHealth(route)) return done();
    this.traffic.request(Date.now());
    const fail = (e: Error) => done(e);
    if (req.method !== 'POST' || !SESSION_ROUTE.test(route)) {
      // the hot path (every bet): one count, one promise
      this.limits.hit('api', req).then((api) => (api.exceeded ? this.refuse(req, reply, 'api', api) : done()), fail);
      return;
    }
    // both counted, like the old limiter: a refused exchange still counts as a request
    Promise.all([this.limits.hit('api', req), this.limits.hit('session', req)]).then(([api, exchanges]) => {
      if (api.exceeded) return this.refuse(req, reply, 'api', api);
      if (exchanges.exceeded) return this.refuse(req, reply, 'session', exchanges);
      done();
    }, fail);
  };

  private refuse(req: FastifyRequest, reply: FastifyReply, bucket: 'api' | 'session', v: LimitVerdict): void {
    this.sentinel.onRateLimited(req.ip, req.method, routedPath(req.url), bucket, Date.now());
    void reply
      .code(429)
      .header('retry-after', String(v.retryAfterSeconds))
      .send({ statusCode: 429, error: 'Too Many Requests', message: TOO_MANY_REQUESTS });
  }

  readonly onResponse = (req: Routed, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (isApi(req[ROUTE] ?? requestRoute(req))) this.traffic.response(reply.statusCode, reply.elapsedTime, Date.now());
    done();
  };
}

/** /api/health and its liveness and readiness probes (a route, or a routed path). */
function isHealth(route: string): boolean {
  return /^\/api\/health(?:\/live|\/ready)?$/.test(route);
}

function isApi(route: string): boolean {
  return route.startsWith('/api/') || route === '/api';
}
