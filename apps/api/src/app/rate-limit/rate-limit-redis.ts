import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';

/**
 * The ioredis connection behind the shared rate limits and lockouts (REDIS_URL), or none (limits
 * then live in each instance's memory). Commands never queue while Redis is away: they fail at
 * once and the limits fail open, so an outage of the cache never holds a request.
 */
@Injectable()
export class RateLimitRedis implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimitRedis');
  readonly client: Redis | null;
  private warned = 0;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'redisUrl'>) {
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectTimeout: 2_000,
          retryStrategy: (n) => Math.min(n * 200, 5_000),
        })
      : null;
    this.client?.on('error', (e: Error) => {
      if (Date.now() - this.warned < 60_000) return;
      this.warned = Date.now();
      this.logger.warn({
        msg: 'Redis unreachable: rate limits and lockouts fail open until it is back',
        error: e.message,
      });
    });
  }

  /** Connects before the first request, so two instances share their counts from the start. */
  async onModuleInit(): Promise<void> {
    // a failed first connection is logged by the error listener and retried by ioredis
    await this.client?.connect().catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.client && this.client.status !== 'end') await this.client.quit().catch(() => this.client?.disconnect());
  }
}
