import { DomainError } from '../common/domain-error';

/** Seconds a client waits before it retries a request the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/**
 * The database could not serve the request: its connection broke, the server is shutting down or
 * starting, or it answers read-only (a leader demoted by a failover, before the pool reaches the
 * new one). Answered 503 with Retry-After. Whatever the request wrote either rolled back or, for a
 * COMMIT whose answer was lost, may have committed: a retry with the same Idempotency-Key answers
 * the committed result or settles afresh (common/idempotency.store.ts), never both.
 */
export class DatabaseUnavailableError extends DomainError {
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;

  constructor(
    /** The driver's or the server's words: logged with the correlation id, never answered. */
    readonly detail?: string,
  ) {
    super(503, 'The database is switching over: try again in a moment', 'DATABASE_UNAVAILABLE');
  }
}

/**
 * SQLSTATEs that mean "not now, the server cannot take it" rather than "this request is wrong":
 * read_only_sql_transaction (a standby, or a demoted leader), admin_shutdown, crash_shutdown and
 * cannot_connect_now (a server going down or starting up). Class 08 (connection exception) is
 * matched by its prefix. Serialization failures and deadlocks (40001, 40P01) are not here: they
 * are the request's own race and keep their way.
 */
const UNAVAILABLE_STATES = new Set(['25006', '57P01', '57P02', '57P03']);

/** Socket errors of a connection that broke or could not be made. */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * What `pg` and `pg-pool` say when a connection ends under a query, when a client is used after
 * its connection broke, and when the pool waited connectionTimeoutMillis for a connection.
 */
const DRIVER_WORDS =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/** The error means the database was unreachable or refused to serve; null when it is anything else. */
export function databaseUnavailable(e: unknown): DatabaseUnavailableError | null {
  if (e instanceof DatabaseUnavailableError) return e;
  if (!e || typeof e !== 'object') return null;
  const { code, message } = e as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (typeof code === 'string') {
    if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code))
      return new DatabaseUnavailableError(`${code}: ${text}`);
  }
  if (DRIVER_WORDS.test(text)) return new DatabaseUnavailableError(text);
  return null;
}
