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

  /**
   * Guests older than `days` with no live session who never did anything: no bet, round, claim,
   * limit, poker seat or hand, and no ledger row but the sign-up grant. Their rows go in one
   * statement (NO ACTION foreign keys are checked at its end), so a guest is deleted whole or not at all.
   */
  deleteIdleGuests(days: number, batch: number): Promise<number> {
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
      [days, batch],
    );
  }

  private async count(text: string, values: unknown[]): Promise<number> {
    const res = await this.sql.pool.query(text, values);
    return res.rowCount ?? 0;
  }
}
