import { DomainError } from '../common/domain-error';
import { InsufficientBalanceError, NonceMovedError, sqlRefusal } from './settlement-errors';

describe('sqlRefusal: the settlement SQL refusals as coded domain errors', () => {
  it.each([
    ['CC402', 400, 'INSUFFICIENT_BALANCE', 'Insufficient balance!'],
    ['CC403', 403, 'SELF_EXCLUDED', 'You are self-excluded: betting is blocked until your self-exclusion period ends'],
    [
      'CC423',
      423,
      'AMINA_PAUSED',
      'AMINA play and withdrawals are paused by the operators; House Coins games still work',
    ],
    ['CC429', 429, 'LOSS_LIMIT', 'Loss limit reached: this bet would take your losses past the limit you set'],
    [
      'CC428',
      428,
      'CONFIRM_TO_PLAY',
      'Your self-exclusion has ended: confirm on the Responsible gaming page that you want to play again',
    ],
    [
      'CC440',
      428,
      'REALITY_CHECK',
      'Reality check: see how long you have played and your House Coins result, then choose to keep playing or leave',
    ],
    ['CC401', 401, 'SESSION_ENDED', 'Your session has ended: reconnect to keep playing'],
    ['CC409', 409, 'NONCE_MOVED', 'Too many simultaneous bets on this account: try again'],
    ['CC412', 409, 'ROUND_MOVED', 'The round moved on: try again'],
    ['CC410', 409, 'ROUND_OPEN', 'A round of this game is already in progress'],
  ])('%s -> %i %s', (sqlState, status, code, message) => {
    const e = sqlRefusal(Object.assign(new Error('raised in SQL'), { code: sqlState, severity: 'ERROR' }));
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ status, code, message });
  });

  it.each([
    ['41', 41n],
    ['', undefined],
    [undefined, undefined],
  ])("CC409 with the DETAIL %p: the pair's current nonce %p", (detail, nonce) => {
    const e = sqlRefusal(Object.assign(new Error('nonce moved'), { code: 'CC409', detail }));
    expect(e).toBeInstanceOf(NonceMovedError);
    expect((e as NonceMovedError).currentNonce).toBe(nonce);
  });

  it('leaves every other error alone (others are 500s)', () => {
    for (const code of ['CC400', '23514', '40P01', undefined])
      expect(sqlRefusal(Object.assign(new Error('x'), { code }))).toBeNull();
    expect(sqlRefusal(undefined)).toBeNull();
    expect(sqlRefusal(new InsufficientBalanceError())).toBeNull();
  });
});
