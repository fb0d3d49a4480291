import { blackjackValue } from '../cards';
import { isPair, playerTotal } from './hand';
import { legalActions } from './engine';
import type { BlackjackAction, BlackjackState } from './types';

/** What the basic-strategy table needs to know about a hand. */
export interface StrategyHand {
  total: number;
  soft: boolean;
  /** Blackjack value (2..11) of a splittable pair, else null. */
  pairValue: number | null;
  canDouble: boolean;
}

const inRange = (d: number, lo: number, hi: number): boolean => d >= lo && d <= hi;

/**
 * Basic strategy for these rules (unlimited deck, dealer stands on soft 17, double any two cards,
 * double after split, split once, no surrender). `dealerUp` is the up card's value, 2..11.
 * Checked decision by decision against the unlimited-deck expected values (strategy.spec.ts),
 * which is why soft 13 doubles only against a 6 and soft 15 against 5–6 (multi-deck charts differ).
 */
export function basicStrategyDecision(hand: StrategyHand, dealerUp: number): BlackjackAction {
  const d = dealerUp;
  const dbl = (otherwise: BlackjackAction): BlackjackAction => (hand.canDouble ? 'double' : otherwise);
  if (hand.pairValue !== null && splitPair(hand.pairValue, d)) return 'split';
  const t = hand.total;
  if (hand.soft) {
    if (t >= 19) return 'stand';
    if (t === 18) return inRange(d, 3, 6) ? dbl('stand') : d <= 8 ? 'stand' : 'hit';
    if (t === 17) return inRange(d, 3, 6) ? dbl('hit') : 'hit';
    if (t === 16) return inRange(d, 4, 6) ? dbl('hit') : 'hit';
    if (t >= 14) return inRange(d, 5, 6) ? dbl('hit') : 'hit';
    if (t === 13) return d === 6 ? dbl('hit') : 'hit';
    return 'hit';
  }
  if (t >= 17) return 'stand';
  if (t >= 13) return d <= 6 ? 'stand' : 'hit';
  if (t === 12) return inRange(d, 4, 6) ? 'stand' : 'hit';
  if (t === 11) return d <= 10 ? dbl('hit') : 'hit';
  if (t === 10) return d <= 9 ? dbl('hit') : 'hit';
  if (t === 9) return inRange(d, 3, 6) ? dbl('hit') : 'hit';
  return 'hit';
}

function splitPair(v: number, d: number): boolean {
  switch (v) {
    case 11:
      return true;
    case 10:
      return false;
    case 9:
      return d <= 9 && d !== 7;
    case 8:
      return true;
    case 7:
      return d <= 7;
    case 6:
      return d <= 6;
    case 5:
      return false;
    case 4:
      return d === 5 || d === 6;
    default:
      return d <= 7; // 2s and 3s
  }
}

/** The basic-strategy action for the active hand of a round in play (null once settled). */
export function basicStrategy(state: BlackjackState): BlackjackAction | null {
  const legal = legalActions(state);
  if (legal.length === 0) return null;
  const hand = state.hands[state.active];
  const { total, soft } = playerTotal(hand.cards);
  const canSplit = legal.includes('split') && isPair(hand.cards);
  return basicStrategyDecision(
    { total, soft, pairValue: canSplit ? blackjackValue(hand.cards[0]) : null, canDouble: legal.includes('double') },
    blackjackValue(state.dealer[0]),
  );
}
