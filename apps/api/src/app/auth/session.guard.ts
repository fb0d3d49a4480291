import { CanActivate, createParamDecorator, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SessionService, SessionUser } from './session.service';

type SessionRequest = FastifyRequest & { sessionUser?: SessionUser };

/** The 401 for a request without a live session. */
export const NO_SESSION = 'No session: connect a wallet or play as a guest first (POST /api/users)';

/** Checked cookie values per server (its secret): a player's every bet sends the same cookie. */
const checked = new WeakMap<object, Map<string, string | undefined>>();
const CHECKED_MAX = 50_000;

/** The session token from the request's signed cookie, if the signature holds. */
export function sessionToken(req: FastifyRequest): string | undefined {
  const raw = req.cookies?.[SESSION_COOKIE];
  if (!raw) return undefined;
  let known = checked.get(req.server);
  if (!known) checked.set(req.server, (known = new Map()));
  if (known.has(raw)) return known.get(raw);
  const unsigned = req.unsignCookie(raw);
  const token = unsigned.valid ? (unsigned.value ?? undefined) : undefined;
  if (known.size >= CHECKED_MAX) known.clear(); // bounded; re-checking is only an HMAC
  known.set(raw, token);
  return token;
}

/** 401 unless the request carries a live session cookie; puts the session's user on the request. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<SessionRequest>();
    const token = sessionToken(req);
    const user = await this.sessions.resolve(token);
    if (!user) throw new UnauthorizedException(NO_SESSION);
    req.sessionUser = user;
    return true;
  }
}

/** The session's user (only on routes behind SessionGuard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  return ctx.switchToHttp().getRequest<SessionRequest>().sessionUser as SessionUser;
});
