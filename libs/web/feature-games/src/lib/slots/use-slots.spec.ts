import { bonusQuestion, slotsMessage } from './use-slots';

describe('slots texts (issue 29 items 4 and 7)', () => {
  it.each([
    [{ winAmount: '7', betAmount: '10', multiplier: 0.7, isFreeSpin: false }, 'Returned 7 HC (0.7x)', 'neutral'],
    [{ winAmount: '10', betAmount: '10', multiplier: 1, isFreeSpin: false }, 'Returned 10 HC (1x)', 'neutral'],
    [{ winAmount: '25', betAmount: '10', multiplier: 2.5, isFreeSpin: false }, 'Win! 25 HC (2.5x)', 'win'],
    [{ winAmount: '0', betAmount: '10', multiplier: 0, isFreeSpin: false }, 'No win this time', 'lose'],
    // a free spin stakes nothing: 0.9x of the bonus bet is a win
    [{ winAmount: '9', betAmount: '10', multiplier: 0.9, isFreeSpin: true }, 'Win! 9 HC (0.9x)', 'win'],
  ] as const)('%j says %s', (spin, text, tone) => {
    expect(slotsMessage({ ...spin, currency: 'HC' })).toEqual({ text, tone });
  });

  it('asks with the real count and cost', () => {
    expect(bonusQuestion(10, '1', 'HC')).toBe('Buy 10 free spins for 100 HC?');
    expect(bonusQuestion(10, '10', 'HC')).toBe('Buy 10 free spins for 1,000 HC?');
    expect(bonusQuestion(10, '0.005', 'AMINA')).toBe('Buy 10 free spins for 0.5 AMINA?');
  });
});
