import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { AnchorsService } from './anchors.service';

const JOB = 'bet-anchors';

/**
 * Thin scheduled adapter: every pollMs() (a fifth of BET_ANCHOR_SECONDS, 1 to 30 s) it asks the
 * service for a pass; the service takes the advisory lock and decides whether an anchor is due.
 */
@Injectable()
export class AnchorsJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AnchorsJobs');
  private running = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly anchors: AnchorsService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.jobsEnabled) return;
    const timer = setInterval(() => void this.tick(), this.anchors.pollMs());
    timer.unref();
    this.scheduler.addInterval(JOB, timer);
  }

  onModuleDestroy(): void {
    if (this.scheduler.doesExist('interval', JOB)) this.scheduler.deleteInterval(JOB);
  }

  async tick(): Promise<void> {
    // a slow node must not stack passes up
    if (this.running) return;
    this.running = true;
    try {
      await this.anchors.tick();
    } catch (e) {
      // a node or database hiccup: the next pass tries again
      this.logger.warn({ msg: 'bet anchor pass failed', error: (e as Error).message });
    } finally {
      this.running = false;
    }
  }
}
