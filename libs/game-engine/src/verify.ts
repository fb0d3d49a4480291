import { blackjackAct, blackjackDeal } from './blackjack/engine';
import type { BlackjackState } from './blackjack/types';
import { type Card, cardLabel } from './cards';
import { playDice } from './dice';
import { type Result, fail } from './errors';
import { type HmacSha256, hmacSha256 } from './fair/hmac';
import type { FloatStream } from './fair/source';
import { serverSeedHash, tryFairStream } from './fair/stream';
import { hiloCashout, hiloGuess, hiloStart, type HiloState } from './hilo';
import { settledPayout } from './money';
import { playPlinko } from './plinko';
import { type Rational, type RationalJson, fromJsonR, ratio, toJsonR, toNumber } from './rational';
import { type SlotsModel, slotsModelError } from './slots/model';
import { playSlots, slotsSpinJson } from './slots/play';

/** Games the verifier knows. */
export type VerifyGame = 'dice' | 'plinko' | 'hilo' | 'blackjack' | 'slots';
/** Every game the verifier knows. */
export const VERIFY_GAMES: readonly VerifyGame[] = ['dice', 'plinko', 'hilo', 'blackjack', 'slots'];

/** Game parameters: dice `betType`; plinko `risk`; hi-lo `guesses` + `cashout`; blackjack `actions`; slots `freeSpins` (+ `model`). */
export interface VerifyParams {
  betType?: unknown;
  risk?: unknown;
  guesses?: unknown;
  cashout?: unknown;
  actions?: unknown;
  model?: unknown;
  freeSpins?: unknown;
  /** Optional stake in base units (decimal string) to also compute the payout. */
  stake?: unknown;
  /** The bet's currency for the payout: 'HC' pays whole coins (rounded down), 'AMINA' (the default) base units. */
  currency?: unknown;
}

/** A verified bet: the commitment to compare, the outcome, and the total return per unit staked. */
export interface Verified {
  game: VerifyGame;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Game-specific, JSON-able. */
  outcome: Record<string, unknown>;
  /** Total return per base bet; null while a multi-step round is still in play. */
  multiplier: RationalJson | null;
  multiplierValue: number | null;
  /** stake × multiplier rounded down to a base unit (HC: to a whole coin), in base units (when a stake was given and the round settled). */
  payout?: string;
}

const labels = (cards: readonly Card[]): string[] => cards.map(cardLabel);

function stringList(value: unknown, name: string): string[] | string {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return `${name} must be a list of strings`;
  return value;
}

/** Recomputes a bet from revealed seeds; bad seeds, nonce, game or parameters give an error result. */
export function verify(
  game: unknown,
  serverSeed: unknown,
  clientSeed: unknown,
  nonce: unknown,
  params: VerifyParams = {},
  hmac: HmacSha256 = hmacSha256,
): Result<Verified> {
  if (typeof game !== 'string' || !(VERIFY_GAMES as readonly string[]).includes(game)) {
    return fail(`game must be one of ${VERIFY_GAMES.join(', ')}`);
  }
  const opened = tryFairStream(serverSeed, clientSeed, nonce, hmac);
  if (!opened.ok) return opened;
  if (params.stake !== undefined && (typeof params.stake !== 'string' || !/^\d{1,30}$/.test(params.stake))) {
    return fail('stake must be a whole number of base units, as a decimal string');
  }
  if (params.currency !== undefined && params.currency !== 'HC' && params.currency !== 'AMINA')
    return fail('currency must be HC or AMINA');
  const played = playGame(game as VerifyGame, opened.stream, params);
  if (!played.ok) return played;
  const { outcome, multiplier } = played;
  const verified: Verified = {
    game: game as VerifyGame,
    serverSeedHash: serverSeedHash(serverSeed as string),
    clientSeed: clientSeed as string,
    nonce: nonce as number,
    outcome,
    multiplier: multiplier ? toJsonR(multiplier) : null,
    multiplierValue: multiplier ? toNumber(multiplier) : null,
  };
  if (typeof params.stake === 'string' && multiplier)
    verified.payout = settledPayout(
      params.currency === 'HC' ? 'HC' : 'AMINA',
      BigInt(params.stake),
      multiplier,
    ).toString();
  return { ok: true, ...verified };
}

type Played = Result<{ outcome: Record<string, unknown>; multiplier: Rational | null }>;

function playGame(game: VerifyGame, stream: FloatStream, params: VerifyParams): Played {
  switch (game) {
    case 'dice': {
      const r = playDice(stream, params.betType);
      if (!r.ok) return r;
      const { multiplier, ...rest } = r.outcome;
      return { ok: true, outcome: { ...rest }, multiplier };
    }
    case 'plinko': {
      const r = playPlinko(stream, params.risk);
      if (!r.ok) return r;
      const { multiplier, ...rest } = r.outcome;
      return { ok: true, outcome: { ...rest }, multiplier };
    }
    case 'hilo':
      return verifyHilo(stream, params);
    case 'blackjack':
      return verifyBlackjack(stream, params);
    case 'slots':
      return verifySlots(stream, params);
  }
}

function hiloOutcome(state: HiloState): Record<string, unknown> {
  return {
    status: state.status,
    cards: labels(state.cards),
    cardIndexes: state.cards.map((c) => c.index),
    guesses: state.guesses.map((g) => ({ direction: g.direction, card: cardLabel(g.card), won: g.won })),
    streak: state.streak,
    runMultiplier: state.multiplier,
  };
}

function verifyHilo(stream: FloatStream, params: VerifyParams): Played {
  const guesses = stringList(params.guesses, 'guesses');
  if (typeof guesses === 'string') return fail(guesses);
  if (params.cashout !== undefined && typeof params.cashout !== 'boolean') return fail('cashout must be true or false');
  let state = hiloStart(stream);
  for (let i = 0; i < guesses.length; i++) {
    const r = hiloGuess(state, guesses[i], stream);
    if (!r.ok) return fail(`guess ${i + 1} (${guesses[i]}): ${r.error}`);
    state = r.state;
  }
  if (params.cashout === true) {
    const r = hiloCashout(state);
    if (!r.ok) return fail(`cashout: ${r.error}`);
    state = r.state;
  }
  const multiplier =
    state.status === 'lost' ? ratio(0) : state.status === 'cashed' ? fromJsonR(state.multiplier) : null;
  return { ok: true, outcome: hiloOutcome(state), multiplier };
}

function blackjackOutcome(state: BlackjackState): Record<string, unknown> {
  return {
    status: state.status,
    dealer: labels(state.dealer),
    hands: state.hands.map((h) => ({
      cards: labels(h.cards),
      bet: h.bet,
      doubled: h.doubled,
      result: h.result,
      payout: h.payout,
    })),
    totalStaked: state.totalStaked,
    totalReturn: state.totalReturn,
    cursor: state.cursor,
  };
}

function verifyBlackjack(stream: FloatStream, params: VerifyParams): Played {
  const actions = stringList(params.actions, 'actions');
  if (typeof actions === 'string') return fail(actions);
  let state = blackjackDeal(stream);
  for (let i = 0; i < actions.length; i++) {
    const r = blackjackAct(state, actions[i], stream);
    if (!r.ok) return fail(`action ${i + 1} (${actions[i]}): ${r.error}`);
    state = r.state;
  }
  return {
    ok: true,
    outcome: blackjackOutcome(state),
    multiplier: state.totalReturn ? fromJsonR(state.totalReturn) : null,
  };
}

function verifySlots(stream: FloatStream, params: VerifyParams): Played {
  if (params.freeSpins !== undefined && typeof params.freeSpins !== 'boolean')
    return fail('freeSpins must be true or false');
  const mode = params.freeSpins === true ? 'free' : 'base';
  // The shipped model by default; a caller may pass another (e.g. to check an older published one).
  if (params.model === undefined) return slotsPlayed(playSlots(stream, { mode }));
  const model = params.model as SlotsModel;
  const error = typeof model === 'object' && model !== null ? safeModelError(model) : 'model must be an object';
  if (error) return fail(`model: ${error}`);
  try {
    return slotsPlayed(playSlots(stream, { mode }, model));
  } catch (e) {
    return fail(`model: ${(e as Error).message}`);
  }
}

function slotsPlayed(spin: ReturnType<typeof playSlots>): Played {
  const { multiplier: _json, multiplierValue: _value, ...outcome } = slotsSpinJson(spin);
  return { ok: true, outcome, multiplier: spin.multiplier };
}

function safeModelError(model: SlotsModel): string | null {
  try {
    return slotsModelError(model);
  } catch {
    return 'malformed slots model';
  }
}
