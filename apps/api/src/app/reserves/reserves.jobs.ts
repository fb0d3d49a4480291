import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ReservesService } from './reserves.service';

/** Thin scheduled adapter: every minute it asks whether a snapshot is due (hourly) and anchors pending ones; the service takes the advisory lock. */
@Injectable()
export class ReservesJobs {
  private readonly logger = new Logger('ReservesJobs');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reserves: ReservesService,
  ) {}

  @Interval('reserves', 60_000)
  async tick(): Promise<void> {
    if (!this.config.jobsEnabled) return;
    try {
      await this.reserves.tick();
    } catch (e) {
      // a node or database hiccup: the next tick tries again
      this.logger.warn({ msg: 'reserves snapshot failed', error: (e as Error).message });
    }
  }
}
