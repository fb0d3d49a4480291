import type { Card } from '../cards';
import { isTwoCard21, playerTotal } from './hand';
import type { BlackjackAction } from './types';

/** What a settled round's hands show: enough to tell which actions played them. */
export interface PlayedHands {
  dealer: readonly { rank: string }[];
  hands: readonly { cards: readonly { rank: string }[]; doubled: boolean }[];
}

const total = (cards: readonly { rank: string }[]) => playerTotal(cards as Card[]).total;

// The actions one hand took: a double, or its hits, then a stand unless it reached 21 or more
// (which ends a hand by itself). `dealt` is the cards it had before any action.
function handActions(cards: readonly { rank: string }[], doubled: boolean, dealt: number): BlackjackAction[] {
  if (doubled) return ['double'];
  const hits: BlackjackAction[] = Array.from({ length: Math.max(0, cards.length - dealt) }, () => 'hit');
  return total(cards) >= 21 ? hits : [...hits, 'stand'];
}

/**
 * The player actions that led to a settled blackjack round, read back from its hands (the engine's
 * rules, engine.ts: a blackjack on either side ends the round at the deal; 21 auto-stands; split
 * hands get their second card dealt, and split aces stand on it). Replayed through the engine with
 * the round's seeds they give the same round: the verifier needs them, the bet row keeps the hands.
 */
export function blackjackActions(round: PlayedHands): BlackjackAction[] {
  const [first] = round.hands;
  if (!first) return [];
  if (round.hands.length === 1) {
    if (isTwoCard21(round.dealer as Card[]) || (first.cards.length === 2 && isTwoCard21(first.cards as Card[]))) return [];
    return handActions(first.cards, first.doubled, 2);
  }
  const actions: BlackjackAction[] = ['split'];
  for (const h of round.hands) {
    // split aces take one card and stand; a split hand of 21 on two cards stands by itself
    if (h.cards[0]?.rank === 'A' || (h.cards.length === 2 && total(h.cards) === 21)) continue;
    actions.push(...handActions(h.cards, h.doubled, 2));
  }
  return actions;
}
