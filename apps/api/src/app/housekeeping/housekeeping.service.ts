import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { SqlService } from '../database/sql.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';

/** How long each kind of short-lived row is kept once it can no longer be used. */
export const RETENTION = {
  /** Sessions past their end or revoked: kept a week for the security personas, then deleted. */
  endedSessionsDays: 7,
  /** An Idempotency-Key answers retries for a day; a retry after that is a new request. */
  idempotencyKeyHours: 24,
  /** Ownership and withdrawal challenges live 5 minutes; expired ones are kept a day. */
  expiredChallengesHours: 24,
  /** A guest who never played (only the sign-up grant, no session left) is deleted after a week. */
  idleGuestDays: 7,
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
      sessions: await this.count(
        `DELETE FROM sessions WHERE token_hash IN (
           SELECT token_hash FROM sessions
            WHERE (expires_at < now() - make_interval(days => $1)) OR (revoked_at < now() - make_interval(days => $1))
            LIMIT $2)`,
        [RETENTION.endedSessionsDays, HOUSEKEEPING_BATCH],
      ),
      idempotencyKeys: await this.count(
        `DELETE FROM idempotency_keys WHERE (user_id, key) IN (
           SELECT user_id, key FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1) LIMIT $2)`,
        [RETENTION.idempotencyKeyHours, HOUSEKEEPING_BATCH],
      ),
      challenges: await this.count(
        `DELETE FROM ownership_challenges WHERE id IN (
           SELECT id FROM ownership_challenges WHERE expires_at < now() - make_interval(hours => $1) LIMIT $2)`,
        [RETENTION.expiredChallengesHours, HOUSEKEEPING_BATCH],
      ),
      guests: await this.deleteIdleGuests(),
    }));
  }

  /**
   * Guests older than a week with no live session who never did anything: no bet, round, claim,
   * limit, poker seat or hand, and no ledger row but the sign-up grant. Their rows go in one
   * statement (NO ACTION foreign keys are checked at its end), so a guest is deleted whole or not at all.
   */
  private async deleteIdleGuests(): Promise<number> {
    return this.count(
      `WITH doomed AS (
         SELECT u.id FROM users u
          WHERE u.is_guest AND u.created_at < now() - make_interval(days => $1)
            AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now())
            AND NOT EXISTS (SELECT 1 FROM ledger l WHERE l.user_id = u.id AND l.kind <> 'signup')
            AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.user_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM game_rounds r WHERE r.user_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM seed_pairs p WHERE p.user_id = u.id AND (p.nonce > 0 OR NOT p.active))
            AND NOT EXISTS (SELECT 1 FROM player_limits pl WHERE pl.user_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM poker_seats ps WHERE ps.user_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM poker_wallets pw WHERE pw.user_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM poker_hand_players ph WHERE ph.user_id = u.id)
          ORDER BY u.id LIMIT $2
          FOR UPDATE SKIP LOCKED),
       s AS (DELETE FROM sessions WHERE user_id IN (SELECT id FROM doomed)),
       k AS (DELETE FROM idempotency_keys WHERE user_id IN (SELECT id FROM doomed)),
       l AS (DELETE FROM ledger WHERE user_id IN (SELECT id FROM doomed)),
       -- and their share of the auditor's sums of ended weeks, which must keep matching the rows
       c AS (DELETE FROM ledger_checkpoints WHERE user_id IN (SELECT id FROM doomed)),
       b AS (DELETE FROM balances WHERE user_id IN (SELECT id FROM doomed)),
       p AS (DELETE FROM seed_pairs WHERE user_id IN (SELECT id FROM doomed))
       DELETE FROM users WHERE id IN (SELECT id FROM doomed)`,
      [RETENTION.idleGuestDays, HOUSEKEEPING_BATCH],
    );
  }

  private async count(text: string, values: unknown[]): Promise<number> {
    const res = await this.sql.pool.query(text, values);
    return res.rowCount ?? 0;
  }
}
