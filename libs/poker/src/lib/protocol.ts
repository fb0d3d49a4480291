import type { CardIndex } from './cards';
import type { HandEvent, PlayerKind } from './types';
import type { PublicHand } from './view';

/**
 * The table protocol shared by the API and the browser: REST answers and WebSocket messages.
 * Chips are whole numbers; HC amounts are decimal strings like the rest of the API.
 */

/** A table in the lobby list. */
export interface TableSummary {
  id: string;
  name: string;
  seats: number;
  humans: number;
  bots: number;
  smallBlind: number;
  bigBlind: number;
  /** Whole HC. */
  minBuyIn: number;
  maxBuyIn: number;
  /** Bots take the empty seats (one seat is always kept open for a new player). */
  botsFill: boolean;
}

/** Someone sitting at the table. */
export interface SeatView {
  seat: number;
  id: string;
  name: string;
  kind: PlayerKind;
  /** Chips behind (during a hand: not counting what is already in the pot). */
  stack: number;
  /** Not dealt in: busted, timed out twice, or chose to sit out. */
  sittingOut: boolean;
  /** Joined during a hand: dealt in from the next one. */
  waiting: boolean;
}

/** The seed triple of a hand. The server seed is revealed once the hand is over. */
export interface HandFairness {
  handNo: number;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
}

/** A finished hand for the history panel. */
export interface HandSummary {
  handNo: number;
  board: CardIndex[];
  players: Array<{ seat: number; name: string; kind: PlayerKind; net: number; cards: CardIndex[] | null }>;
  winners: Array<{ seat: number; name: string; amount: number; description: string | null }>;
  events: HandEvent[];
  fairness: HandFairness;
  endedAt: number;
}

/** One viewer's picture of a table (their own hole cards only). */
export interface TableView {
  table: TableSummary;
  /** MAX_SEATS entries; null for an empty seat. */
  seats: Array<SeatView | null>;
  /** The hand in play, or the one that just ended. */
  hand: PublicHand | null;
  /** The viewer's seat, or null when watching. */
  you: { seat: number; stack: number; sittingOut: boolean } | null;
  /** Whose turn and when their timer runs out (server clock, ms since the epoch). */
  turn: { seat: number; endsAt: number; totalMs: number } | null;
  nextHandAt: number | null;
  /** The hand in play's seeds (server seed hidden), and the hash committed for the next hand. */
  fairness: { current: HandFairness | null; nextServerSeedHash: string };
  /** The last hands, newest first. A socket omits it when it has not changed since the last view it sent. */
  history?: HandSummary[];
  serverTime: number;
}

/** The viewer's own poker account: where they sit and the odd chips kept from the last cash-out. */
export interface PokerMe {
  seat: { tableId: string; seat: number; chips: number } | null;
  /** Chips under 100 kept from a cash-out (floor(chips/100) HC is paid); added to the next buy-in. */
  changeChips: number;
  chipsPerHc: number;
}

/** Answer to a cash-out. */
export interface CashOutResult {
  chips: number;
  /** HC credited: floor(chips / 100). */
  hc: string;
  changeChips: number;
  balance: string;
}

/** Messages the browser sends over the table socket ({event, data}, the Nest WsAdapter format). */
export type ClientMessage =
  | { event: 'watch'; data: { tableId: string } }
  | { event: 'act'; data: { tableId: string; action: string; amount?: number; id?: number } }
  | { event: 'sit-in'; data: { tableId: string; id?: number } };

/** Messages the server sends: a fresh table view after every change, answers to acts, errors. */
export type ServerMessage =
  | { event: 'table'; data: TableView }
  | { event: 'ack'; data: { id: number | null; ok: boolean; error?: string } }
  | { event: 'error'; data: { message: string } };

/** Chips per House Coin. */
export const CHIPS_PER_HC = 100;
/** The WebSocket path of the table server. */
export const POKER_WS_PATH = '/api/poker/ws';
