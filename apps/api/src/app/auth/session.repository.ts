import { Injectable } from '@nestjs/common';
import { SqlService, type Queryable } from '../database/sql.service';
import type { TransactionClaim } from '../database/transaction-claim';

/** A live session joined with its player, as resolve() reads it. */
export interface SessionRow {
  user_id: string;
  wallet_address: string;
  username: string;
  is_guest: boolean;
  verified: boolean;
}

/** The SQL of sessions (only token hashes are stored). */
@Injectable()
export class SessionRepository {
  constructor(private readonly sql: SqlService) {}

  /**
   * Inserts a session and revokes the account's oldest live ones beyond the newest `cap - 1`, in one
   * transaction that first locks the account's row, so concurrent sign-ins cannot both keep
   * `cap - 1` others and leave more than `cap` live. (FOR NO KEY UPDATE: the sessions' foreign key
   * only takes KEY SHARE, so bets and other readers of the row never wait on it.)
   */
  async insertCapped(
    tokenHash: Buffer,
    userId: string,
    origin: string | null,
    ip: string | null,
    expiresAt: Date,
    cap: number,
    claim?: TransactionClaim,
  ): Promise<void> {
    await this.sql.tx(async (db) => {
      await db.query(`SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
      await db.query(
        `UPDATE sessions SET revoked_at = now()
          WHERE token_hash IN (
            SELECT token_hash FROM sessions
             WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
             ORDER BY created_at DESC, token_hash
             OFFSET $2)`,
        [userId, cap - 1],
      );
      await db.query(`INSERT INTO sessions (token_hash, user_id, origin, ip, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
        tokenHash,
        userId,
        origin,
        ip,
        expiresAt,
      ]);
    }, claim);
  }

  /** The live (not revoked, not expired) session with this token hash and its player. */
  async live(tokenHash: Buffer): Promise<SessionRow | undefined> {
    const rows = await this.sql.query<SessionRow>(
      `SELECT u.id AS user_id, u.wallet_address, u.username, u.is_guest, s.ownership_verified_at IS NOT NULL AS verified
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [tokenHash],
      'session_resolve',
    );
    return rows[0];
  }

  /** Marks the session proven now and ends it `ttlHours` after this proof; its new end. */
  async markVerified(db: Queryable, tokenHash: Buffer, ttlHours: number): Promise<Date> {
    const res = await db.query<{ expires_at: Date }>(
      `UPDATE sessions SET ownership_verified_at = now(), expires_at = now() + make_interval(hours => $2)
        WHERE token_hash = $1 RETURNING expires_at`,
      [tokenHash, ttlHours],
    );
    return res.rows[0].expires_at;
  }

  async revoke(tokenHash: Buffer): Promise<void> {
    await this.sql.query(`UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [
      tokenHash,
    ]);
  }

  /** Revokes every live session created from `origin`; how many. */
  async revokeByOrigin(origin: string): Promise<number> {
    return (
      await this.sql.query(
        `UPDATE sessions SET revoked_at = now() WHERE origin = $1 AND revoked_at IS NULL RETURNING 1`,
        [origin],
      )
    ).length;
  }
}
