import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import { SESSION_COOKIE, SessionService, type SessionUser } from '../auth/session.service';
import { CorsPolicy } from '../http/cors-policy';

interface CookieTools {
  parseCookie(header: string): Record<string, string | undefined>;
  unsignCookie(value: string): { valid: boolean; value: string | null };
}

/**
 * Authenticates a WebSocket upgrade like an HTTP request: the signed `cosmic_session` cookie
 * (unsigned with the app's own cookie plugin) resolved to a live session, and an Origin that is
 * this site or on the CORS allow-list, so another site cannot open a socket with the player's
 * cookie.
 */
@Injectable()
export class SocketAuth {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: SessionService,
    private readonly cors: CorsPolicy,
  ) {}

  /** 403 for a foreign origin, 401 without a live session, else the session's user. */
  async check(
    req: IncomingMessage,
  ): Promise<{ user: SessionUser; token: string } | { status: 401 | 403; message: string }> {
    const origin = req.headers.origin;
    if (origin !== undefined && !this.sameSite(origin, req) && !this.cors.isAllowed(origin))
      return { status: 403, message: 'Origin not allowed' };
    const fastify = this.adapterHost.httpAdapter.getInstance<CookieTools>();
    const raw = req.headers.cookie ? fastify.parseCookie(req.headers.cookie)[SESSION_COOKIE] : undefined;
    const unsigned = raw ? fastify.unsignCookie(raw) : undefined;
    const token = unsigned?.valid ? (unsigned.value ?? undefined) : undefined;
    const user = await this.sessions.resolve(token);
    return user && token
      ? { user, token }
      : { status: 401, message: 'No session: play as a guest or connect a wallet first' };
  }

  /** The session behind a socket, checked again (a signed-out or expired session answers null). */
  recheck(token: string): Promise<SessionUser | null> {
    return this.sessions.resolve(token);
  }

  private sameSite(origin: string, req: IncomingMessage): boolean {
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  }
}
