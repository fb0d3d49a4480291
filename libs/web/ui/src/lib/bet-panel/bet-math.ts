// Bet panel rules (spec §5), all in bigint base units of the 8-decimal scale — never floats.

/** The two currencies a bet can be placed in. */
export type BetCurrency = 'AMINA' | 'HC';

/** Base units per coin (10^8), the same for AMINA and HC. */
export const COIN = 100_000_000n;
/** Smallest AMINA bet: 0.001. */
export const AMINA_MIN_BET = COIN / 1000n;
/** Smallest HC bet: 1. */
export const HC_MIN_BET = COIN;
/** Largest HC bet: 1000. */
export const HC_MAX_BET = 1000n * COIN;
/** HC per AMINA when switching currency (AMINA → HC multiplies by 1000). */
export const HC_PER_AMINA = 1000n;

/** Quick bet buttons: AMINA 0.001, 0.01, 0.1, 0.5; HC 1, 5, 10, 25, 50. */
export const QUICK_BETS: Readonly<Record<BetCurrency, readonly bigint[]>> = {
  AMINA: [COIN / 1000n, COIN / 100n, COIN / 10n, COIN / 2n],
  HC: [1n, 5n, 10n, 25n, 50n].map((n) => n * COIN),
};

/** What limits a bet: the balances and the server's AMINA max betting limit. */
export interface BetContext {
  aminaBalance: bigint;
  hcBalance: bigint;
  aminaMaxLimit: bigint;
}

/** Inclusive bet range; `max < min` means no bet is possible (balance too low). */
export interface BetRange {
  min: bigint;
  max: bigint;
}

const least = (a: bigint, b: bigint) => (a < b ? a : b);

/** AMINA: 0.001 up to the lesser of the server limit and the balance. HC: 1 up to the lesser of 1000 and the balance. */
export function betRange(currency: BetCurrency, ctx: BetContext): BetRange {
  return currency === 'AMINA'
    ? { min: AMINA_MIN_BET, max: least(ctx.aminaMaxLimit, ctx.aminaBalance) }
    : { min: HC_MIN_BET, max: least(HC_MAX_BET, ctx.hcBalance) };
}

/** Caps a bet at the maximum (what typing does). */
export function capBet(amount: bigint, range: BetRange): bigint {
  return amount > range.max ? range.max : amount;
}

/** Raises a bet to the minimum, then caps it at the maximum (the maximum wins). */
export function clampBet(amount: bigint, range: BetRange): bigint {
  return capBet(amount < range.min ? range.min : amount, range);
}

/** Half: the bet halved (rounded down to a base unit), clamped. */
export function halfBet(amount: bigint, range: BetRange): bigint {
  return clampBet(amount / 2n, range);
}

/** Double: the bet doubled, clamped. */
export function doubleBet(amount: bigint, range: BetRange): bigint {
  return clampBet(amount * 2n, range);
}

/** Max: the largest allowed bet. */
export function maxBet(range: BetRange): bigint {
  return capBet(range.max, range);
}

/**
 * Converts the bet when the currency switches. AMINA → HC: ×1000, at most 1000 and at least 1;
 * HC → AMINA: ×0.001 (rounded down to a base unit), at least 0.001. Either way the result is then
 * capped at the new currency's maximum, like every bet.
 */
export function convertBet(amount: bigint, from: BetCurrency, to: BetCurrency, ctx: BetContext): bigint {
  const range = betRange(to, ctx);
  if (from === to) return clampBet(amount, range);
  if (to === 'HC') {
    const hc = amount * HC_PER_AMINA;
    return capBet(hc > HC_MAX_BET ? HC_MAX_BET : hc < HC_MIN_BET ? HC_MIN_BET : hc, range);
  }
  const amina = amount / HC_PER_AMINA;
  return capBet(amina < AMINA_MIN_BET ? AMINA_MIN_BET : amina, range);
}

/** Why a bet cannot be placed, or null when it can. */
export function betProblem(amount: bigint, range: BetRange): 'insufficient' | 'below-min' | 'above-max' | null {
  if (range.max < range.min) return 'insufficient';
  if (amount < range.min) return 'below-min';
  if (amount > range.max) return 'above-max';
  return null;
}
