import { DomainError } from '../../common/domain-error';
import type { TokenProblem } from './security-token';

/** 401: wrong dashboard password (the spec's alert text). */
export class IncorrectPasswordError extends DomainError {
  constructor() {
    super(401, 'Access Denied - Incorrect Password', 'ACCESS_DENIED');
  }
}

/** 401: wrong vault password; names the persona whose vault was asked for. */
export class VaultDeniedError extends DomainError {
  constructor(title: string) {
    super(401, `Access Denied - ${title} Only`, 'ACCESS_DENIED');
  }
}

/** 429: too many wrong passwords from this address (or from everywhere). */
export class LockedOutError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      `Too many failed attempts: try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s)`,
      'LOCKED_OUT',
    );
  }
}

/** 503: no password hash configured (only possible outside production). */
export class SecurityNotConfiguredError extends DomainError {
  constructor(variable: string) {
    super(503, `The security dashboard is not configured: set ${variable}`, 'SECURITY_NOT_CONFIGURED');
  }
}

/** 401: no valid bearer token for a security endpoint. */
export class SecurityTokenError extends DomainError {
  constructor(readonly problem: TokenProblem) {
    super(
      401,
      problem === 'expired'
        ? 'Security session expired: unlock the dashboard again'
        : problem === 'missing'
          ? 'Security session required: unlock the dashboard first'
          : 'Security session not valid: unlock the dashboard again',
      problem === 'expired' ? 'SECURITY_TOKEN_EXPIRED' : 'SECURITY_TOKEN',
    );
  }
}
