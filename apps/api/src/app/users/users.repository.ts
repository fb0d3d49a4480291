import { Injectable } from '@nestjs/common';
import { Queryable } from '../database/sql.service';

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
  /** Inserts the user unless the address exists; true when this call created it. */
  async insertIfAbsent(
    db: Queryable,
    walletAddress: string,
    username: string,
    isGuest: boolean,
  ): Promise<{ user: UserRow; created: boolean }> {
    const ins = await db.query<UserRow>(
      `INSERT INTO users (wallet_address, username, is_guest) VALUES ($1, $2, $3)
       ON CONFLICT (wallet_address) DO NOTHING RETURNING *`,
      [walletAddress, username, isGuest],
    );
    if (ins.rows[0]) return { user: ins.rows[0], created: true };
    const found = await this.findByWallet(db, walletAddress);
    if (!found) throw new Error(`user ${walletAddress} vanished`);
    return { user: found, created: false };
  }

  async findByWallet(db: Queryable, walletAddress: string): Promise<UserRow | null> {
    const res = await db.query<UserRow>(`SELECT * FROM users WHERE wallet_address = $1`, [walletAddress]);
    return res.rows[0] ?? null;
  }

  async findById(db: Queryable, id: string): Promise<UserRow | null> {
    const res = await db.query<UserRow>(`SELECT * FROM users WHERE id = $1`, [id]);
    return res.rows[0] ?? null;
  }

  async createBalances(db: Queryable, userId: string): Promise<void> {
    await db.query(`INSERT INTO balances (user_id, currency, amount) VALUES ($1, 'HC', 0), ($1, 'AMINA', 0)`, [userId]);
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
