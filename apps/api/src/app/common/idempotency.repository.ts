import { Injectable } from '@nestjs/common';
import { SqlService } from '../database/sql.service';

/** A key's row: the request it was first used with, and its answer (status 0 while that request runs). */
export interface IdempotencyRow {
  request_hash: string;
  status_code: number;
  response: unknown;
}

/** A request's answer, to store under its key. */
export interface KeyAnswer {
  userId: string;
  key: string;
  hash: string;
  status: number;
  /** The answer's body as JSON text. */
  response: string;
}

/**
 * The SQL of `idempotency_keys` (no rules here: IdempotencyStore decides what a row means). A key
 * is claimed inside the request's own write (common/idempotency-claim.ts, place_bet()).
 */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly sql: SqlService) {}

  /** The key's row, or null when there is none (never claimed, or released). */
  async find(userId: string, key: string): Promise<IdempotencyRow | null> {
    const [row] = await this.sql.query<IdempotencyRow>(
      `SELECT request_hash, status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    return row ?? null;
  }

  /**
   * Stores the answers of several requests in one statement: a claimed key (status 0, same request)
   * gets its answer; a key its request never claimed (it wrote nothing in a transaction) is
   * recorded with its answer. A key that already has an answer, or another request, keeps it.
   */
  async answer(all: KeyAnswer[]): Promise<void> {
    // one row per key: a statement may not update a row twice (two requests that never claimed it)
    const seen = new Set<string>();
    const answers = all.filter((a) => {
      const id = `${a.userId} ${a.key}`;
      return !seen.has(id) && seen.add(id) !== undefined;
    });
    await this.sql.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::jsonb[])
       ON CONFLICT (user_id, key) DO UPDATE SET status_code = EXCLUDED.status_code, response = EXCLUDED.response
         WHERE idempotency_keys.status_code = 0 AND idempotency_keys.request_hash = EXCLUDED.request_hash`,
      [
        answers.map((a) => a.userId),
        answers.map((a) => a.key),
        answers.map((a) => a.hash),
        answers.map((a) => a.status),
        answers.map((a) => a.response),
      ],
      'idempotency_answer',
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
