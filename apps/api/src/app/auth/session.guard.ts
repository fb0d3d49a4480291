import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ApiCookieAuth } from '@nestjs/swagger';
import { Reflector } from '@nestjs/core';
import {
  actingPlayer,
  applySessionRules,
  DEFAULT_WRITE_ACCESS,
  requireSession,
  type PlayerRequest,
} from '../http/request-rules';
import { PROVEN_OWNER, READ_ACCESS, WRITE_ACCESS, type OwnerRef, type WriteAccess } from './ownership';
import { SESSION_COOKIE, SessionService, SessionUser } from './session.service';

/** 401 unless the request carries a live session cookie; puts the session's user on the request. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    await requireSession(this.sessions, ctx.switchToHttp().getRequest<PlayerRequest>());
    return true;
  }
}

/**
 * Applied to every route (APP_GUARD): a request that changes state needs a session that may
 * change its account — a guest, or a wallet that proved its key — unless the route is marked
 * `@WatchOnlyAllowed()` or `@NoPlayerSession()`. A new route is protected without anyone
 * remembering to protect it. Reads pass through to the route's own SessionGuard, except those
 * marked `@OwnerOnlyRead()`, which need the same session a write does. A route marked
 * `@ProvenOwner()` also has the wallet its request names checked against the session here.
 */
@Injectable()
export class AccountWriteGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    const declared = <T>(key: string) => this.reflector.getAllAndOverride<T | undefined>(key, targets);
    await applySessionRules(this.sessions, ctx.switchToHttp().getRequest<PlayerRequest>(), {
      write: declared<WriteAccess>(WRITE_ACCESS) ?? DEFAULT_WRITE_ACCESS,
      ownerRead: declared<'proven'>(READ_ACCESS) === 'proven',
      owner: declared<OwnerRef>(PROVEN_OWNER),
    });
    return true;
  }
}

/** A route (or every route of a controller) that needs a live session: SessionGuard, documented as cookie auth. */
export const Authenticated = () => applyDecorators(UseGuards(SessionGuard), ApiCookieAuth(SESSION_COOKIE));

/** The session's user, with the request's Idempotency-Key claim when it sent one (only on routes behind SessionGuard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  const req = ctx.switchToHttp().getRequest<PlayerRequest>();
  return actingPlayer(req.sessionUser as SessionUser, req.claim);
});
