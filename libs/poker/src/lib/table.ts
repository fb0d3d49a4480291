import { fail, type Result } from '@cosmic/game-engine';
import { POKER_DECK_SIZE } from './cards';
import { clockwiseAfter, MAX_SEATS } from './seats';
import { settleHand } from './settle';
import type { AutoReason, HandPlayer, HandState, LegalActions, PokerAction, SeatedPlayer } from './types';

/** Everything a hand needs to start. */
export interface HandSetup {
  handNo: number;
  players: readonly SeatedPlayer[];
  button: number;
  deck: readonly number[];
  smallBlind: number;
  bigBlind: number;
}

const clone = (s: HandState): HandState => JSON.parse(JSON.stringify(s)) as HandState;
const player = (s: HandState, seat: number): HandPlayer | undefined => s.players.find((p) => p.seat === seat);
const needsToAct = (s: HandState, p: HandPlayer) => !p.folded && !p.allIn && (!p.acted || p.bet < s.currentBet);
const canRaise = (s: HandState, p: HandPlayer) => !p.acted || s.currentBet - p.matched >= s.minRaise;

function put(p: HandPlayer, chips: number): void {
  const a = Math.min(chips, p.stack);
  p.stack -= a;
  p.bet += a;
  p.total += a;
  if (p.stack === 0) p.allIn = true;
}

function deal(s: HandState, n: number): number[] {
  const cards = s.deck.slice(s.deckPos, s.deckPos + n);
  s.deckPos += n;
  return cards;
}

/**
 * Deals a hand: blinds (heads-up the button posts the small blind), two hole cards each, one at
 * a time starting left of the button, and the first player to act. No burn cards: the deck
 * order is fixed by the shuffle, so burning changes nothing a player can verify.
 */
export function startHand(setup: HandSetup): HandState {
  const { players, button, deck, smallBlind, bigBlind } = setup;
  if (players.length < 2 || players.length > MAX_SEATS)
    throw new Error(`startHand: 2–${MAX_SEATS} players needed, got ${players.length}`);
  if (deck.length !== POKER_DECK_SIZE || new Set(deck).size !== POKER_DECK_SIZE)
    throw new Error('startHand: the deck must be a permutation of 52 cards');
  if (!players.some((p) => p.seat === button)) throw new Error(`startHand: button seat ${button} is empty`);
  if (players.some((p) => !Number.isSafeInteger(p.stack) || p.stack <= 0))
    throw new Error('startHand: every player needs chips');
  const order = clockwiseAfter(players, button);
  const headsUp = players.length === 2;
  const sbSeat = headsUp ? button : order[0];
  const bbSeat = headsUp ? order[0] : order[1];
  const s: HandState = {
    handNo: setup.handNo,
    smallBlind,
    bigBlind,
    button,
    smallBlindSeat: sbSeat,
    bigBlindSeat: bbSeat,
    players: [...players]
      .sort((a, b) => a.seat - b.seat)
      .map((p) => ({
        ...p,
        startStack: p.stack,
        bet: 0,
        total: 0,
        hole: [],
        folded: false,
        allIn: false,
        acted: false,
        matched: 0,
      })),
    deck: [...deck],
    deckPos: 0,
    board: [],
    street: 'preflop',
    toAct: null,
    currentBet: bigBlind,
    minRaise: bigBlind,
    events: [],
    finished: false,
    result: null,
  };
  for (const [seat, blind, amount] of [
    [sbSeat, 'small', smallBlind],
    [bbSeat, 'big', bigBlind],
  ] as const) {
    const p = player(s, seat)!;
    const before = p.total;
    put(p, amount);
    s.events.push({ type: 'blind', seat, blind, amount: p.total - before });
  }
  for (let round = 0; round < 2; round++) for (const seat of order) player(s, seat)!.hole.push(deal(s, 1)[0]);
  s.toAct = firstToAct(s, bbSeat);
  if (s.toAct === null) endStreet(s);
  return s;
}

function firstToAct(s: HandState, after: number): number | null {
  for (const seat of clockwiseAfter(s.players, after)) if (needsToAct(s, player(s, seat)!)) return seat;
  return null;
}

/** What the player in `seat` may do now; null when it is not their turn. */
export function legalActions(s: HandState, seat: number): LegalActions | null {
  if (s.finished || s.toAct !== seat) return null;
  const p = player(s, seat)!;
  const toCall = Math.max(0, s.currentBet - p.bet);
  const maxTo = p.bet + p.stack;
  const raiseOpen = canRaise(s, p);
  let bet: LegalActions['bet'] = null;
  let raise: LegalActions['raise'] = null;
  if (s.currentBet === 0 && p.stack >= s.bigBlind) bet = { min: s.bigBlind, max: maxTo };
  if (s.currentBet > 0 && raiseOpen && maxTo >= s.currentBet + s.minRaise)
    raise = { min: s.currentBet + s.minRaise, max: maxTo };
  const allInIsCall = maxTo <= s.currentBet;
  return {
    seat,
    toCall: Math.min(toCall, p.stack),
    fold: toCall > 0,
    check: toCall === 0,
    call: toCall > 0,
    bet,
    raise,
    allIn: p.stack > 0 && (allInIsCall || raiseOpen) ? maxTo : null,
  };
}

/** The action a silent player gets when the turn timer runs out: check if free, else fold. */
export function timeoutAction(s: HandState): PokerAction {
  const legal = s.toAct === null ? null : legalActions(s, s.toAct);
  return legal?.check ? { type: 'check' } : { type: 'fold' };
}

/** Plays `action` for `seat`; an illegal action is answered with a failed result saying why. */
export function applyAction(
  state: HandState,
  seat: number,
  action: PokerAction,
  auto?: AutoReason,
): Result<{ state: HandState }> {
  if (state.finished) return fail('The hand is over');
  if (state.toAct !== seat) return fail('It is not your turn');
  const legal = legalActions(state, seat)!;
  const s = clone(state);
  const p = player(s, seat)!;
  const before = p.bet;
  switch (action.type) {
    case 'fold':
      if (!legal.fold && auto === undefined) return fail('Nothing to call: check instead of folding');
      p.folded = true;
      break;
    case 'check':
      if (!legal.check) return fail(`You must call ${legal.toCall}, raise or fold`);
      break;
    case 'call':
      if (!legal.call) return fail('Nothing to call: check instead');
      put(p, legal.toCall);
      break;
    case 'bet':
    case 'raise': {
      const range = action.type === 'bet' ? legal.bet : legal.raise;
      if (!range) return fail(action.type === 'bet' ? 'You cannot bet now' : 'You cannot raise now');
      if (!Number.isSafeInteger(action.amount) || action.amount < range.min || action.amount > range.max) {
        return fail(
          `${action.type === 'bet' ? 'Bet' : 'Raise'} must be to between ${range.min} and ${range.max} chips`,
        );
      }
      put(p, action.amount - p.bet);
      raiseTo(s, p);
      break;
    }
    case 'allin':
      if (legal.allIn === null) return fail('You cannot go all-in now: call or fold');
      put(p, p.stack);
      if (p.bet > s.currentBet) raiseTo(s, p);
      break;
    default:
      return fail('Unknown action');
  }
  p.acted = true;
  p.matched = s.currentBet;
  s.events.push({
    type: 'action',
    seat,
    action: action.type,
    amount: p.bet - before,
    to: p.bet,
    ...(auto ? { auto } : {}),
  });
  advance(s, seat);
  return { ok: true, state: s };
}

/** A bet or raise to p.bet: a full raise (at least the last one) reopens the betting for everyone else. */
function raiseTo(s: HandState, p: HandPlayer): void {
  const increase = p.bet - s.currentBet;
  if (increase >= s.minRaise) {
    s.minRaise = increase;
    for (const o of s.players) if (o !== p) o.acted = false;
  }
  s.currentBet = p.bet;
}

/**
 * Folds `seat` out of turn (the player left the table). Their chips stay in the pot. On their
 * turn this is an ordinary fold.
 */
export function foldSeat(state: HandState, seat: number): HandState {
  const p0 = player(state, seat);
  if (state.finished || !p0 || p0.folded) return state;
  if (state.toAct === seat) {
    const r = applyAction(state, seat, { type: 'fold' }, 'left');
    if (r.ok) return r.state;
  }
  const s = clone(state);
  player(s, seat)!.folded = true;
  s.events.push({ type: 'action', seat, action: 'fold', amount: 0, to: player(s, seat)!.bet, auto: 'left' });
  if (s.players.filter((p) => !p.folded).length === 1) settleHand(s);
  else if (s.toAct === null || !needsToAct(s, player(s, s.toAct)!)) advance(s, s.toAct ?? seat);
  return s;
}

function advance(s: HandState, from: number): void {
  if (s.players.filter((p) => !p.folded).length === 1) {
    settleHand(s);
    return;
  }
  s.toAct = firstToAct(s, from);
  if (s.toAct === null) endStreet(s);
}

/** Closes the street; deals the next one, or runs the board out when at most one player can still bet. */
function endStreet(s: HandState): void {
  for (;;) {
    for (const p of s.players) {
      p.bet = 0;
      p.acted = false;
      p.matched = 0;
    }
    s.currentBet = 0;
    s.minRaise = s.bigBlind;
    s.toAct = null;
    if (s.street === 'river') {
      s.street = 'showdown';
      settleHand(s);
      return;
    }
    const next = s.street === 'preflop' ? 'flop' : s.street === 'flop' ? 'turn' : 'river';
    const cards = deal(s, next === 'flop' ? 3 : 1);
    s.board.push(...cards);
    s.street = next;
    s.events.push({ type: 'street', street: next, cards });
    const canBet = s.players.filter((p) => !p.folded && !p.allIn);
    if (canBet.length >= 2) {
      s.toAct = firstToAct(s, s.button);
      if (s.toAct !== null) return;
    }
  }
}
