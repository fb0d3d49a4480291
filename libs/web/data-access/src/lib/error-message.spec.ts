import { errorCode, errorMessage, errorStatus } from './error-message';

const apiError = (status: number | 'FETCH_ERROR', body?: unknown) => ({ status, message: `${status}: …`, body });

describe('errorCode', () => {
  it.each([
    [apiError(429, { statusCode: 429, error: 'LOSS_LIMIT', message: 'Daily loss limit reached: …' }), 'LOSS_LIMIT'],
    [apiError(403, { statusCode: 403, error: 'SELF_EXCLUDED', message: '…' }), 'SELF_EXCLUDED'],
    [apiError(403, { statusCode: 403, error: 'OWNERSHIP_REQUIRED', message: '…' }), 'OWNERSHIP_REQUIRED'],
    [
      apiError(400, { statusCode: 400, error: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance!' }),
      'INSUFFICIENT_BALANCE',
    ],
  ])('reads the code from the body of %j', (error, code) => {
    expect(errorCode(error)).toBe(code);
  });

  it.each([
    [
      'a plain HTTP error (status name, not a code)',
      apiError(403, { statusCode: 403, error: 'Forbidden', message: 'walletAddress does not match your session' }),
    ],
    [
      'a 429 from the rate limiter',
      apiError(429, { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' }),
    ],
    ['a body that is text', apiError(502, 'Bad Gateway')],
    ['no answer', apiError('FETCH_ERROR')],
    ['not an API error', new Error('boom')],
    ['nothing', undefined],
  ])('is null for %s', (_what, error) => {
    expect(errorCode(error)).toBeNull();
  });
});

describe('errorStatus', () => {
  it('is the HTTP status, or null when no answer arrived', () => {
    expect(errorStatus(apiError(503))).toBe(503);
    expect(errorStatus(apiError('FETCH_ERROR'))).toBeNull();
    expect(errorStatus(undefined)).toBeNull();
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, then the 'status: body' text, then the fallback", () => {
    expect(errorMessage({ serverMessage: 'Server says no', message: '400: {…}' })).toBe('Server says no');
    expect(errorMessage({ message: '502: Bad Gateway' })).toBe('502: Bad Gateway');
    expect(errorMessage(null, 'fallback')).toBe('fallback');
  });
});
