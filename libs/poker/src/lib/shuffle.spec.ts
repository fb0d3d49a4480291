import { listStream, sfc32 } from '@cosmic/game-engine';
import { cardText } from './cards';
import { pokerDeck, shuffleDeck } from './shuffle';

describe('shuffleDeck', () => {
  it('is a permutation of the 52 cards', () => {
    const deck = shuffleDeck(sfc32(1));
    expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });

  it('with every float 0 moves each top card down (j = 0 each step)', () => {
    // i = 51 swaps positions 51 and 0, then i = 50 swaps 50 and 0, …: the deck rotates by one
    const deck = shuffleDeck(listStream(new Array(51).fill(0)));
    expect(deck.slice(0, 3)).toEqual([1, 2, 3]);
    expect(deck[51]).toBe(0);
  });

  it('uses exactly 51 floats', () => {
    const floats = new Array(51).fill(0.5);
    expect(() => shuffleDeck(listStream(floats))).not.toThrow();
    expect(() => shuffleDeck(listStream(floats.slice(1)))).toThrow();
  });

  it('puts each card in each position about equally often (chi-square over 20,000 shuffles)', () => {
    const rng = sfc32(42);
    const n = 20_000;
    const counts = new Array(52).fill(0); // where the ace of clubs (51) lands
    for (let k = 0; k < n; k++) counts[shuffleDeck(rng).indexOf(51)]++;
    const expected = n / 52;
    const chi2 = counts.reduce((a, x) => a + (x - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(90); // 51 degrees of freedom: p ≈ 0.0007
  });
});

describe('pokerDeck', () => {
  // Known answer computed independently (Python hmac/hashlib; see libs/poker/README.md).
  const SERVER = '9b0a2f8e2f3c6d7a1e4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9012';
  it('pins the first ten cards of one seed triple', () => {
    expect(pokerDeck(SERVER, 'cosmic', 7).slice(0, 10).map(cardText).join(' ')).toBe(
      '5♣ 4♥ 6♠ 4♦ A♣ 4♣ K♦ 3♥ 7♠ Q♥',
    );
  });

  it('depends on every part of the seed triple', () => {
    const base = pokerDeck(SERVER, 'cosmic', 7).join();
    expect(pokerDeck(SERVER, 'cosmic', 8).join()).not.toBe(base);
    expect(pokerDeck(SERVER, 'cosmic!', 7).join()).not.toBe(base);
    expect(pokerDeck(SERVER.replace('9b', '9c'), 'cosmic', 7).join()).not.toBe(base);
  });
});
