import { Module } from '@nestjs/common';
import { LOCKOUT_STORE, MemoryLockoutStore } from './lockout.store';
import { RateLimitRedis } from './rate-limit-redis';
import { RateLimits } from './rate-limits';
import { RedisLockoutStore } from './redis-lockout.store';

/**
 * The rate limits (@fastify/rate-limit) and the login-lockout store, on one Redis connection when
 * REDIS_URL is set: imported by the modules whose routes have a limit of their own.
 */
@Module({
  providers: [
    RateLimitRedis,
    RateLimits,
    // shared by every instance through Redis when REDIS_URL is set, per instance otherwise
    {
      provide: LOCKOUT_STORE,
      inject: [RateLimitRedis],
      useFactory: (r: RateLimitRedis) => (r.client ? new RedisLockoutStore(r.client) : new MemoryLockoutStore()),
    },
  ],
  exports: [RateLimits, LOCKOUT_STORE],
})
export class RateLimitModule {}
