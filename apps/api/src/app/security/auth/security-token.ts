import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a token opens: the dashboard, or the vault behind its second password. */
export type TokenScope = 'operator' | 'vault';

/** A token's signed claims. */
export interface TokenClaims {
  scope: TokenScope;
  /** Issued and expiry times, ms since the epoch. */
  iat: number;
  exp: number;
  jti: string;
}

/** Why a token was refused. */
export type TokenProblem = 'missing' | 'malformed' | 'signature' | 'expired' | 'scope';

/** Tokens live 15 minutes; the operator unlocks again after that. */
export const TOKEN_TTL_MS = 15 * 60_000;
const PREFIX = 'cc1';

/**
 * The signing key of one scope: derived from SESSION_SECRET (shared by every API instance, so
 * any instance verifies any token without shared memory) and from that scope's password hash,
 * so changing a password ends every token it issued.
 */
export function tokenKey(sessionSecret: string, scope: TokenScope, passwordHash: string): Buffer {
  const fingerprint = createHash('sha256').update(passwordHash).digest('hex');
  return createHmac('sha256', sessionSecret).update(`cosmic-casino/security-token/v1/${scope}/${fingerprint}`).digest();
}

/** Signs claims: `cc1.<claims base64url>.<HMAC-SHA256 base64url>`. */
export function signToken(
  key: Buffer,
  scope: TokenScope,
  now: number,
  ttlMs = TOKEN_TTL_MS,
): { token: string; claims: TokenClaims } {
  const claims: TokenClaims = { scope, iat: now, exp: now + ttlMs, jti: randomBytes(9).toString('base64url') };
  const body = `${PREFIX}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return { token: `${body}.${mac(key, body)}`, claims };
}

/** Checks signature (constant time), expiry and scope. */
export function verifyToken(
  key: Buffer,
  token: string | undefined,
  scope: TokenScope,
  now: number,
): { ok: true; claims: TokenClaims } | { ok: false; problem: TokenProblem } {
  if (!token) return { ok: false, problem: 'missing' };
  const parts = token.split('.');
  if (token.length > 512 || parts.length !== 3 || parts[0] !== PREFIX) return { ok: false, problem: 'malformed' };
  const expected = Buffer.from(mac(key, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, problem: 'signature' };
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (claims.scope !== scope) return { ok: false, problem: 'scope' };
  if (typeof claims.exp !== 'number' || claims.exp <= now) return { ok: false, problem: 'expired' };
  return { ok: true, claims };
}

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}
