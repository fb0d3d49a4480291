import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, map, Observable } from 'rxjs';
import { idempotencyKey, IdempotencyStore, requestHash } from './idempotency.store';

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
    const hash = requestHash(req.method, req.routeOptions?.url ?? req.url, req.body);
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    // the handler runs inside the store's run, so its first transaction claims the key
    const handled = this.store.run(
      req.sessionUser.userId,
      key,
      hash,
      () => reply.statusCode || 200,
      () => lastValueFrom(next.handle()),
    );
    return from(handled).pipe(
      map((out) => {
        if ('body' in out) return out.body;
        void reply.status(out.replay.status).header('Idempotent-Replay', 'true');
        return out.replay.body;
      }),
    );
  }
}
