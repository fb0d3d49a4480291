import { Injectable } from '@nestjs/common';
import { Queryable } from '../database/sql.service';
import { USERNAME_INDEX } from '../database/migrations/1763702900000-bounded-sessions-unique-usernames';

/** A user row. */
export interface UserRow {
  id: string;
  wallet_address: string;
  username: string;
  is_guest: boolean;
  last_allowance_at: Date | null;
  created_at: Date;
}

/** SQL for users. */
@Injectable()
export class UsersRepository {
  /**
   * Inserts the user unless the address exists; true when this call created it. 'username taken'
   * when another account's username folds like `username` (the unique index of migration
   * 1763702900000); the address's own existing account is fetched whatever `username` says.
   */
  async insertIfAbsent(
    db: Queryable,
    walletAddress: string,
    username: string,
    isGuest: boolean,
  ): Promise<{ user: UserRow; created: boolean } | 'username taken'> {
    const found = await this.findByWallet(db, walletAddress);
    if (found) return { user: found, created: false };
    let ins;
    try {
      ins = await db.query<UserRow>(
        `INSERT INTO users (wallet_address, username, is_guest) VALUES ($1, $2, $3)
         ON CONFLICT (wallet_address) DO NOTHING RETURNING *`,
        [walletAddress, username, isGuest],
      );
    } catch (e) {
      const err = e as { code?: string; constraint?: string };
      if (err.code === '23505' && err.constraint === USERNAME_INDEX) return 'username taken';
      throw e;
    }
    if (ins.rows[0]) return { user: ins.rows[0], created: true };
    // created meanwhile by a concurrent first sign-in
    const raced = await this.findByWallet(db, walletAddress);
    if (!raced) throw new Error(`user ${walletAddress} vanished`);
    return { user: raced, created: false };
  }

  async findByWallet(db: Queryable, walletAddress: string): Promise<UserRow | null> {
    const res = await db.query<UserRow>(`SELECT * FROM users WHERE wallet_address = $1`, [walletAddress]);
    return res.rows[0] ?? null;
  }

  async findById(db: Queryable, id: string): Promise<UserRow | null> {
    const res = await db.query<UserRow>(`SELECT * FROM users WHERE id = $1`, [id]);
    return res.rows[0] ?? null;
  }

  /** Stamps the allowance claim if the last one is ≥ 24 h old; null when it is too early. */
  async stampAllowance(db: Queryable, userId: string): Promise<Date | null> {
    const res = await db.query<{ last_allowance_at: Date }>(
      `UPDATE users SET last_allowance_at = now()
        WHERE id = $1 AND (last_allowance_at IS NULL OR last_allowance_at <= now() - interval '24 hours')
        RETURNING last_allowance_at`,
      [userId],
    );
    return res.rows[0]?.last_allowance_at ?? null;
  }
}
