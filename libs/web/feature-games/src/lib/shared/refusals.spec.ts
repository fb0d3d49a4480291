import { INSUFFICIENT_BALANCE, REFUSALS, refusalFor } from './refusals';

// What the base query hands a screen for a non-ok answer (libs/web/data-access base-query.ts).
const refused = (status: number, code: string, message: string) => ({
  status,
  message: `${status}: …`,
  serverMessage: message,
  body: { statusCode: status, error: code, message },
});

describe('refusalFor (issue 29 item 1: the reason, chosen by the error code)', () => {
  it.each([
    ['LOSS_LIMIT', 429, 'Loss limit reached', '/responsible-gaming'],
    ['SELF_EXCLUDED', 403, 'You are self-excluded', '/responsible-gaming'],
    ['AMINA_PAUSED', 423, 'AMINA play is paused', undefined],
    ['BANKROLL_CAP', 409, 'Above the house’s limit for one bet', undefined],
    ['BANKROLL_UNKNOWN', 503, 'AMINA betting is unavailable for a moment', undefined],
    ['OWNERSHIP_REQUIRED', 403, 'Sign in with your wallet to play', undefined],
    ['SERVER_BUSY', 503, 'Server busy, try again', undefined],
  ])('%s (%i) → %s', (code, status, title, href) => {
    // the server's English is not read: a different message gives the same answer
    const r = refusalFor(refused(status, code, 'whatever the server says'), 'Failed to process bet!');
    expect(r).toBe(REFUSALS[code]);
    expect(r.title).toBe(title);
    expect(r.reason).toBeTruthy();
    expect(r.help?.href).toBe(href);
  });

  it("INSUFFICIENT_BALANCE keeps the spec's text for the game", () => {
    const e = refused(400, 'INSUFFICIENT_BALANCE', 'Insufficient balance');
    expect(refusalFor(e, 'Failed to spin!')).toEqual({ title: INSUFFICIENT_BALANCE });
    expect(INSUFFICIENT_BALANCE).toBe('Insufficient balance!');
    expect(refusalFor(e, 'Failed to buy bonus!', 'Insufficient balance for bonus!')).toEqual({
      title: 'Insufficient balance for bonus!',
    });
  });

  it('a message that merely mentions an insufficient balance is not a code (no text matching)', () => {
    expect(
      refusalFor(
        refused(400, 'INVALID_INPUT', 'Insufficient balance wording in a validation error'),
        'Failed to process bet!',
      ),
    ).toEqual({
      title: 'Failed to process bet!',
      reason: 'Insufficient balance wording in a validation error',
    });
  });

  it("another 4xx keeps the game's title with the server's explanation", () => {
    const e = {
      status: 403,
      message: '403: …',
      serverMessage: 'walletAddress does not match your session',
      body: { statusCode: 403, error: 'Forbidden', message: 'walletAddress does not match your session' },
    };
    expect(refusalFor(e, 'Failed to deal cards')).toEqual({
      title: 'Failed to deal cards',
      reason: 'walletAddress does not match your session',
    });
  });

  it.each([
    ['no answer', { status: 'FETCH_ERROR', message: 'FETCH_ERROR: TypeError: Failed to fetch' }],
    [
      'a 500',
      {
        status: 500,
        message: '500: …',
        serverMessage: 'Something went wrong on our side',
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side' },
      },
    ],
    ['a proxy 502', { status: 502, message: '502: Bad Gateway', body: 'Bad Gateway' }],
  ])("%s is the game's own failure text", (_what, e) => {
    expect(refusalFor(e, 'Failed to place bet!')).toEqual({ title: 'Failed to place bet!' });
  });
});
