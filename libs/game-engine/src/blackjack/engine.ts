import { type Card, cardFromFloat } from '../cards';
import { type Result, fail, GameEngineError } from '../errors';
import type { FloatTape } from '../fair/source';
import { addR, fromJsonR, type Rational, ratio, toJsonR } from '../rational';
import { isPair, isTwoCard21, playerTotal } from './hand';
import type { BlackjackAction, BlackjackHand, BlackjackState, HandResult } from './types';

/*
 * Rules: unlimited deck; deal order player, dealer up, player, dealer hole (floats 0..3); the
 * dealer peeks, so a dealer blackjack settles at once (push against a player blackjack, else the
 * player loses one base bet); a player blackjack pays 3:2. Double on any first two cards, also
 * on a split hand (not split aces); split two cards of equal rank once; split hands get their
 * second card one at a time: hand 1's when the split is made, hand 2's when hand 1 is done;
 * split aces take one card each and stand; 21 after a split is not a blackjack; 21 auto-stands;
 * the dealer stands on all 17s and draws nothing when every player hand has bust.
 */

const DEALER_STANDS = 17;

function draw(state: BlackjackState, tape: FloatTape): Card {
  const card = cardFromFloat(tape.at(state.cursor));
  state.cursor++;
  return card;
}

function newHand(cards: Card[], fromSplit: boolean): BlackjackHand {
  return { cards, bet: 1, doubled: false, fromSplit, done: false, result: null, payout: null };
}

function cloneState(s: BlackjackState): BlackjackState {
  return {
    ...s,
    dealer: [...s.dealer],
    hands: s.hands.map((h) => ({ ...h, cards: [...h.cards] })),
  };
}

function settleHand(hand: BlackjackHand, result: HandResult, payout: Rational): void {
  hand.done = true;
  hand.result = result;
  hand.payout = toJsonR(payout);
}

function finish(state: BlackjackState): BlackjackState {
  state.status = 'settled';
  state.totalReturn = toJsonR(
    state.hands.reduce((sum, h) => addR(sum, fromJsonR(h.payout ?? { num: '0', den: '1' })), ratio(0)),
  );
  return state;
}

/** Deals a round from floats 0..3 and settles it at once on any blackjack. */
export function blackjackDeal(tape: FloatTape): BlackjackState {
  const state: BlackjackState = {
    status: 'player',
    dealer: [],
    hands: [],
    active: 0,
    cursor: 0,
    totalStaked: 1,
    totalReturn: null,
  };
  const p1 = draw(state, tape);
  const d1 = draw(state, tape);
  const p2 = draw(state, tape);
  const d2 = draw(state, tape);
  state.dealer = [d1, d2];
  const hand = newHand([p1, p2], false);
  state.hands = [hand];
  const dealerBj = isTwoCard21(state.dealer);
  const playerBj = isTwoCard21(hand.cards);
  if (dealerBj) {
    settleHand(hand, playerBj ? 'push' : 'lose', playerBj ? ratio(1) : ratio(0));
    return finish(state);
  }
  if (playerBj) {
    settleHand(hand, 'blackjack', ratio(5, 2));
    return finish(state);
  }
  return state;
}

/** Actions allowed now (empty once settled). */
export function legalActions(state: BlackjackState): BlackjackAction[] {
  if (state.status !== 'player') return [];
  const hand = state.hands[state.active];
  if (!hand || hand.done) return [];
  const actions: BlackjackAction[] = ['hit', 'stand'];
  if (hand.cards.length === 2) actions.push('double');
  if (state.hands.length === 1 && isPair(hand.cards)) actions.push('split');
  return actions;
}

function actionError(state: BlackjackState, action: BlackjackAction): string | null {
  const hand = state.hands[state.active];
  if (action === 'double' && hand.cards.length > 2) return 'Cannot double after three cards';
  if (action === 'split') {
    if (state.hands.length > 1) return 'Cannot split more than once';
    if (hand.cards.length > 2) return 'Can only split the first two cards';
    if (!isPair(hand.cards)) {
      return `Cannot split ${hand.cards[0].rank} and ${hand.cards[1].rank}: the cards must be of equal rank`;
    }
  }
  return null;
}

/** Applies a player action; an illegal or unknown action is an error result and changes nothing. */
export function blackjackAct(
  state: BlackjackState,
  action: unknown,
  tape: FloatTape,
): Result<{ state: BlackjackState }> {
  if (action !== 'hit' && action !== 'stand' && action !== 'double' && action !== 'split') {
    return fail(`Unknown action "${String(action)}": expected hit, stand, double or split`);
  }
  if (state.status !== 'player') return fail('The hand is over');
  const current = state.hands[state.active];
  if (!current || current.done) throw new GameEngineError('Blackjack state has no active hand');
  const error = actionError(state, action);
  if (error) return fail(error);

  const next = cloneState(state);
  const hand = next.hands[next.active];
  switch (action) {
    case 'hit':
      hand.cards.push(draw(next, tape));
      if (playerTotal(hand.cards).total >= 21) hand.done = true;
      break;
    case 'stand':
      hand.done = true;
      break;
    case 'double':
      hand.bet = 2;
      hand.doubled = true;
      next.totalStaked += 1;
      hand.cards.push(draw(next, tape));
      hand.done = true;
      break;
    case 'split': {
      const [a, b] = hand.cards;
      next.hands = [newHand([a], true), newHand([b], true)];
      next.totalStaked += 1;
      dealSecondSplitCard(next, 0, tape);
      break;
    }
  }
  return { ok: true, state: advance(next, tape) };
}

function dealSecondSplitCard(state: BlackjackState, index: number, tape: FloatTape): void {
  const hand = state.hands[index];
  hand.cards.push(draw(state, tape));
  if (hand.cards[0].rank === 'A' || playerTotal(hand.cards).total === 21) hand.done = true;
}

/** Moves past finished hands; when none is left the dealer plays and the round settles. */
function advance(state: BlackjackState, tape: FloatTape): BlackjackState {
  while (state.hands[state.active].done) {
    if (state.active + 1 >= state.hands.length) return dealerPlays(state, tape);
    state.active++;
    if (state.hands[state.active].cards.length === 1) dealSecondSplitCard(state, state.active, tape);
  }
  return state;
}

function dealerPlays(state: BlackjackState, tape: FloatTape): BlackjackState {
  const live = state.hands.filter((h) => playerTotal(h.cards).total <= 21);
  if (live.length > 0) {
    while (playerTotal(state.dealer).total < DEALER_STANDS) state.dealer.push(draw(state, tape));
  }
  const dealer = playerTotal(state.dealer).total;
  for (const hand of state.hands) {
    const total = playerTotal(hand.cards).total;
    const bet = ratio(hand.bet);
    if (total > 21) settleHand(hand, 'bust', ratio(0));
    else if (dealer > 21 || total > dealer) settleHand(hand, 'win', ratio(2 * hand.bet));
    else if (total === dealer) settleHand(hand, 'push', bet);
    else settleHand(hand, 'lose', ratio(0));
  }
  return finish(state);
}

/** Dealer cards the player may see: only the up card while the player acts. */
export function visibleDealerCards(state: BlackjackState): Card[] {
  return state.status === 'player' ? state.dealer.slice(0, 1) : [...state.dealer];
}

/** Total return of a settled round in base bets (exact), or null while it is in play. */
export function blackjackReturn(state: BlackjackState): Rational | null {
  return state.totalReturn ? fromJsonR(state.totalReturn) : null;
}
