import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { DepositsService } from './deposits.service';
import { ReconciliationService } from './reconciliation.service';
import { WithdrawalsService } from './withdrawals.service';

/** Thin scheduled adapters; each service method takes its own advisory lock, so one instance runs it. */
@Injectable()
export class CashierJobs {
  private readonly logger = new Logger('CashierJobs');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deposits: DepositsService,
    private readonly withdrawals: WithdrawalsService,
    private readonly reconciliation: ReconciliationService,
  ) {}

  @Interval('deposit-watcher', 5_000)
  watchDeposits(): Promise<void> {
    return this.run('deposit watcher', () => this.deposits.scan());
  }

  @Interval('withdrawal-recovery', 10_000)
  recoverWithdrawals(): Promise<void> {
    return this.run('withdrawal recovery', () => this.withdrawals.recover());
  }

  @Interval('reconciliation', 60_000)
  reconcile(): Promise<void> {
    return this.run('reconciliation', () => this.reconciliation.run());
  }

  private async run(name: string, fn: () => Promise<unknown>): Promise<void> {
    if (!this.config.jobsEnabled) return;
    try {
      await fn();
    } catch (e) {
      // a node or database hiccup: the next tick tries again
      this.logger.warn({ msg: `${name} failed`, error: (e as Error).message });
    }
  }
}
