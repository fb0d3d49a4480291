/** Password exchanges (operator and vault) per IP per minute, on top of the global API limit. */
export const SESSION_EXCHANGES_PER_MINUTE = 10;

/** The window of the per-IP limit on new accounts (ACCOUNTS_PER_IP_PER_HOUR of them). */
export const ACCOUNT_WINDOW_MS = 60 * 60_000;

/**
 * Deposit notices (POST /api/crypto/notify-deposit) per user: 3 per 5 s. The cashier screen
 * re-notifies every 2 s while a deposit is pending (at most 3 in any 5 s), so it is never refused;
 * a flood is.
 */
export const DEPOSIT_NOTICES = { max: 3, windowMs: 5_000 } as const;

/**
 * Distinct keys each in-memory limiter remembers (least recently used ones go first): bounds the
 * memory an address-rotating flood can take when there is no Redis.
 */
export const MEMORY_KEYS = 50_000;

/** Temporary lockout after repeated wrong passwords. */
export const LOCKOUT = {
  /** Wrong passwords from one IP within the window before it is locked out. */
  perIp: 5,
  /**
   * Wrong passwords from all IPs together within the window that raise the global alarm. It locks
   * nobody out (anyone could then lock the operators out): each address keeps its own lockout.
   */
  global: 50,
  windowMs: 15 * 60_000,
  /** The first lockout of an address; each further one within a day doubles it (per-IP backoff). */
  durationMs: 15 * 60_000,
  maxDurationMs: 24 * 60 * 60_000,
  strikeWindowMs: 24 * 60 * 60_000,
} as const;

/** The answer to a request over the limit. */
export const TOO_MANY_REQUESTS = 'Too many requests: slow down';

/**
 * The password-exchange routes (stricter limit, lockout), as a matched route's pattern
 * (`/api/security/:name/vault/session`) or a routed path (`/api/security/sentinel/vault/session`).
 */
export const SESSION_ROUTE = /^\/api\/security\/(?:(?:[a-z]+|:name)\/vault\/)?session$/;
