import { type Card, blackjackValue } from '../cards';

/** A hand's best total: aces count 11 unless that busts; `soft` when an ace still counts 11. */
export function playerTotal(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    const v = blackjackValue(c);
    total += v;
    if (v === 11) aces++;
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    aces--;
  }
  return { total, soft: aces > 0 };
}

/** Two cards totalling 21 (only an unsplit opening hand counts as a blackjack; see engine). */
export function isTwoCard21(cards: readonly Card[]): boolean {
  return cards.length === 2 && playerTotal(cards).total === 21;
}

/** Two cards of the same rank (K+K yes, K+Q no). */
export function isPair(cards: readonly Card[]): boolean {
  return cards.length === 2 && cards[0].rank === cards[1].rank;
}
