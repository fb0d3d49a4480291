import { cardFromIndex, cardLabel, DECK_SIZE, RANKS, SUITS } from '@cosmic/game-engine';

/**
 * Poker cards are the game-engine deck indexes 0..51 (order ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A): rank =
 * index >> 2 (0 = deuce … 12 = ace), suit = index & 3 (♦ ♥ ♠ ♣). Plain numbers keep the
 * evaluator and the bots' simulations allocation-free.
 */
export type CardIndex = number;

/** Cards in a deck. */
export const POKER_DECK_SIZE = DECK_SIZE;

/** Rank 0..12 (deuce … ace) of a card. */
export const rankOf = (card: CardIndex): number => card >> 2;

/** Suit 0..3 (♦ ♥ ♠ ♣) of a card. */
export const suitOf = (card: CardIndex): number => card & 3;

/** Display label such as "A♣" or "10♦" (the game-engine's label). */
export function cardText(card: CardIndex): string {
  return cardLabel(cardFromIndex(card));
}

const RANK_ALIASES: Record<string, number> = { T: 8, '1': 12 };
const SUIT_LETTERS = 'dhsc';

/**
 * Parses cards written as "As Kd 10h 2c" (or "Th", or the deck's own "A♣"); for tests, tools
 * and hand tables. Throws on anything else: this is a programmer-facing helper.
 */
export function parseCards(text: string): CardIndex[] {
  const out: CardIndex[] = [];
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const suitChar = token.slice(-1);
    const rankText = token.slice(0, -1).toUpperCase();
    const rank = rankText in RANK_ALIASES ? RANK_ALIASES[rankText] : (RANKS as readonly string[]).indexOf(rankText);
    const letter = SUIT_LETTERS.indexOf(suitChar.toLowerCase());
    const suit = letter >= 0 ? letter : (SUITS as readonly string[]).indexOf(suitChar);
    if (rank < 0 || suit < 0) throw new Error(`Not a card: "${token}"`);
    out.push(rank * 4 + suit);
  }
  if (new Set(out).size !== out.length) throw new Error(`Duplicate card in "${text}"`);
  return out;
}
