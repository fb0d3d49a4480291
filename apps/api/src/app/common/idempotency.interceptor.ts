import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { from, Observable, of, switchMap, catchError, throwError } from 'rxjs';
import { SqlService } from '../database/sql.service';
import type { SessionUser } from '../auth/session.service';
import { ConflictError, DomainError, InvalidInputError } from './domain-error';

/** The optional header that makes a money-moving POST safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_\-:.]{1,128}$/;

type Req = FastifyRequest & { sessionUser?: SessionUser };

/**
 * `Idempotency-Key` on money-moving POSTs: the first request with a key runs and its answer is
 * stored; a retry with the same key and body gets that answer again and moves no money; the same
 * key with another body is refused. A key whose first request never finished (a crash between
 * commit and answer) stays refused rather than risk moving money twice.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly sql: SqlService) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<Req>();
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (req.method !== 'POST' || raw === undefined || !req.sessionUser) return next.handle();
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!KEY.test(key)) throw new InvalidInputError('Idempotency-Key must be 1–128 letters, digits or - _ : .');
    const userId = req.sessionUser.userId;
    const requestHash = createHash('sha256').update(`${req.method} ${req.routeOptions?.url ?? req.url}\n${JSON.stringify(req.body ?? null)}`).digest('hex');
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();

    return from(this.claim(userId, key, requestHash)).pipe(
      switchMap((stored) => {
        if (stored) {
          void reply.status(stored.status).header('Idempotent-Replay', 'true');
          return of(stored.body);
        }
        return next.handle().pipe(
          switchMap((body) => from(this.complete(userId, key, reply.statusCode || 200, body)).pipe(switchMap(() => of(body)))),
          catchError((e: unknown) => {
            // a refused request moved nothing: free the key so a corrected retry can run
            const clientError = (e instanceof DomainError && e.status < 500) || (e instanceof HttpException && e.getStatus() < 500);
            const release = clientError ? this.release(userId, key) : Promise.resolve();
            return from(release).pipe(switchMap(() => throwError(() => e)));
          }),
        );
      }),
    );
  }

  /** Reserves the key; returns the stored answer of an earlier identical request, if any. */
  private async claim(userId: string, key: string, requestHash: string): Promise<{ status: number; body: unknown } | null> {
    const ins = await this.sql.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response) VALUES ($1, $2, $3, 0, 'null')
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, requestHash],
    );
    if (ins.length) return null;
    const [row] = await this.sql.query<{ request_hash: string; status_code: number; response: unknown }>(
      `SELECT request_hash, status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    if (!row) return this.claim(userId, key, requestHash); // released in between: try again
    if (row.request_hash !== requestHash) throw new DomainError(422, 'Idempotency-Key was already used with a different request', 'IDEMPOTENCY_MISMATCH');
    if (row.status_code === 0) throw new ConflictError('A request with this Idempotency-Key is in progress or was interrupted: check your balance, then retry with a new key');
    return { status: row.status_code, body: row.response };
  }

  private async complete(userId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.sql.query(`UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE user_id = $1 AND key = $2`, [userId, key, status, JSON.stringify(body ?? null)]);
  }

  private async release(userId: string, key: string): Promise<void> {
    await this.sql.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status_code = 0`, [userId, key]);
  }
}
