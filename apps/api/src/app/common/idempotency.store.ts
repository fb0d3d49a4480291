import { HttpException, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ConflictError, DomainError, InvalidInputError } from './domain-error';
import { IdempotencyRepository } from './idempotency.repository';

/** The optional header that makes a money-moving POST safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_\-:.]{1,128}$/;

/** An answer stored for a key: replayed as is to a retry. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** The request's Idempotency-Key, or undefined without one; a malformed key is refused. */
export function idempotencyKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY.test(key)) throw new InvalidInputError('Idempotency-Key must be 1–128 letters, digits or - _ : .');
  return key;
}

/** What identifies "the same request": method, route and body. */
export function requestHash(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * `Idempotency-Key` on money-moving POSTs: the first request with a key runs and its answer is
 * stored; a retry with the same key and body gets that answer again and moves no money; the same
 * key with another body is refused. A key whose first request never finished (a crash between
 * commit and answer) stays refused rather than risk moving money twice. Used by the global
 * interceptor and by the instant-bet routes, which run outside Nest's pipeline.
 */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly keys: IdempotencyRepository) {}

  /**
   * Runs `work` once per (user, key): answers `{ replay }` with the stored answer of an earlier
   * identical request, or `{ body }` with the fresh answer (stored before it is returned).
   */
  async run<T>(
    userId: string,
    key: string,
    hash: string,
    status: () => number,
    work: () => Promise<T>,
  ): Promise<{ replay: StoredAnswer } | { body: T }> {
    const stored = await this.claim(userId, key, hash);
    if (stored) return { replay: stored };
    let body: T;
    try {
      body = await work();
    } catch (e) {
      // a refused request moved nothing: free the key so a corrected retry can run
      if (isClientError(e)) await this.release(userId, key);
      throw e;
    }
    await this.complete(userId, key, status(), body);
    return { body };
  }

  /** Reserves the key; returns the stored answer of an earlier identical request, if any. */
  async claim(userId: string, key: string, hash: string): Promise<StoredAnswer | null> {
    if (await this.keys.claim(userId, key, hash)) return null;
    const row = await this.keys.find(userId, key);
    if (!row) return this.claim(userId, key, hash); // released in between: try again
    if (row.request_hash !== hash)
      throw new DomainError(422, 'Idempotency-Key was already used with a different request', 'IDEMPOTENCY_MISMATCH');
    if (row.status_code === 0)
      throw new ConflictError(
        'A request with this Idempotency-Key is in progress or was interrupted: check your balance, then retry with a new key',
      );
    return { status: row.status_code, body: row.response };
  }

  async complete(userId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.keys.complete(userId, key, status, JSON.stringify(body ?? null));
  }

  async release(userId: string, key: string): Promise<void> {
    await this.keys.release(userId, key);
  }
}

/**
 * A 4xx: the request was refused before anything moved — including a play guard's refusal raised
 * inside SQL (self-exclusion, loss limit, pause: the data layer made it a domain error), whose
 * transaction rolled back.
 */
export function isClientError(e: unknown): boolean {
  if (e instanceof DomainError) return e.status < 500;
  if (e instanceof HttpException) return e.getStatus() < 500;
  return false;
}
