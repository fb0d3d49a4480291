import { DomainError } from '../common/domain-error';
import { InsufficientBalanceError, sqlRefusal } from './settlement-errors';

describe('sqlRefusal: the settlement SQL refusals as coded domain errors', () => {
  it.each([
    ['CC402', 400, 'INSUFFICIENT_BALANCE', 'Insufficient balance!'],
    ['CC403', 403, 'SELF_EXCLUDED', 'You are self-excluded: betting is blocked until your self-exclusion period ends'],
    ['CC423', 423, 'AMINA_PAUSED', 'AMINA play and withdrawals are paused by the operators; House Coins games still work'],
    ['CC429', 429, 'LOSS_LIMIT', 'Daily loss limit reached: this bet would take today’s losses past the limit you set'],
  ])('%s -> %i %s', (sqlState, status, code, message) => {
    const e = sqlRefusal(Object.assign(new Error('raised in SQL'), { code: sqlState, severity: 'ERROR' }));
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ status, code, message });
  });

  it('leaves every other error alone (CC409 and CC401 are handled by the instant bet, others are 500s)', () => {
    for (const code of ['CC409', 'CC401', '23514', '40P01', undefined]) expect(sqlRefusal(Object.assign(new Error('x'), { code }))).toBeNull();
    expect(sqlRefusal(undefined)).toBeNull();
    expect(sqlRefusal(new InsufficientBalanceError())).toBeNull();
  });
});
