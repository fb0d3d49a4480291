import { CanActivate, createParamDecorator, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SessionService, SessionUser } from './session.service';

type SessionRequest = FastifyRequest & { sessionUser?: SessionUser };

/** 401 unless the request carries a live session cookie; puts the session's user on the request. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<SessionRequest>();
    const raw = req.cookies?.[SESSION_COOKIE];
    const unsigned = raw ? req.unsignCookie(raw) : undefined;
    const user = unsigned?.valid ? await this.sessions.resolve(unsigned.value ?? undefined) : null;
    if (!user) throw new UnauthorizedException('No session: connect a wallet or play as a guest first (POST /api/users)');
    req.sessionUser = user;
    return true;
  }
}

/** The session's user (only on routes behind SessionGuard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  return ctx.switchToHttp().getRequest<SessionRequest>().sessionUser as SessionUser;
});
