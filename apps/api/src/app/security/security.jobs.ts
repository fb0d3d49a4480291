import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { EmergencyService } from './emergency/emergency.service';
import { AUDIT_INTERVAL_MS, Auditor } from './personas/auditor';
import { TREASURER_INTERVAL_MS, Treasurer } from './personas/treasurer';
import { DOMAIN_CHECK_INTERVAL_MS, DomainReportService } from './report/domain-report.service';

/** How often every instance re-reads the emergency state (blocked origins, AMINA pause). */
export const EMERGENCY_SYNC_MS = 5_000;
/** The first domain checkup waits until the server is listening. */
const FIRST_CHECKUP_DELAY_MS = 1_500;

/**
 * Thin scheduled adapters. The auditor (advisory lock inside) and the treasurer run where
 * scheduled jobs are enabled; the domain checkup and the emergency sync run on every instance,
 * because each instance must apply a blocked origin and report its own configuration.
 */
@Injectable()
export class SecurityJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SecurityJobs');
  private firstCheckup?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auditor: Auditor,
    private readonly treasurer: Treasurer,
    private readonly domainReport: DomainReportService,
    private readonly emergency: EmergencyService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.run('emergency sync', () => this.emergency.sync());
    this.firstCheckup = setTimeout(() => {
      void this.checkDomain();
      if (this.config.jobsEnabled) {
        void this.audit();
        void this.countTreasury();
      }
    }, FIRST_CHECKUP_DELAY_MS);
    this.firstCheckup.unref();
  }

  onModuleDestroy(): void {
    clearTimeout(this.firstCheckup);
  }

  @Interval('security-auditor', AUDIT_INTERVAL_MS)
  audit(): Promise<void> {
    return this.config.jobsEnabled ? this.run('auditor', () => this.auditor.run()) : Promise.resolve();
  }

  @Interval('security-treasurer', TREASURER_INTERVAL_MS)
  countTreasury(): Promise<void> {
    return this.config.jobsEnabled ? this.run('treasurer', () => this.treasurer.refresh()) : Promise.resolve();
  }

  @Interval('security-domain-checkup', DOMAIN_CHECK_INTERVAL_MS)
  checkDomain(): Promise<void> {
    return this.run('domain checkup', () => this.domainReport.checkup());
  }

  @Interval('security-emergency-sync', EMERGENCY_SYNC_MS)
  syncEmergency(): Promise<void> {
    return this.run('emergency sync', () => this.emergency.sync());
  }

  private async run(name: string, fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (e) {
      // a database hiccup: the next tick tries again
      this.logger.warn({ msg: `${name} failed`, error: (e as Error).message });
    }
  }
}
