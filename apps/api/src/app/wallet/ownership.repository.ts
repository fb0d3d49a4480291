import { Injectable } from '@nestjs/common';
import { SqlService, type Queryable } from '../database/sql.service';

/** What a challenge authorises. */
export type ChallengePurpose = 'sign-in' | 'withdraw';

/** A row of `ownership_challenges`. */
export interface ChallengeRow {
  id: string;
  user_id: string;
  session_hash: Buffer;
  purpose: ChallengePurpose;
  message: string | null;
  domain: string | null;
  to_address: string | null;
  amount: string | null;
  expires_at: Date;
  used_at: Date | null;
}

/** A new challenge as OwnershipService issues it. */
export interface NewChallenge {
  id: string;
  userId: string;
  sessionHash: Buffer;
  nonce: string;
  expiresAt: Date;
  purpose: ChallengePurpose;
  message: string;
  domain: string;
  toAddress: string | null;
  amount: string | null;
}

/** The SQL of ownership challenges. */
@Injectable()
export class OwnershipRepository {
  constructor(private readonly sql: SqlService) {}

  async insert(c: NewChallenge): Promise<void> {
    await this.sql.query(
      `INSERT INTO ownership_challenges (id, user_id, session_hash, nonce, expires_at, purpose, message, domain, to_address, amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [c.id, c.userId, c.sessionHash, c.nonce, c.expiresAt, c.purpose, c.message, c.domain, c.toAddress, c.amount],
    );
  }

  /** The challenge, locked for the rest of the caller's transaction. */
  async lock(db: Queryable, id: string): Promise<ChallengeRow | undefined> {
    return (await db.query<ChallengeRow>(`SELECT * FROM ownership_challenges WHERE id = $1 FOR UPDATE`, [id])).rows[0];
  }

  async markUsed(db: Queryable, id: string): Promise<void> {
    await db.query(`UPDATE ownership_challenges SET used_at = now() WHERE id = $1`, [id]);
  }
}
