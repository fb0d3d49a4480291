import type { CardIndex } from './cards';
import type { PotAward } from './pots';

/** Betting rounds, then the showdown; `done` once the chips have been pushed. */
export type Street = 'preflop' | 'flop' | 'turn' | 'river' | 'showdown';

/** Humans play with chips bought with HC; bots play house chips that never leave the table. */
export type PlayerKind = 'human' | 'bot';

/** Who sits down for a hand. */
export interface SeatedPlayer {
  seat: number;
  id: string;
  name: string;
  kind: PlayerKind;
  stack: number;
}

/** A player inside a hand. Amounts are whole chips. */
export interface HandPlayer extends SeatedPlayer {
  /** Chips at the start of the hand, before blinds. */
  startStack: number;
  /** Chips put in on the current street. */
  bet: number;
  /** Chips put in this hand, the current street included. */
  total: number;
  hole: CardIndex[];
  folded: boolean;
  allIn: boolean;
  /** Acted since the street began or since the last full raise. */
  acted: boolean;
  /** The bet level this player last matched: a raise is open to them again only after a full raise beyond it. */
  matched: number;
}

/** A player's move. `bet` and `raise` name the street total the player's bet goes to. */
export type PokerAction =
  | { type: 'fold' }
  | { type: 'check' }
  | { type: 'call' }
  | { type: 'bet'; amount: number }
  | { type: 'raise'; amount: number }
  | { type: 'allin' };

/** Every action type. */
export const POKER_ACTIONS = ['fold', 'check', 'call', 'bet', 'raise', 'allin'] as const;

/** Why an action was taken for a player rather than by them. */
export type AutoReason = 'timeout' | 'left';

/** One line of the hand's story, in order: what the hand history shows. */
export type HandEvent =
  | { type: 'blind'; seat: number; blind: 'small' | 'big'; amount: number }
  | { type: 'action'; seat: number; action: PokerAction['type']; amount: number; to: number; auto?: AutoReason }
  | { type: 'street'; street: Exclude<Street, 'preflop'>; cards: CardIndex[] }
  | { type: 'refund'; seat: number; amount: number }
  | { type: 'show'; seat: number; cards: CardIndex[]; value: number; description: string }
  | { type: 'win'; seat: number; amount: number; pot: number; description: string | null };

/** How a hand ended: pots with winners, every seat's chip change, the hands shown. */
export interface HandResult {
  uncontested: boolean;
  pots: PotAward[];
  /** Chips each seat took from the pots (refunds of uncalled bets not included). */
  won: Record<number, number>;
  /** Final stack minus start stack, per seat; sums to zero. */
  net: Record<number, number>;
}

/** A hand from the deal to the end. Plain JSON; the functions never mutate their input. */
export interface HandState {
  handNo: number;
  smallBlind: number;
  bigBlind: number;
  button: number;
  smallBlindSeat: number;
  bigBlindSeat: number;
  /** Players dealt in, by seat number. */
  players: HandPlayer[];
  /** The shuffled deck (secret until the hand ends) and the next card's position. */
  deck: CardIndex[];
  deckPos: number;
  board: CardIndex[];
  street: Street;
  /** Seat whose turn it is; null between streets and once the hand is over. */
  toAct: number | null;
  /** The street's bet level everyone must match. */
  currentBet: number;
  /** Size of the last full bet or raise on this street (at least the big blind). */
  minRaise: number;
  events: HandEvent[];
  finished: boolean;
  result: HandResult | null;
}

/** What a player may do now. Bet and raise bounds are street totals ("raise to"). */
export interface LegalActions {
  seat: number;
  toCall: number;
  fold: boolean;
  check: boolean;
  call: boolean;
  bet: { min: number; max: number } | null;
  raise: { min: number; max: number } | null;
  /** The street total after going all-in, when all-in is allowed. */
  allIn: number | null;
}
