import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session.service';

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
