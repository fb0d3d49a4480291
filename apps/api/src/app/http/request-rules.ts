import { UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  assertCanWrite,
  assertOwnerRead,
  assertOwnWallet,
  canWrite,
  namedWallet,
  type OwnerRef,
  type WriteAccess,
} from '../auth/ownership';
import { NO_SESSION, sessionToken } from '../auth/session-token';
import type { SessionService, SessionUser } from '../auth/session.service';
import type { PendingClaim } from '../common/idempotency-claim';
import { idempotencyKey, type IdempotencyStore, requestHash } from '../common/idempotency.store';

/**
 * The rules a player's request passes, declared once and applied in one order by both ways a
 * route is served: Nest's global guard and interceptor (auth/session.guard.ts,
 * http/idempotency.interceptor.ts) read them from a route's decorators, and the games' plain
 * Fastify routes (games/games.routes.ts) declare them beside each route. The rate limit, CORS and
 * security headers are Fastify hooks that run for every route alike; the body's schema is
 * `parseBody` (common/schema-body.ts) on both.
 *
 * 1. the session (401 without one): {@link requireSession}
 * 2. what the session may do (403): {@link applySessionRules}, from {@link SessionRules}
 * 3. the Idempotency-Key: {@link answerOnce}
 * 4. the body's schema, then the action.
 */
export interface SessionRules {
  /** A request that changes state: who may send it (`proven` unless the route says otherwise). */
  write: WriteAccess;
  /** A read only the account's proven owner may make (`@OwnerOnlyRead()`). */
  ownerRead?: boolean;
  /** Where the request names the wallet it acts on, which must be the session's own (`@ProvenOwner()`). */
  owner?: OwnerRef;
  /**
   * The session may come from the 2-second memory (`SessionService.resolveCached`): only for
   * actions whose SQL checks the session again before it writes.
   */
  sessionCheckedInSql?: boolean;
}

/** What a route that declares nothing needs to change state: a session that may change its account. */
export const DEFAULT_WRITE_ACCESS: WriteAccess = 'proven';

/** A request that has passed {@link requireSession} carries its session's user. */
export type PlayerRequest = FastifyRequest & {
  sessionUser?: SessionUser;
  /** The request's Idempotency-Key claim, set by {@link answerOnce}'s work (the Nest interceptor). */
  claim?: PendingClaim;
};

/** The player acting in this request: the session's user with the request's Idempotency-Key claim, when it sent one. */
export function actingPlayer(user: SessionUser, claim: PendingClaim | undefined): SessionUser {
  return claim ? { ...user, claim } : user;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Rule 1: the session of the request's signed cookie, put on the request; 401 without a live one. */
export async function requireSession(
  sessions: SessionService,
  req: PlayerRequest,
  { cached = false }: { cached?: boolean } = {},
): Promise<SessionUser> {
  if (req.sessionUser) return req.sessionUser;
  const token = sessionToken(req);
  const user = await (cached ? sessions.resolveCached(token) : sessions.resolve(token));
  if (!user) throw new UnauthorizedException(NO_SESSION);
  req.sessionUser = user;
  return user;
}

/**
 * Rules 1 and 2: a request that changes state needs a session that may change its account (a
 * guest, or a wallet that proved its key) unless its rules say `watch-only` or `no-session`; an
 * owner-only read needs the same; a wallet the request names must be the session's own. A body
 * value that is not a string is left to the body's schema (a 400 naming the field).
 */
export async function applySessionRules(
  sessions: SessionService,
  req: PlayerRequest,
  rules: SessionRules,
): Promise<SessionUser | undefined> {
  const session = () => requireSession(sessions, req, { cached: rules.sessionCheckedInSql });
  if (MUTATING.has(req.method)) {
    if (rules.write === 'no-session') return undefined;
    let user = await session();
    if (rules.write === 'proven' && !canWrite(user) && rules.sessionCheckedInSql) {
      // the 2-second memory may hold the session from just before its wallet was proven (a read
      // between sign-in and proof): a refusal is decided on the session as it is now
      req.sessionUser = undefined;
      user = await requireSession(sessions, req);
    }
    if (rules.write === 'proven') assertCanWrite(user);
  } else if (rules.ownerRead) {
    assertOwnerRead(await session());
  }
  if (rules.owner) {
    const named = namedWallet(req as { body?: unknown; query?: unknown; params?: unknown }, rules.owner);
    if (named) assertOwnWallet(await session(), named.value);
  }
  return req.sessionUser;
}

/** What `answerOnce` tells the idempotency store about the action (common/idempotency.store.ts). */
export interface AnswerOnceOptions {
  /** The action's own transaction stores its answer with the key (a game action: its answer is its result). */
  answerInTransaction?: boolean;
}

/** The Idempotency-Key rule 3 applies to: a POST's, once the request has a session; else undefined. */
export function onceKey(req: PlayerRequest): string | undefined {
  return req.method === 'POST' && req.sessionUser ? idempotencyKey(req.headers) : undefined;
}

/**
 * Rule 3: runs `work` once per (player, Idempotency-Key) when the request sends a key and has a
 * session: a retry of the same request answers the first answer, with its status and
 * `Idempotent-Replay: true`. `work` gets the key's claim to pass to its writes (the acting
 * player's `claim`: {@link actingPlayer}). Without a key (or a session), `work` simply runs.
 */
export async function answerOnce<T>(
  store: IdempotencyStore,
  req: PlayerRequest,
  reply: FastifyReply,
  work: (claim?: PendingClaim) => Promise<T>,
  { answerInTransaction = false }: AnswerOnceOptions = {},
): Promise<T | unknown> {
  const key = onceKey(req);
  if (key === undefined || !req.sessionUser) return work();
  const hash = requestHash(req.method, req.routeOptions?.url ?? req.url, req.body);
  const out = await store.run(req.sessionUser.userId, key, hash, () => reply.statusCode || 200, work, {
    answerInTransaction,
  });
  if ('body' in out) return out.body;
  void reply.status(out.replay.status).header('Idempotent-Replay', 'true');
  return out.replay.body;
}
