import type { Card } from '../cards';
import type { RationalJson } from '../rational';

/** A player action. */
export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split';

/** How a hand settled. 'bust' is a player bust (the dealer busting makes a 'win'). */
export type HandResult = 'blackjack' | 'win' | 'lose' | 'push' | 'bust';

/** One player hand (two after a split). */
export interface BlackjackHand {
  cards: Card[];
  /** Stake of this hand in base bets: 1, or 2 once doubled. */
  bet: 1 | 2;
  doubled: boolean;
  fromSplit: boolean;
  /** No more actions on this hand (stood, doubled, busted, reached 21, or split aces). */
  done: boolean;
  result: HandResult | null;
  /** Total return of this hand in base bets, once settled (blackjack 5/2, win 2×bet, push bet). */
  payout: RationalJson | null;
}

/**
 * A blackjack round, JSON-serialisable (the API stores it in a row). The next card always comes
 * from float index `cursor` of the round's stream. `dealer[1]` is the hole card: hide it from the
 * player while `status` is 'player' (see `visibleDealerCards`).
 */
export interface BlackjackState {
  status: 'player' | 'settled';
  dealer: Card[];
  hands: BlackjackHand[];
  /** Index of the hand the next action applies to. */
  active: number;
  cursor: number;
  /** Base bets staked so far: 1, 2 after a double or split, up to 4 (split and double both). */
  totalStaked: number;
  /** Total return in base bets (exact), once settled. */
  totalReturn: RationalJson | null;
}
