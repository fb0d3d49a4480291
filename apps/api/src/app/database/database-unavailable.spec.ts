import { databaseUnavailable, DatabaseUnavailableError } from './database-unavailable';

/** An error as `pg` shapes a server's answer: a SQLSTATE and a severity. */
const server = (code: string, message = 'server said no') =>
  Object.assign(new Error(message), { code, severity: 'ERROR' });
/** An error as Node shapes a socket's failure. */
const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('databaseUnavailable', () => {
  it.each([
    [
      'read_only_sql_transaction (a demoted leader)',
      server('25006', 'cannot execute UPDATE in a read-only transaction'),
    ],
    [
      'admin_shutdown (pg_terminate_backend, a fast shutdown)',
      server('57P01', 'terminating connection due to administrator command'),
    ],
    ['crash_shutdown', server('57P02')],
    ['cannot_connect_now (starting up)', server('57P03', 'the database system is starting up')],
    ['connection_failure (class 08)', server('08006')],
    ['protocol_violation (class 08)', server('08P01')],
    ['a refused connection', socket('ECONNREFUSED')],
    ['a reset connection', socket('ECONNRESET')],
    ['a connection that ended under a query', new Error('Connection terminated unexpectedly')],
    ['the pool waiting too long for a connection', new Error('timeout exceeded when trying to connect')],
    [
      'a client used after its connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
  ])('is a 503 with Retry-After for %s', (_what, e) => {
    const out = databaseUnavailable(e);
    expect(out).toBeInstanceOf(DatabaseUnavailableError);
    expect(out).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', retryAfterSeconds: 3 });
    expect(out?.detail).toContain(e.message);
  });

  it.each([
    ['serialization_failure: the request raced another, it keeps its way', server('40001')],
    ['deadlock_detected', server('40P01')],
    ['a unique violation', server('23505')],
    ['a statement timeout', server('57014', 'canceling statement due to statement timeout')],
    ['a settlement refusal', server('CC402')],
    ['a plain bug', new TypeError('x is undefined')],
    ['no error at all', undefined],
  ])('leaves %s alone', (_what, e) => {
    expect(databaseUnavailable(e)).toBeNull();
  });

  it('keeps a DatabaseUnavailableError as it is', () => {
    const e = new DatabaseUnavailableError('gone');
    expect(databaseUnavailable(e)).toBe(e);
  });
});
