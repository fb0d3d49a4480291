import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { PARTITION_WEEKS_AHEAD } from '../database/migrations/1763702100000-partition-bets-ledger';
import { SqlService } from '../database/sql.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';
import { PartitionsRepository, type Week } from './partitions.repository';

/** A week is checkpointed this long after it ended at the earliest (and after every transaction open at its end). */
export const CHECKPOINT_GRACE_SECONDS = 600;
const HOURLY = 3_600_000;
/** SQLSTATE of a lock not granted within lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';
/** Tries of a week whose partitions stay busy, per pass. */
export const CHECKPOINT_TRIES = 5;

export interface PartitionsReport {
  /** Partitions created ahead (bets and ledger count one each). */
  created: number;
  /** Ledger weeks summed into ledger_checkpoints, with their rows. */
  checkpointed: Array<{ week: string; rows: number }>;
  /** Weeks exported under dataDir/archive and detached. */
  archived: Array<{ week: string; bets: number; ledger: number; files: string[] }>;
}

/**
 * Keeps bets and ledger partitioned by week (issue 28): creates the weeks ahead, checkpoints each
 * ended ledger week for the auditor (and closes both of its partitions to writes), and with
 * BET_RETENTION_DAYS exports weeks that ended longer ago than that to JSON lines under
 * dataDir/archive (bets with their seeds, to verify them later; ledger rows) and detaches them.
 * Hourly and once at start, advisory-locked: one instance runs it.
 */
@Injectable()
export class PartitionsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Partitions');
  /** The pause before a busy week is tried again (tests shorten it). */
  retryPauseMs = 2_000;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sql: SqlService,
    private readonly repo: PartitionsRepository,
  ) {}

  onApplicationBootstrap(): void {
    // not awaited: the first checkpoints of a large history take a while and must not hold the start
    if (this.config.jobsEnabled) void this.tick();
  }

  @Interval('partitions', HOURLY)
  async tick(): Promise<void> {
    if (!this.config.jobsEnabled) return;
    try {
      const report = await this.run();
      if (report && (report.created || report.checkpointed.length || report.archived.length))
        this.logger.log({ msg: 'partitions', ...report });
    } catch (e) {
      this.logger.warn({ msg: 'partition job failed; the next run retries', error: (e as Error).message });
    }
  }

  /**
   * Checkpoints one week. Closing its partitions waits for their readers, at most the lock timeout
   * each time: on a large history the auditor's first runs read every week not yet checkpointed
   * for longer than that, so a week whose partitions stay busy is tried again a few times and then
   * left to the next pass (null), while the other weeks go on.
   */
  private async checkpointWeek(w: Week): Promise<number | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.repo.checkpoint(w);
      } catch (e) {
        if ((e as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw e;
        if (attempt === CHECKPOINT_TRIES) {
          this.logger.warn({ msg: 'partitions: a week stayed busy; the next run checkpoints it', week: w.day });
          return null;
        }
        await new Promise((r) => setTimeout(r, this.retryPauseMs));
      }
    }
  }

  /** One pass; undefined when another instance holds the lock. */
  run(): Promise<PartitionsReport | undefined> {
    return withJobLock(this.sql, JOB_LOCKS.partitions, async () => {
      const created = await this.repo.ensure(PARTITION_WEEKS_AHEAD);
      const checkpointed: PartitionsReport['checkpointed'] = [];
      for (const w of await this.repo.closedUncheckpointed(CHECKPOINT_GRACE_SECONDS)) {
        const rows = await this.checkpointWeek(w);
        if (rows !== null) checkpointed.push({ week: w.day, rows });
      }
      const archived: PartitionsReport['archived'] = [];
      if (this.config.betRetentionDays !== null) {
        for (const w of await this.repo.expired(this.config.betRetentionDays)) {
          // the auditor keeps a week's sums, so a week leaves only once they are taken
          if (!(await this.repo.isCheckpointed(w))) break;
          archived.push(await this.archive(w));
        }
      }
      return { created, checkpointed, archived };
    });
  }

  private async archive(w: Week): Promise<PartitionsReport['archived'][number]> {
    const dir = join(this.config.dataDir, 'archive');
    await mkdir(dir, { recursive: true });
    const files: string[] = [];
    const counts = { bets: 0, ledger: 0 };
    for (const table of ['bets', 'ledger'] as const) {
      const file = join(dir, `${table}_w${w.day}.jsonl`);
      const tmp = `${file}.partial`;
      const fh = await open(tmp, 'w');
      try {
        counts[table] = await this.repo.exportWeek(table, w, async (rows) => {
          await fh.write(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
        });
        await fh.sync();
      } finally {
        await fh.close();
      }
      // the file is whole before the rows go
      await rename(tmp, file);
      files.push(file);
    }
    await this.repo.detach(w, files[1]);
    return { week: w.day, ...counts, files };
  }
}
