import { Injectable } from '@nestjs/common';
import { SqlService } from '../database/sql.service';

/** The SQL of housekeeping: each method deletes at most `batch` rows of one kind and says how many it deleted. */
@Injectable()
export class HousekeepingRepository {
  constructor(private readonly sql: SqlService) {}

  /** Sessions ended (expired or revoked) more than `days` ago. */
  deleteEndedSessions(days: number, batch: number): Promise<number> {
    return this.count(
      `DELETE FROM sessions WHERE token_hash IN (
           SELECT token_hash FROM sessions
            WHERE (expires_at < now() - make_interval(days => $1)) OR (revoked_at < now() - make_interval(days => $1))
            LIMIT $2)`,
      [days, batch],
    );
  }

  /** Idempotency-Keys older than `hours`. */
  deleteIdempotencyKeys(hours: number, batch: number): Promise<number> {
    return this.count(
      `DELETE FROM idempotency_keys WHERE (user_id, key) IN (
           SELECT user_id, key FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1) LIMIT $2)`,
      [hours, batch],
    );
  }

  /** Ownership and withdrawal challenges expired more than `hours` ago. */
  deleteExpiredChallenges(hours: number, batch: number): Promise<number> {
    return this.count(
      `DELETE FROM ownership_challenges WHERE id IN (
           SELECT id FROM ownership_challenges WHERE expires_at < now() - make_interval(hours => $1) LIMIT $2)`,
      [hours, batch],
    );
  }

  private async count(text: string, values: unknown[]): Promise<number> {
    const res = await this.sql.pool.query(text, values);
    return res.rowCount ?? 0;
  }
}
