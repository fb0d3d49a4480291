import { Injectable } from '@nestjs/common';
import { SqlService } from '../database/sql.service';

/** A key's row: the request it was first used with, and its answer (status 0 while that request runs). */
export interface IdempotencyRow {
  request_hash: string;
  status_code: number;
  response: unknown;
}

/** The SQL of `idempotency_keys` (no rules here: IdempotencyStore decides what a row means). */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly sql: SqlService) {}

  /** Reserves (user, key) for a request; false when the key is already there. */
  async claim(userId: string, key: string, hash: string): Promise<boolean> {
    const ins = await this.sql.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response) VALUES ($1, $2, $3, 0, 'null')
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, hash],
    );
    return ins.length > 0;
  }

  /** The key's row, or null when there is none (never claimed, or released). */
  async find(userId: string, key: string): Promise<IdempotencyRow | null> {
    const [row] = await this.sql.query<IdempotencyRow>(
      `SELECT request_hash, status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    return row ?? null;
  }

  /** Stores the answer of the key's request (`response` as JSON text). */
  async complete(userId: string, key: string, status: number, response: string): Promise<void> {
    await this.sql.query(
      `UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE user_id = $1 AND key = $2`,
      [userId, key, status, response],
    );
  }

  /** Frees a key whose request has no answer yet. */
  async release(userId: string, key: string): Promise<void> {
    await this.sql.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status_code = 0`, [
      userId,
      key,
    ]);
  }
}
