import { pixelRatio, slotLabel } from './plinko-board';
import { FALLBACK_MULTIPLIERS, plinkoMessage } from './use-plinko';

describe('plinko texts and drawing (issue 29 items 3, 7 and 13)', () => {
  it.each([
    [{ multiplier: 0.2, winAmount: '2', betAmount: '10' }, '0.2x — Returned 2 HC', 'neutral'],
    [{ multiplier: 5, winAmount: '50', betAmount: '10' }, '5x — Win! 50 HC', 'win'],
    [{ multiplier: 0.2, winAmount: '0', betAmount: '3' }, '0.2x — No win', 'lose'],
  ] as const)('%j says %s', (drop, text, tone) => {
    expect(plinkoMessage({ ...drop, currency: 'HC' })).toEqual({ text, tone });
  });

  it('draws for the screen: 3 on a 3x phone, 1 when unknown, at most 4', () => {
    expect([pixelRatio(3), pixelRatio(undefined), pixelRatio(0.5), pixelRatio(NaN), pixelRatio(6)]).toEqual([
      3, 1, 1, 1, 4,
    ]);
    expect(slotLabel(0.2)).toBe('0.2x');
  });
});

describe('plinko paytable before the published one answers (issue 38 item 5: read from the engine)', () => {
  it('is the shipped tables, slot 0 to 12', () => {
    expect(FALLBACK_MULTIPLIERS).toEqual({
      low: [8, 3, 2, 1.4, 1.1, 0.9, 0.6, 0.9, 1.1, 1.4, 2, 3, 8],
      medium: [25, 12, 5, 2, 1, 0.5, 0.2, 0.5, 1, 2, 5, 12, 25],
      high: [60, 24, 7, 3, 0.6, 0.2, 0.2, 0.2, 0.6, 3, 7, 24, 60],
    });
  });
});
