import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, Observable, of, switchMap, catchError, throwError } from 'rxjs';
import { idempotencyKey, IdempotencyStore, isClientError, requestHash } from './idempotency.store';

// the session guard's user (auth/session.service.ts), of which only the id keys a stored reply
type Req = FastifyRequest & { sessionUser?: { userId: string } };

/** Applies the IdempotencyStore to every POST behind the session guard that sends the header. */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyStore) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<Req>();
    if (req.method !== 'POST' || !req.sessionUser) return next.handle();
    const key = idempotencyKey(req.headers);
    if (key === undefined) return next.handle();
    const userId = req.sessionUser.userId;
    const hash = requestHash(req.method, req.routeOptions?.url ?? req.url, req.body);
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();

    return from(this.store.claim(userId, key, hash)).pipe(
      switchMap((stored) => {
        if (stored) {
          void reply.status(stored.status).header('Idempotent-Replay', 'true');
          return of(stored.body);
        }
        return next.handle().pipe(
          switchMap((body) =>
            from(this.store.complete(userId, key, reply.statusCode || 200, body)).pipe(switchMap(() => of(body))),
          ),
          catchError((e: unknown) =>
            from(isClientError(e) ? this.store.release(userId, key) : Promise.resolve()).pipe(
              switchMap(() => throwError(() => e)),
            ),
          ),
        );
      }),
    );
  }
}
