import { GameEngineError } from './errors';
import { checkFloat } from './fair/source';

/** Card ranks, lowest first, in deck order. */
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
/** Card suits in deck order within a rank. */
export const SUITS = ['♦', '♥', '♠', '♣'] as const;

/** A card rank. */
export type Rank = (typeof RANKS)[number];
/** A card suit. */
export type Suit = (typeof SUITS)[number];

/** A card of the unlimited deck; `index` is its position 0..51 in the order ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A. */
export interface Card {
  rank: Rank;
  suit: Suit;
  index: number;
}

/** Cards in the deck order (one per index). */
export const DECK_SIZE = 52;

const DECK: readonly Card[] = Array.from({ length: DECK_SIZE }, (_, index) =>
  Object.freeze({ rank: RANKS[index >> 2], suit: SUITS[index & 3], index }),
);

/** Card at deck index 0..51. */
export function cardFromIndex(index: number): Card {
  if (!Number.isInteger(index) || index < 0 || index >= DECK_SIZE) {
    throw new GameEngineError(`Card index must be an integer 0..51, got ${index}`);
  }
  return { ...DECK[index] };
}

/** Deck index of a float: floor(f * 52). */
export function cardIndexFromFloat(f: number): number {
  checkFloat(f);
  return Math.floor(f * DECK_SIZE);
}

/** Card drawn by a float. */
export function cardFromFloat(f: number): Card {
  return cardFromIndex(cardIndexFromFloat(f));
}

/** Float that draws the given card index, (index + 0.5) / 52 — for building test and replay streams. */
export function floatForCard(index: number): number {
  cardFromIndex(index);
  return (index + 0.5) / DECK_SIZE;
}

/** Display label like "A♣" or "10♦". */
export function cardLabel(card: Card): string {
  return `${card.rank}${card.suit}`;
}

/** Hi-lo value: A = 1, 2..10 face value, J = 11, Q = 12, K = 13. */
export function hiloValue(card: Card): number {
  const r = card.index >> 2;
  return r === 12 ? 1 : r + 2;
}

/** Blackjack value: 2..10 face value, J/Q/K = 10, A = 11 (counted as 1 when needed, see playerTotal). */
export function blackjackValue(card: Card): number {
  const r = card.index >> 2;
  return r === 12 ? 11 : r >= 8 ? 10 : r + 2;
}
