import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ResponsibleGamingService } from './responsible-gaming.service';

/** How often due limit raises and removals are promoted: a raise applies at most this long after its cool-off ends. */
export const LIMIT_PROMOTION_INTERVAL_MS = 60_000;

/** Thin scheduled adapter; the service method takes its own advisory lock, so one instance runs it. */
@Injectable()
export class ResponsibleGamingJobs {
  private readonly logger = new Logger('ResponsibleGamingJobs');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rg: ResponsibleGamingService,
  ) {}

  @Interval('limit-cool-off', LIMIT_PROMOTION_INTERVAL_MS)
  async promoteDueLimits(): Promise<void> {
    if (!this.config.jobsEnabled) return;
    try {
      await this.rg.promoteDueChanges();
    } catch (e) {
      // a database hiccup: the next tick tries again, and reads and writes of limits promote too
      this.logger.warn({ msg: 'limit cool-off promotion failed', error: (e as Error).message });
    }
  }
}
