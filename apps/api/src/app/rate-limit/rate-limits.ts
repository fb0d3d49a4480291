import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyRateLimit, { normalizeIP, type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import type { SessionUser } from '../auth/session.service';
import {
  ACCOUNT_WINDOW_MS,
  DEPOSIT_NOTICES,
  MEMORY_KEYS,
  SESSION_EXCHANGES_PER_MINUTE,
  TOO_MANY_REQUESTS,
} from './limits';
import { RateLimitRedis } from './rate-limit-redis';

const MINUTE = 60_000;

/** The limits counted by @fastify/rate-limit. */
export type LimitName = 'api' | 'session' | 'accounts' | 'accountsTotal' | 'depositNotices';

/** One request counted against a limit. */
export interface LimitVerdict {
  exceeded: boolean;
  /** Seconds until the limit's window ends (the Retry-After of a refusal). */
  retryAfterSeconds: number;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The API's rate limits, counted by @fastify/rate-limit: in Redis when REDIS_URL is set (shared by
 * every instance, each key with the window as its TTL), in a bounded in-memory LRU otherwise (an
 * entry restarts once its window is over). Fixed windows that start at an address's first request.
 *
 * - api: RATE_LIMIT_PER_MINUTE requests per minute per client address on /api (rate-limiter.ts);
 * - session: 10 password exchanges per minute per address, on top of `api`;
 * - accounts: ACCOUNTS_PER_IP_PER_HOUR new accounts per hour per address (POST /api/users);
 * - accountsTotal: ACCOUNTS_PER_HOUR new accounts per hour from all addresses together, counted
 *   once an address's own limit admits one (so a flood spread over many addresses stays bounded);
 * - depositNotices: 3 deposit notices per user per 5 s.
 *
 * The address is Fastify's req.ip (TRUSTED_PROXIES decides which X-Forwarded-For hop it is),
 * normalised by the library (IPv4-mapped IPv6 as IPv4, IPv6 by its /64).
 */
@Injectable()
export class RateLimits {
  private limiters?: Record<LimitName, Limiter>;

  constructor(
    @Inject(APP_CONFIG)
    private readonly config: Pick<AppConfig, 'rateLimitPerMinute' | 'accountsPerIpPerHour' | 'accountsPerHour'>,
    private readonly redis: RateLimitRedis,
  ) {}

  /** Registers @fastify/rate-limit on the app's Fastify (configureApp, before the routes). */
  async register(app: NestFastifyApplication): Promise<void> {
    // global: false, so no route gets the library's own hook: rate-limiter.ts decides where each applies
    await app.register(fastifyRateLimit, {
      global: false,
      max: this.config.rateLimitPerMinute,
      timeWindow: MINUTE,
      cache: MEMORY_KEYS,
      redis: this.redis.client ?? undefined,
      nameSpace: 'cosmic:rl:',
      skipOnError: true,
    });
    const fastify = app.getHttpAdapter().getInstance();
    // the library's child stores share one Redis prefix: each limit's keys get their own prefix
    const limit = (prefix: string, max: number, timeWindow: number, key: (req: FastifyRequest) => string): Limiter => {
      const options: CreateRateLimitOptions & { cache: number } = {
        max,
        timeWindow,
        keyGenerator: (req) => `${prefix}:${key(req)}`,
        cache: MEMORY_KEYS,
      };
      return fastify.createRateLimit(options);
    };
    const address = (req: FastifyRequest) => normalizeIP(req.ip);
    this.limiters = {
      // the global options as they are: the library's fast path (its own key generator, no await)
      api: fastify.createRateLimit(),
      session: limit('session', SESSION_EXCHANGES_PER_MINUTE, MINUTE, address),
      accounts: limit('accounts', this.config.accountsPerIpPerHour, ACCOUNT_WINDOW_MS, address),
      accountsTotal: limit('accounts-total', this.config.accountsPerHour, ACCOUNT_WINDOW_MS, () => 'all'),
      depositNotices: limit('deposit-notice', DEPOSIT_NOTICES.max, DEPOSIT_NOTICES.windowMs, (req) => {
        const user = (req as FastifyRequest & { sessionUser?: SessionUser }).sessionUser;
        // the session guard runs first; without it there is no user to throttle
        if (!user) throw new Error('deposit notices are throttled per session user: SessionGuard must run first');
        return user.userId;
      }),
    };
  }

  /** Counts `req` against `name` (on every /api request: one promise, no more). */
  hit(name: LimitName, req: FastifyRequest): Promise<LimitVerdict> {
    if (!this.limiters) throw new Error('RateLimits.register() has not run: configureApp registers the limits');
    return this.limiters[name](req).then(verdict);
  }

  /** A new account (POST /api/users): its address's hourly limit, then the hourly limit of all addresses; 429 over either. */
  async admitAccount(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.admit('accounts', req, reply);
    await this.admit('accountsTotal', req, reply);
  }

  /**
   * Counts `req` against `name`; over the limit it throws the 429 'Too many requests: slow down'
   * (the global filter answers it) with Retry-After on `reply`.
   */
  async admit(name: LimitName, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const v = await this.hit(name, req);
    if (!v.exceeded) return;
    void reply.header('retry-after', String(v.retryAfterSeconds));
    throw new HttpException(TOO_MANY_REQUESTS, HttpStatus.TOO_MANY_REQUESTS);
  }
}

function verdict(r: Awaited<ReturnType<Limiter>>): LimitVerdict {
  return r.isAllowed
    ? { exceeded: false, retryAfterSeconds: 0 }
    : { exceeded: r.isExceeded, retryAfterSeconds: r.ttlInSeconds };
}
