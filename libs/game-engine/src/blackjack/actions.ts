import type { BlackjackAction } from './types';

/** What a settled round's hands show: enough to tell which actions played them. */
export interface PlayedHands {
  dealer: readonly { rank: string }[];
  hands: readonly { cards: readonly { rank: string }[]; doubled: boolean }[];
}

const rankValue = (rank: string) =>
  rank === 'A' ? 11 : rank === 'K' || rank === 'Q' || rank === 'J' ? 10 : Number(rank) || 0;

/**
 * A hand's best total from its cards' ranks (aces 11 unless that busts), as `playerTotal` counts
 * it: for cards read back from JSON or labels, which may carry no deck index.
 */
export function handTotal(cards: readonly { rank: string }[]): number {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    total += rankValue(c.rank);
    if (c.rank === 'A') aces++;
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    aces--;
  }
  return total;
}

const total = handTotal;
const isTwoCard21 = (cards: readonly { rank: string }[]) => cards.length === 2 && handTotal(cards) === 21;

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
    if (isTwoCard21(round.dealer) || isTwoCard21(first.cards)) return [];
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
