import { HttpException, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ConflictError, DomainError, InvalidInputError } from './domain-error';
import { GroupWriter } from './group-writer';
import { KeyTakenError, PendingClaim } from './idempotency-claim';
import { IdempotencyRepository, type KeyAnswer } from './idempotency.repository';

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

/** A key released between a request's claim and its read (the first request was refused): run again. */
const MAX_RUNS = 3;

/**
 * `Idempotency-Key` on money-moving POSTs: the first request with a key runs and its answer is
 * stored; a retry with the same key and body gets that answer again and moves no money; the same
 * key with another body is refused. Used by the global interceptor and by the game routes (games.routes.ts),
 * which run outside Nest's pipeline.
 *
 * The key costs no commit of its own: the request's first write claims it (its first transaction,
 * or the instant bet's own statement: common/idempotency-claim.ts), so it is committed with what
 * the request wrote, or rolled back with it; the answer is then stored by a group write (one
 * statement for the answers that arrive together) before it is returned. A game action stores no
 * answer: the statement that claimed its key recorded in the key's row what it wrote (the bet; the
 * round and its state before), or its transaction stored the answer with the key, and a retry is
 * answered from there (PendingClaim.keyRow). A retry while the first request runs, or after a Nest
 * route was interrupted between its commit and its answer (a crash), is refused rather than risk
 * moving money twice.
 */
@Injectable()
export class IdempotencyStore {
  private readonly log = new Logger('Idempotency');
  private readonly answers: GroupWriter<KeyAnswer>;

  constructor(private readonly keys: IdempotencyRepository) {
    this.answers = new GroupWriter((all) => this.keys.answer(all));
  }

  /**
   * Runs `work` once per (user, key): answers `{ replay }` with the stored answer of an earlier
   * identical request, or `{ body }` with the fresh answer (stored before it is returned). `work`
   * gets the key's claim, which its first write takes (it passes it on: common/idempotency-claim.ts).
   * With `answerInTransaction`, `work`'s first transaction returns its answer and stores it with the key.
   */
  async run<T>(
    userId: string,
    key: string,
    hash: string,
    status: () => number,
    work: (claim: PendingClaim) => Promise<T>,
    { answerInTransaction = false } = {},
  ): Promise<{ replay: StoredAnswer } | { body: T }> {
    for (let run = 1; ; run++) {
      const claim = new PendingClaim(userId, key, hash, answerInTransaction);
      let body: T;
      try {
        body = await work(claim);
      } catch (e) {
        claim.close();
        if (!(e instanceof KeyTakenError)) {
          // a refused request moved nothing: free the key (if a write of it took it) for a corrected retry
          if (claim.claimed && isClientError(e)) await this.keys.release(userId, key);
          throw e;
        }
        const stored = await this.stored(userId, key, hash);
        if (stored) return { replay: stored };
        if (run === MAX_RUNS) throw inProgress();
        continue; // released in between: this request may run after all
      }
      claim.close();
      const code = status();
      if (code === 200) {
        // a game's retry, answered from what its key's earlier request recorded
        const row = claim.keyRow;
        if (row.kind === 'replayed') return { replay: { status: code, body } };
        // what answers a retry is in the key's row already: the record the game's statement wrote,
        // or the answer the transaction that claimed the key stored (a game action's answer is its result)
        if (row.kind === 'record' || (row.kind === 'answer' && row.answer === body)) return { body };
      }
      const answer = { userId, key, hash, status: code, response: JSON.stringify(body ?? null) };
      try {
        await this.answers.add(answer);
      } catch (e) {
        // what the request wrote is committed: answer it; a retry meets the key without an answer (a 409)
        this.log.warn({ msg: 'answer not stored under its Idempotency-Key', err: e });
      }
      return { body };
    }
  }

  /** The stored answer of the key's request; null when the key was released; 422/409 when it cannot be replayed. */
  private async stored(userId: string, key: string, hash: string): Promise<StoredAnswer | null> {
    const row = await this.keys.find(userId, key);
    if (!row) return null;
    if (row.request_hash !== hash)
      throw new DomainError(422, 'Idempotency-Key was already used with a different request', 'IDEMPOTENCY_MISMATCH');
    if (row.status_code === 0) throw inProgress();
    return { status: row.status_code, body: row.response };
  }
}

const inProgress = () =>
  new ConflictError(
    'A request with this Idempotency-Key is in progress or was interrupted: check your balance, then retry with a new key',
  );

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
