import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';

/** The live CORS allow-list; an operator's emergency switch can drop an origin at run time. */
@Injectable()
export class CorsPolicy {
  private readonly allowed: Set<string>;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'corsOrigins'>) {
    this.allowed = new Set(config.corsOrigins);
  }

  isAllowed(origin: string): boolean {
    return this.allowed.has(origin);
  }

  remove(origin: string): boolean {
    return this.allowed.delete(origin);
  }

  list(): string[] {
    return [...this.allowed];
  }
}

/** The CORS policy as a global provider (the security module edits it). */
@Global()
@Module({ providers: [CorsPolicy], exports: [CorsPolicy] })
export class CorsModule {}
