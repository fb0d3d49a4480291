import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { SqlService } from '../database/sql.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';
import { HousekeepingRepository } from './housekeeping.repository';
import { SettlementService } from '../settlement/settlement.service';

/** How long each kind of short-lived row is kept once it can no longer be used. */
export const RETENTION = {
  /** Sessions past their end or revoked: kept a week for the security personas, then deleted. */
  endedSessionsDays: 7,
  /** An Idempotency-Key answers retries for a day; a retry after that is a new request. */
  idempotencyKeyHours: 24,
  /** Ownership and withdrawal challenges live 5 minutes; expired ones are kept a day. */
  expiredChallengesHours: 24,
  /**
   * A guest who never played (still only the sign-up grant) is deleted after a day, live session
   * or not: a flood of new guests from one address costs at most a day of their rows.
   */
  idleGuestDays: 1,
} as const;
/** Most rows of one kind deleted per run (the next run continues), so a run never holds locks for long. */
export const HOUSEKEEPING_BATCH = 5_000;
const HOURLY = 3_600_000;

export interface HousekeepingReport {
  sessions: number;
  idempotencyKeys: number;
  challenges: number;
  guests: number;
}

/**
 * Keeps the database bounded: sessions, Idempotency-Keys and challenges expire and are deleted,
 * and guests who never played are removed with their untouched sign-up rows (a loop on
 * POST /api/users must not grow the database for ever). Hourly, advisory-locked: one instance runs it.
 */
@Injectable()
export class HousekeepingService {
  private readonly logger = new Logger('Housekeeping');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sql: SqlService,
    private readonly repo: HousekeepingRepository,
    private readonly settlement: SettlementService,
  ) {}

  @Interval('housekeeping', HOURLY)
  async tick(): Promise<void> {
    if (!this.config.jobsEnabled) return;
    try {
      const report = await this.run();
      if (report && Object.values(report).some((n) => n > 0)) this.logger.log({ msg: 'housekeeping', ...report });
    } catch (e) {
      this.logger.warn({ msg: 'housekeeping failed; the next run retries', error: (e as Error).message });
    }
  }

  /** One pass; undefined when another instance holds the lock. */
  run(): Promise<HousekeepingReport | undefined> {
    return withJobLock(this.sql, JOB_LOCKS.housekeeping, async () => ({
      sessions: await this.repo.deleteEndedSessions(RETENTION.endedSessionsDays, HOUSEKEEPING_BATCH),
      idempotencyKeys: await this.repo.deleteIdempotencyKeys(RETENTION.idempotencyKeyHours, HOUSEKEEPING_BATCH),
      challenges: await this.repo.deleteExpiredChallenges(RETENTION.expiredChallengesHours, HOUSEKEEPING_BATCH),
      guests: await this.settlement.closeIdleGuests(RETENTION.idleGuestDays, HOUSEKEEPING_BATCH),
    }));
  }
}
