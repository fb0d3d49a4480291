import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { ApiCookieAuth } from '@nestjs/swagger';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import {
  assertCanWrite,
  assertOwnWallet,
  namedWallet,
  PROVEN_OWNER,
  WRITE_ACCESS,
  type OwnerRef,
  type WriteAccess,
} from './ownership';
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

async function requireSession(sessions: SessionService, req: SessionRequest): Promise<SessionUser> {
  if (req.sessionUser) return req.sessionUser;
  const user = await sessions.resolve(sessionToken(req));
  if (!user) throw new UnauthorizedException(NO_SESSION);
  req.sessionUser = user;
  return user;
}

/** 401 unless the request carries a live session cookie; puts the session's user on the request. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    await requireSession(this.sessions, ctx.switchToHttp().getRequest<SessionRequest>());
    return true;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Applied to every route (APP_GUARD): a request that changes state needs a session that may
 * change its account — a guest, or a wallet that proved its key — unless the route is marked
 * `@WatchOnlyAllowed()` or `@NoPlayerSession()`. A new route is protected without anyone
 * remembering to protect it. Reads pass through to the route's own SessionGuard. A route marked
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
    const req = ctx.switchToHttp().getRequest<SessionRequest>();
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (MUTATING.has(req.method)) {
      const access = this.reflector.getAllAndOverride<WriteAccess | undefined>(WRITE_ACCESS, targets) ?? 'proven';
      if (access === 'no-session') return true;
      const user = await requireSession(this.sessions, req);
      if (access === 'proven') assertCanWrite(user);
    }
    // @ProvenOwner(): the wallet the request names must be the session's own
    const owner = this.reflector.getAllAndOverride<OwnerRef | undefined>(PROVEN_OWNER, targets);
    if (owner) {
      const named = namedWallet(req as { body?: unknown; query?: unknown; params?: unknown }, owner);
      if (named) assertOwnWallet(await requireSession(this.sessions, req), named.value);
    }
    return true;
  }
}

/** A route (or every route of a controller) that needs a live session: SessionGuard, documented as cookie auth. */
export const Authenticated = () => applyDecorators(UseGuards(SessionGuard), ApiCookieAuth(SESSION_COOKIE));

/** The session's user (only on routes behind SessionGuard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  return ctx.switchToHttp().getRequest<SessionRequest>().sessionUser as SessionUser;
});
