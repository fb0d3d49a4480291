import { payoutKind, payoutText } from './payout-text';

describe('payoutText (issue 29 item 7: a win is a win)', () => {
  it.each([
    ['10', '7', 'returned', 'Returned 7 HC', 'neutral'],
    ['10', '10', 'returned', 'Returned 10 HC', 'neutral'],
    ['10', '11', 'win', 'Win! 11 HC', 'win'],
    ['10', '0', 'loss', 'No win', 'lose'],
    ['0.5', '0.50000001', 'win', 'Win! 0.50000001 HC', 'win'],
  ] as const)('stake %s, paid %s: %s', (stake, win, kind, text, tone) => {
    expect(payoutKind(stake, win)).toBe(kind);
    expect(payoutText(stake, win, 'HC')).toEqual({ kind, text, tone });
  });

  it('a free spin (stake 0) that pays anything is a win', () => {
    expect(payoutText('0', '3', 'HC')).toEqual({ kind: 'win', text: 'Win! 3 HC', tone: 'win' });
  });
});
