import { type Card, cardFromFloat, hiloValue } from './cards';
import { type Result, fail, GameEngineError } from './errors';
import type { FloatTape } from './fair/source';
import { type Rational, type RationalJson, fromJsonR, mulR, ratio, toJsonR, divR } from './rational';

/** House edge per hi-lo guess: 1%. */
export const HILO_EDGE: Rational = ratio(1, 100);

/** A hi-lo guess: the next card strictly higher or strictly lower (equal loses). */
export type HiloDirection = 'higher' | 'lower';

/** One guess of a run. */
export interface HiloGuessRecord {
  direction: HiloDirection;
  /** The card the guess was about (drawn after the guess). */
  card: Card;
  won: boolean;
}

/**
 * A hi-lo run, JSON-serialisable (the API stores it in a row). `cards[0]` comes from float 0 and
 * the card after guess k from float k, so `cursor` (= cards.length) is the next float index.
 */
export interface HiloState {
  status: 'active' | 'lost' | 'cashed';
  cards: Card[];
  guesses: HiloGuessRecord[];
  cursor: number;
  /** Correct guesses so far. */
  streak: number;
  /** Total return per unit staked if cashed out now (exact, product of the step factors). */
  multiplier: RationalJson;
}

/** Odds of one side of the next guess. */
export interface HiloSide {
  /** False when the guess cannot win (higher than a King, lower than an Ace). */
  allowed: boolean;
  /** Exact probability the guess wins. */
  p: Rational;
  /** The factor a win multiplies the run by: (1 − edge) / p (0 when not allowed). */
  factor: Rational;
  /** The run's multiplier after a win. */
  nextMultiplier: Rational;
}

/** Exact probability that a guess wins from a card of hi-lo value v (unlimited deck). */
export function hiloProbability(value: number, direction: HiloDirection): Rational {
  if (!Number.isInteger(value) || value < 1 || value > 13) {
    throw new GameEngineError(`Hi-lo value must be 1..13, got ${value}`);
  }
  return direction === 'higher' ? ratio(13 - value, 13) : ratio(value - 1, 13);
}

/** Multiplier factor of a winning guess: (1 − edge) / p; 0 when p = 0. */
export function hiloFactor(value: number, direction: HiloDirection): Rational {
  const p = hiloProbability(value, direction);
  if (p.num === 0n) return ratio(0);
  return divR(ratio(HILO_EDGE.den - HILO_EDGE.num, HILO_EDGE.den), p);
}

/** The run's current multiplier as an exact rational. */
export function hiloMultiplier(state: HiloState): Rational {
  return fromJsonR(state.multiplier);
}

/** Odds and next multipliers for both sides of the next guess. */
export function hiloOdds(state: HiloState): Record<HiloDirection, HiloSide> {
  const value = hiloValue(currentCard(state));
  const m = hiloMultiplier(state);
  const side = (direction: HiloDirection): HiloSide => {
    const p = hiloProbability(value, direction);
    const factor = hiloFactor(value, direction);
    return { allowed: p.num > 0n, p, factor, nextMultiplier: mulR(m, factor) };
  };
  return { higher: side('higher'), lower: side('lower') };
}

function currentCard(state: HiloState): Card {
  const card = state.cards[state.cards.length - 1];
  if (!card) throw new GameEngineError('Hi-lo state has no cards');
  return card;
}

/** Starts a run: the first card comes from float 0. */
export function hiloStart(tape: FloatTape): HiloState {
  return {
    status: 'active',
    cards: [cardFromFloat(tape.at(0))],
    guesses: [],
    cursor: 1,
    streak: 0,
    multiplier: toJsonR(ratio(1)),
  };
}

/** True for a known direction. */
export function isHiloDirection(value: unknown): value is HiloDirection {
  return value === 'higher' || value === 'lower';
}

/** Makes a guess; the next card comes from float `state.cursor`. Bad guesses are error results. */
export function hiloGuess(state: HiloState, direction: unknown, tape: FloatTape): Result<{ state: HiloState }> {
  if (!isHiloDirection(direction)) return fail('direction must be "higher" or "lower"');
  if (state.status !== 'active')
    return fail(
      state.status === 'lost' ? 'The run is over: the last guess lost' : 'The run is over: it was cashed out',
    );
  const from = currentCard(state);
  const value = hiloValue(from);
  const p = hiloProbability(value, direction);
  if (p.num === 0n) {
    return fail(direction === 'higher' ? 'Cannot guess higher than a King' : 'Cannot guess lower than an Ace');
  }
  const card = cardFromFloat(tape.at(state.cursor));
  const next = hiloValue(card);
  const won = direction === 'higher' ? next > value : next < value;
  const multiplier = won ? mulR(hiloMultiplier(state), hiloFactor(value, direction)) : ratio(0);
  return {
    ok: true,
    state: {
      status: won ? 'active' : 'lost',
      cards: [...state.cards, card],
      guesses: [...state.guesses, { direction, card, won }],
      cursor: state.cursor + 1,
      streak: won ? state.streak + 1 : state.streak,
      multiplier: toJsonR(multiplier),
    },
  };
}

/** Cashes out an active run with at least one correct guess; pays stake × multiplier (see `payout`). */
export function hiloCashout(state: HiloState): Result<{ state: HiloState; multiplier: Rational }> {
  if (state.status !== 'active')
    return fail(state.status === 'lost' ? 'The run is over: the last guess lost' : 'The run was already cashed out');
  if (state.streak === 0) return fail('Make at least one correct guess before cashing out');
  return { ok: true, state: { ...state, status: 'cashed' }, multiplier: hiloMultiplier(state) };
}
