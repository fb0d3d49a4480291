import { Inject, Injectable } from '@nestjs/common';
import type { PendingClaim } from '../common/idempotency-claim';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { SqlService, type Queryable } from '../database/sql.service';
import { SessionRepository } from './session.repository';
import type { TransactionClaim } from '../database/transaction-claim';

/** Name of the httpOnly session cookie. */
export const SESSION_COOKIE = 'cosmic_session';
const HOUR_MS = 3600 * 1000;
/** A guest's session lasts 30 days: the guest id it was opened with is the guest's own credential. */
export const GUEST_SESSION_TTL_MS = 30 * 24 * HOUR_MS;
/**
 * A wallet session that has not proved the key (watch-only) lasts 24 h: it reads what anyone who
 * types the address may read, and the page opens a new one on its next load.
 */
export const UNPROVEN_SESSION_TTL_HOURS = 24;
/** A session that proved a wallet's key lasts 24 h from the proof; then it needs a new signature. */
export const PROVEN_SESSION_TTL_HOURS = 24;

/** Who a request belongs to, resolved from its session cookie. */
export interface SessionUser {
  tokenHash: Buffer;
  userId: string;
  walletAddress: string;
  username: string;
  isGuest: boolean;
  /** This session proved control of the wallet (AMINA play, withdrawals). */
  ownershipVerified: boolean;
  /**
   * The acting request's Idempotency-Key claim, when it sent a key (http/request-rules.ts
   * actingPlayer: set per request, never on a cached session): its first write takes it.
   */
  claim?: PendingClaim;
}

/** Hashes a session token: only hashes are stored, so a database leak yields no sessions. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** How long a resolved session may be reused by routes whose SQL re-checks it anyway. */
export const SESSION_CACHE_MS = 2000;

/** Creates, resolves and revokes sessions; all state in PostgreSQL so any instance serves any request. */
@Injectable()
export class SessionService {
  private readonly cache = new Map<string, { user: SessionUser; until: number }>();

  constructor(
    private readonly sql: SqlService,
    private readonly repo: SessionRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'sessionsPerAccount'>,
  ) {}

  /**
   * resolve() with a 2-second memory: only for the game actions whose SQL checks the session again
   * before writing (games.routes.ts: place_bet(), a round step's read), so a revoked session still cannot bet.
   */
  async resolveCached(token: string | undefined): Promise<SessionUser | null> {
    if (!token) return null;
    const hit = this.cache.get(token);
    const now = Date.now();
    if (hit && hit.until > now) return hit.user;
    const user = await this.resolve(token);
    if (user) {
      if (this.cache.size > 50_000) this.cache.clear();
      this.cache.set(token, { user, until: now + SESSION_CACHE_MS });
    }
    return user;
  }

  /**
   * Opens a session for the account: a guest's for 30 days, a wallet's watch-only for 24 h. The
   * account keeps at most SESSIONS_PER_ACCOUNT live sessions: this one revokes the oldest beyond.
   * `cookieExpiresAt` is when the browser may drop the cookie: for a wallet, the latest a proof made
   * just before the 24 h end keeps the session (the server's row decides; the cookie is only its handle).
   */
  async create(
    user: { id: string; is_guest: boolean },
    meta: { origin?: string; ip?: string },
    claim?: TransactionClaim,
  ): Promise<{ token: string; expiresAt: Date; cookieExpiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = new Date(now + (user.is_guest ? GUEST_SESSION_TTL_MS : UNPROVEN_SESSION_TTL_HOURS * HOUR_MS));
    const cookieExpiresAt = user.is_guest
      ? expiresAt
      : new Date(expiresAt.getTime() + PROVEN_SESSION_TTL_HOURS * HOUR_MS);
    await this.repo.insertCapped(
      hashToken(token),
      user.id,
      meta.origin ?? null,
      meta.ip ?? null,
      expiresAt,
      this.config.sessionsPerAccount,
      claim,
    );
    return { token, expiresAt, cookieExpiresAt };
  }

  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 128) return null;
    const tokenHash = hashToken(token);
    const r = await this.repo.live(tokenHash);
    if (!r) return null;
    return {
      tokenHash,
      userId: String(r.user_id),
      walletAddress: r.wallet_address,
      username: r.username,
      isGuest: r.is_guest,
      ownershipVerified: r.verified,
    };
  }

  /** Marks the session as the wallet's proven owner; it then ends within PROVEN_SESSION_TTL_HOURS. Returns the new end. */
  async markOwnershipVerified(tokenHash: Buffer, db: Queryable = this.sql.pool): Promise<Date> {
    const expiresAt = await this.repo.markVerified(db, tokenHash, PROVEN_SESSION_TTL_HOURS);
    // the cached copy says "not verified": drop it so the next bet sees the proof at once
    this.forget(tokenHash);
    return expiresAt;
  }

  /** Ends one session (sign-out): its cookie no longer resolves on any instance. */
  async revoke(tokenHash: Buffer): Promise<void> {
    await this.repo.revoke(tokenHash);
    this.forget(tokenHash);
  }

  private forget(tokenHash: Buffer): void {
    for (const [token, entry] of this.cache) if (entry.user.tokenHash.equals(tokenHash)) this.cache.delete(token);
  }

  /** Revokes every live session created from `origin`; returns how many. */
  async revokeByOrigin(origin: string): Promise<number> {
    return this.repo.revokeByOrigin(origin);
  }
}
