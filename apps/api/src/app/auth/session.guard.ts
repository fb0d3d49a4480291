import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SessionService, SessionUser } from './session.service';

type SessionRequest = FastifyRequest & { sessionUser?: SessionUser };

const CACHED_SESSION = 'cosmic:cached-session';
/** Marks a route whose database work re-validates the session itself (the one-round-trip bet path). */
export const CachedSession = () => SetMetadata(CACHED_SESSION, true);

/** 401 unless the request carries a live session cookie; puts the session's user on the request. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<SessionRequest>();
    const raw = req.cookies?.[SESSION_COOKIE];
    const unsigned = raw ? req.unsignCookie(raw) : undefined;
    const token = unsigned?.valid ? (unsigned.value ?? undefined) : undefined;
    const cached = this.reflector.get<boolean>(CACHED_SESSION, ctx.getHandler());
    const user = cached ? await this.sessions.resolveCached(token) : await this.sessions.resolve(token);
    if (!user) throw new UnauthorizedException('No session: connect a wallet or play as a guest first (POST /api/users)');
    req.sessionUser = user;
    return true;
  }
}

/** The session's user (only on routes behind SessionGuard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  return ctx.switchToHttp().getRequest<SessionRequest>().sessionUser as SessionUser;
});
