import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { Sentinel } from '../personas/sentinel';
import { Traffic } from '../telemetry/traffic';
import { SESSION_EXCHANGES_PER_MINUTE, SESSION_ROUTE, TOO_MANY_REQUESTS } from './limits';
import { RATE_LIMIT_STORE, type RateLimitStore } from './rate-limit.store';

const MINUTE = 60_000;

/**
 * The global per-IP limiter on /api (RATE_LIMIT_PER_MINUTE, sliding minute) and the stricter one
 * on the password exchanges, as Fastify hooks: over the limit the request is answered 429 before
 * any route, guard or database work. Every answer is also counted for the real-time stats.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'rateLimitPerMinute'>,
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    private readonly sentinel: Sentinel,
    private readonly traffic: Traffic,
  ) {}

  readonly onRequest = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    // orchestrators and scripts poll /api/health: a busy address must never get 429 from it
    if (!isApi(req.url) || isHealth(req.url)) return done();
    const now = Date.now();
    this.traffic.request(now);
    const session = req.method === 'POST' && SESSION_ROUTE.test(req.url);
    const hits = this.store.hit(`api:${req.ip}`, MINUTE, now);
    if (typeof hits === 'number' && !session) return this.decide(hits, 0, req, reply, done, now);
    void Promise.all([hits, session ? this.store.hit(`session:${req.ip}`, MINUTE, now) : 0]).then(
      ([h, s]) => this.decide(h, s, req, reply, done, now),
      (e: Error) => done(e),
    );
  };

  readonly onResponse = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (isApi(req.url)) this.traffic.response(reply.statusCode, reply.elapsedTime, Date.now());
    done();
  };

  private decide(hits: number, sessionHits: number, req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction, now: number): void {
    const bucket = hits > this.config.rateLimitPerMinute ? 'api' : sessionHits > SESSION_EXCHANGES_PER_MINUTE ? 'session' : null;
    if (!bucket) return done();
    this.sentinel.onRateLimited(req.ip, req.method, req.url.split('?')[0], bucket, now);
    void reply.code(429).header('retry-after', '60').send({ statusCode: 429, error: 'Too Many Requests', message: TOO_MANY_REQUESTS });
  }
}

function isHealth(url: string): boolean {
  return /^\/api\/health\/?(?:\?|$)/.test(url);
}

function isApi(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
}
