import { cardFromIndex } from '../cards';
import { isPair, isTwoCard21, playerTotal } from './hand';

// Cards by rank name, suit ♦ (index = 4 × rank position).
const R = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const cards = (...ranks: string[]) => ranks.map((r, i) => cardFromIndex(4 * R.indexOf(r) + (i % 4)));

describe('playerTotal', () => {
  it.each([
    [['2', '3'], 5, false],
    [['10', 'K'], 20, false],
    [['A', '6'], 17, true],
    [['A', '6', '10'], 17, false],
    [['A', 'A'], 12, true],
    [['A', 'A', '9'], 21, true],
    [['A', 'A', 'A', 'A'], 14, true],
    [['A', 'K'], 21, true],
    [['A', '5', '5'], 21, true],
    [['A', '5', '6'], 12, false],
    [['K', 'Q', '2'], 22, false],
    [['A', 'A', 'K', 'Q'], 22, false],
  ])('%j → %i (soft %s)', (ranks, total, soft) => {
    expect(playerTotal(cards(...ranks))).toEqual({ total, soft });
  });

  it('knows two-card 21s and pairs of equal rank', () => {
    expect(isTwoCard21(cards('A', 'J'))).toBe(true);
    expect(isTwoCard21(cards('A', '5', '5'))).toBe(false);
    expect(isPair(cards('K', 'K'))).toBe(true);
    expect(isPair(cards('K', 'Q'))).toBe(false);
    expect(isPair(cards('8', '8', '8'))).toBe(false);
  });
});
