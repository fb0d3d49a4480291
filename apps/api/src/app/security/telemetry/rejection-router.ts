import { Injectable } from '@nestjs/common';
import type { RejectionListener } from '../../common/all-exceptions.filter';
import { Sentinel, type SessionRejection } from '../personas/sentinel';
import { Warden } from '../personas/warden';

type Rejection = Parameters<RejectionListener>[0];

/**
 * Which session-abuse counter a 401/403 belongs to, or null when it is an ordinary business
 * refusal: decided by status, route and the refusal's code, never by its text.
 */
export function sessionRejection(e: Pick<Rejection, 'status' | 'code' | 'path'>): SessionRejection | null {
  if (e.status === 401) {
    // the routed path: an absolute-form target of a dashboard route is still a dashboard route
    if (e.path.startsWith('/api/security/'))
      return e.code === 'SECURITY_TOKEN_EXPIRED' ? 'expiredOperatorToken' : 'badOperatorToken';
    return 'missingSession';
  }
  if (e.status === 403 && e.code === 'WALLET_MISMATCH') return 'foreignWallet';
  return null;
}

/**
 * Routes every 4xx the exception filter answered to the persona that guards it: 401/403 to
 * sentinel (session abuse), bad input to warden. Wrong passwords and lockouts are counted by the
 * password exchange itself, and 429s by the limiter, so they are skipped here.
 */
@Injectable()
export class RejectionRouter {
  constructor(
    private readonly sentinel: Sentinel,
    private readonly warden: Warden,
  ) {}

  readonly listener: RejectionListener = (e) => {
    // wrong passwords (ACCESS_DENIED) are counted by the password exchange itself
    if (e.status === 429 || e.code === 'ACCESS_DENIED') return;
    const now = Date.now();
    const abuse = sessionRejection(e);
    if (abuse) this.sentinel.onSessionRejected(abuse, e.ip, e.method, e.path, e.message, now);
    else this.warden.onRejection(e, now);
  };
}
