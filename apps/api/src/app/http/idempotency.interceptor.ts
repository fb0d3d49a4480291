import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { defer, lastValueFrom, Observable } from 'rxjs';
import { answerOnce, onceKey, type PlayerRequest } from './request-rules';
import { IdempotencyStore } from '../common/idempotency.store';

/** Applies rule 3 of http/request-rules.ts (the Idempotency-Key) to every Nest route. */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyStore) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = ctx.switchToHttp();
    const req = http.getRequest<PlayerRequest>();
    if (onceKey(req) === undefined) return next.handle();
    // the handler runs inside the store's run with the key's claim on its request: CurrentUser gives
    // it to the handler on the acting player, whose first write takes it
    return defer(() =>
      answerOnce(this.store, req, http.getResponse<FastifyReply>(), (claim) => {
        req.claim = claim;
        return lastValueFrom(next.handle());
      }),
    );
  }
}
