import {
  blackjackValue,
  cardFromFloat,
  cardFromIndex,
  cardIndexFromFloat,
  cardLabel,
  floatForCard,
  hiloValue,
} from './cards';
import { GameEngineError } from './errors';

describe('cards', () => {
  it.each([
    [0, '2♦', 2, 2],
    [1, '2♥', 2, 2],
    [2, '2♠', 2, 2],
    [3, '2♣', 2, 2],
    [4, '3♦', 3, 3],
    [32, '10♦', 10, 10],
    [36, 'J♦', 11, 10],
    [41, 'Q♥', 12, 10],
    [47, 'K♣', 13, 10],
    [48, 'A♦', 1, 11],
    [51, 'A♣', 1, 11],
  ])('index %i is %s (hi-lo %i, blackjack %i)', (index, label, hilo, bj) => {
    const card = cardFromIndex(index);
    expect(card.index).toBe(index);
    expect(cardLabel(card)).toBe(label);
    expect(hiloValue(card)).toBe(hilo);
    expect(blackjackValue(card)).toBe(bj);
  });

  it('maps floats by floor(f × 52)', () => {
    expect(cardIndexFromFloat(0)).toBe(0);
    expect(cardIndexFromFloat(1 / 52 - 2 ** -32)).toBe(0);
    expect(cardIndexFromFloat(1 / 52)).toBe(1);
    expect(cardIndexFromFloat(1 - 2 ** -32)).toBe(51);
    for (let i = 0; i < 52; i++) expect(cardFromFloat(floatForCard(i)).index).toBe(i);
  });

  it('rejects out-of-range input', () => {
    expect(() => cardFromIndex(52)).toThrow(GameEngineError);
    expect(() => cardFromIndex(-1)).toThrow(GameEngineError);
    expect(() => cardFromFloat(1)).toThrow(GameEngineError);
  });
});
