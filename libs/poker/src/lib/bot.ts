import type { FloatSource } from '@cosmic/game-engine';
import type { CardIndex } from './cards';
import { chenScore, equity } from './equity';
import { legalActions } from './table';
import type { HandState, LegalActions, PokerAction, Street } from './types';

/** A bot's temperament: how many hands it plays, how often it bets, how often it bluffs. */
export interface BotStyle {
  /** Added to the Chen thresholds: positive plays fewer hands. */
  tightness: number;
  /** 0..1: preference for betting and raising over checking and calling. */
  aggression: number;
  /** 0..1: chance to bet with a weak hand when checked to. */
  bluff: number;
}

/** A balanced regular: the default temperament. */
export const DEFAULT_BOT_STYLE: BotStyle = { tightness: 0, aggression: 0.5, bluff: 0.06 };

/** Exactly what a bot may know: its own cards, the board, the chips and its legal moves; never the deck or other hands. */
export interface BotView {
  hole: CardIndex[];
  board: CardIndex[];
  street: Street;
  /** Every chip in the middle, current bets included. */
  pot: number;
  stack: number;
  bigBlind: number;
  currentBet: number;
  /** Opponents still in the hand. */
  opponents: number;
  legal: LegalActions;
}

/** The bot's view of the hand for the player in `seat` (null when it is not their turn). */
export function botView(s: HandState, seat: number): BotView | null {
  const legal = legalActions(s, seat);
  const me = s.players.find((p) => p.seat === seat);
  if (!legal || !me) return null;
  return {
    hole: [...me.hole],
    board: [...s.board],
    street: s.street,
    pot: s.players.reduce((a, p) => a + p.total, 0),
    stack: me.stack,
    bigBlind: s.bigBlind,
    currentBet: s.currentBet,
    opponents: s.players.filter((p) => !p.folded && p.seat !== seat).length,
    legal,
  };
}

/** Bet or raise to about `target` chips, inside the legal range; all-in when the range tops out there. */
function sized(legal: LegalActions, target: number): PokerAction | null {
  const range = legal.bet ?? legal.raise;
  if (!range) return null;
  const amount = Math.max(range.min, Math.min(range.max, Math.round(target)));
  if (amount >= range.max) return { type: 'allin' };
  return legal.bet ? { type: 'bet', amount } : { type: 'raise', amount };
}

const passive = (legal: LegalActions): PokerAction => (legal.check ? { type: 'check' } : { type: 'fold' });
const callOrCheck = (legal: LegalActions): PokerAction => (legal.check ? { type: 'check' } : { type: 'call' });

/** Preflop: Chen-score tiers, raise sizes in big blinds, and how much of its stack a tier will call. */
function preflop(v: BotView, style: BotStyle, rng: FloatSource): PokerAction {
  const { legal, bigBlind: bb } = v;
  const score = chenScore(v.hole[0], v.hole[1]) - style.tightness;
  const raised = v.currentBet > bb;
  const short = v.stack + legal.toCall <= 12 * bb;
  if (short && score >= 8) return legal.allIn !== null ? { type: 'allin' } : callOrCheck(legal);
  if (score >= 11) {
    // premium: raise, re-raise three times the bet, never fold to a raise
    return sized(legal, raised ? v.currentBet * 3 : bb * 3) ?? callOrCheck(legal);
  }
  if (score >= 8) {
    if (!raised)
      return rng.next() < 0.5 + style.aggression / 2
        ? (sized(legal, bb * 3) ?? callOrCheck(legal))
        : callOrCheck(legal);
    return legal.toCall <= v.stack / 4 ? callOrCheck(legal) : passive(legal);
  }
  if (score >= 6) {
    if (!raised) return legal.toCall <= bb ? callOrCheck(legal) : passive(legal);
    return legal.toCall <= 3 * bb ? callOrCheck(legal) : passive(legal);
  }
  return legal.check
    ? { type: 'check' }
    : v.currentBet <= bb && legal.toCall * 2 <= bb
      ? { type: 'call' }
      : { type: 'fold' };
}

/**
 * Postflop: Monte-Carlo equity against the opponents still in, compared with the pot odds.
 * Strong hands bet or raise for value, hands with the price call, the rest check or fold, with
 * an occasional bluff when checked to.
 */
function postflop(v: BotView, style: BotStyle, rng: FloatSource, samples: number): PokerAction {
  const { legal, pot } = v;
  const eq = equity(v.hole, v.board, v.opponents, samples, rng);
  const potOdds = legal.toCall / (pot + legal.toCall);
  const roll = rng.next();
  if (eq >= 0.8 || (eq >= 0.65 && roll < style.aggression)) {
    const target = legal.bet ? pot * (0.6 + 0.4 * roll) : v.currentBet * 2.5 + pot * 0.5;
    return sized(legal, target) ?? callOrCheck(legal);
  }
  if (legal.check) {
    if (eq >= 0.55 && roll < 0.4 + style.aggression / 2) return sized(legal, pot * 0.6) ?? { type: 'check' };
    if (v.street !== 'river' || eq < 0.3) {
      if (roll < style.bluff) return sized(legal, pot * 0.5) ?? { type: 'check' };
    }
    return { type: 'check' };
  }
  // facing a bet: call with the price (a little margin for being out of position), else fold
  return eq > potOdds + 0.03 ? { type: 'call' } : { type: 'fold' };
}

/**
 * A bot's move, deterministic for a given view, style and random source. Always legal for the
 * view's legal actions.
 */
export function botDecision(
  v: BotView,
  rng: FloatSource,
  style: BotStyle = DEFAULT_BOT_STYLE,
  samples = 300,
): PokerAction {
  const action = v.street === 'preflop' ? preflop(v, style, rng) : postflop(v, style, rng, samples);
  return legalise(action, v.legal);
}

/** Maps a wish onto the legal moves: a call that is not allowed becomes a check, and so on. */
function legalise(a: PokerAction, legal: LegalActions): PokerAction {
  switch (a.type) {
    case 'fold':
      return legal.fold ? a : { type: 'check' };
    case 'check':
      return legal.check ? a : { type: 'fold' };
    case 'call':
      return legal.call ? a : { type: 'check' };
    case 'allin':
      return legal.allIn !== null ? a : callOrCheck(legal);
    default:
      return a;
  }
}
