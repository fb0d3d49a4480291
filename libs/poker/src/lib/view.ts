import type { CardIndex } from './cards';
import { legalActions } from './table';
import type { HandEvent, HandResult, HandState, LegalActions, PlayerKind, Street } from './types';

/** A player in a hand as someone at the table sees them. */
export interface PublicHandPlayer {
  seat: number;
  id: string;
  name: string;
  kind: PlayerKind;
  stack: number;
  bet: number;
  total: number;
  folded: boolean;
  allIn: boolean;
  /** The viewer's own cards, or cards shown at the showdown; null when face down. */
  cards: CardIndex[] | null;
}

/** A hand as one viewer may see it: no deck, no other player's hole cards before the showdown. */
export interface PublicHand {
  handNo: number;
  button: number;
  smallBlindSeat: number;
  bigBlindSeat: number;
  smallBlind: number;
  bigBlind: number;
  street: Street;
  board: CardIndex[];
  /** All chips in the middle, bets of the current street included. */
  pot: number;
  currentBet: number;
  toAct: number | null;
  players: PublicHandPlayer[];
  /** The viewer's legal moves when it is their turn. */
  legal: LegalActions | null;
  events: HandEvent[];
  finished: boolean;
  result: HandResult | null;
}

/** What `viewerSeat` (null: a spectator) may see of the hand. */
export function publicHand(s: HandState, viewerSeat: number | null): PublicHand {
  const shown = new Set(s.events.filter((e) => e.type === 'show').map((e) => (e as { seat: number }).seat));
  return {
    handNo: s.handNo,
    button: s.button,
    smallBlindSeat: s.smallBlindSeat,
    bigBlindSeat: s.bigBlindSeat,
    smallBlind: s.smallBlind,
    bigBlind: s.bigBlind,
    street: s.street,
    board: [...s.board],
    pot: s.players.reduce((a, p) => a + p.total, 0),
    currentBet: s.currentBet,
    toAct: s.toAct,
    players: s.players.map((p) => ({
      seat: p.seat,
      id: p.id,
      name: p.name,
      kind: p.kind,
      stack: p.stack,
      bet: p.bet,
      total: p.total,
      folded: p.folded,
      allIn: p.allIn,
      cards: p.seat === viewerSeat || shown.has(p.seat) ? [...p.hole] : null,
    })),
    legal: viewerSeat === null ? null : legalActions(s, viewerSeat),
    events: s.events.map((e) => ({ ...e })),
    finished: s.finished,
    result: s.result,
  };
}
