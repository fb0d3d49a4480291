// Public door of @cosmic/poker: pure, platform-neutral No-Limit Texas Hold'em.

/** Card indexes (the game-engine deck order), rank/suit, labels and a parser for "As Kd" notation. */
export { type CardIndex, POKER_DECK_SIZE, rankOf, suitOf, cardText, parseCards } from './lib/cards';
/** Hand values: the 5–7 card evaluator, categories, descriptions and the best five cards. */
export {
  type HandValue,
  type HandCategory,
  HAND_CATEGORIES,
  evaluate,
  categoryOf,
  describeHand,
  bestFive,
} from './lib/evaluator';
/** The provably-fair deck: Fisher–Yates over one seed stream. */
export { shuffleDeck, pokerDeck } from './lib/shuffle';
/** Pots: the uncalled bet, main and side pots, and splitting a pot (odd chips left of the button). */
export { type Contribution, type Pot, type PotAward, uncalledBet, buildPots, awardPot } from './lib/pots';
/** Hand state, players, actions, events, results and legal moves. */
export type {
  Street,
  PlayerKind,
  SeatedPlayer,
  HandPlayer,
  PokerAction,
  AutoReason,
  HandEvent,
  HandResult,
  HandState,
  LegalActions,
} from './lib/types';
/** Every action type. */
export { POKER_ACTIONS } from './lib/types';
/** Seat count, button movement and clockwise order. */
export { MAX_SEATS, nextButton, clockwiseAfter } from './lib/seats';
/** The hand state machine: deal, legal moves, actions, the timer's default, folding a player who left. */
export { type HandSetup, startHand, legalActions, applyAction, timeoutAction, foldSeat } from './lib/table';
/** What a viewer may see of a hand. */
export { type PublicHand, type PublicHandPlayer, publicHand } from './lib/view';
/** Preflop strength (Chen score) and Monte-Carlo equity. */
export { chenScore, equity } from './lib/equity';
/** The bots: what they see, their temperaments and their decisions. */
export { type BotStyle, type BotView, DEFAULT_BOT_STYLE, botView, botDecision } from './lib/bot';
/** The table protocol: lobby rows, seats, views, history, fairness, socket messages and constants. */
export {
  type TableSummary,
  type SeatView,
  type HandFairness,
  type HandSummary,
  type TableView,
  type PokerMe,
  type CashOutResult,
  type ClientMessage,
  type ServerMessage,
  CHIPS_PER_HC,
  POKER_WS_PATH,
} from './lib/protocol';
