import { formatAmount } from '@cosmic/algorand';
import { AMINA_MIN_BET, HC_MAX_BET, HC_MIN_BET } from '@cosmic/contracts';
import { BASE_UNITS_PER_COIN as COIN } from '@cosmic/game-engine';

// The bet panel's rules, all in bigint base units of the 8-decimal scale — never floats. The limits
// are the API's (libs/contracts bet-limits.ts); the AMINA maximum comes from the server's betting
// limits (BetContext.aminaMaxLimit).

/** The two currencies a bet can be placed in. */
export type BetCurrency = 'AMINA' | 'HC';

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
  /**
   * False while the player's record has not arrived: the balances are then placeholders, and the
   * panel neither caps a bet at them nor refuses one for them; the server's answer decides.
   */
  balanceKnown?: boolean;
}

/** Inclusive bet range in steps of `step` (HC: whole coins; AMINA: one base unit); `max < min` means no bet is possible (balance too low). */
export interface BetRange {
  min: bigint;
  max: bigint;
  step: bigint;
}

const least = (a: bigint, b: bigint) => (a < b ? a : b);

/** The balance that limits a bet in `currency`; null while it is not known (BetContext.balanceKnown). */
function spendable(currency: BetCurrency, ctx: BetContext): bigint | null {
  if (ctx.balanceKnown === false) return null;
  return currency === 'AMINA' ? ctx.aminaBalance : ctx.hcBalance;
}
const floorTo = (amount: bigint, step: bigint) => amount - (amount % step);

/** House Coins bets are whole coins; AMINA bets may use all 8 decimals. */
export const BET_STEP: Readonly<Record<BetCurrency, bigint>> = { AMINA: 1n, HC: COIN };

/** AMINA: 0.001 up to the lesser of the server limit and the balance. HC: 1 up to the lesser of 1000 and the balance, in whole coins. */
export function betRange(currency: BetCurrency, ctx: BetContext): BetRange {
  const limit = currency === 'AMINA' ? ctx.aminaMaxLimit : HC_MAX_BET;
  const balance = spendable(currency, ctx);
  const max = balance === null ? limit : least(limit, balance);
  return currency === 'AMINA'
    ? { min: AMINA_MIN_BET, max, step: BET_STEP.AMINA }
    : { min: HC_MIN_BET, max: floorTo(max, COIN), step: BET_STEP.HC };
}

/** Caps a bet at the maximum. */
export function capBet(amount: bigint, range: BetRange): bigint {
  return amount > range.max ? range.max : amount;
}

/** Raises a bet to the minimum, then caps it at the maximum (the maximum wins). */
export function clampBet(amount: bigint, range: BetRange): bigint {
  return capBet(amount < range.min ? range.min : amount, range);
}

/** Half: the bet halved (rounded down to a base unit, or a whole coin for HC), clamped. */
export function halfBet(amount: bigint, range: BetRange): bigint {
  return clampBet(floorTo(amount / 2n, range.step), range);
}

/** Double: the bet doubled (in whole steps), clamped. */
export function doubleBet(amount: bigint, range: BetRange): bigint {
  return clampBet(floorTo(amount * 2n, range.step), range);
}

/** Max: the largest allowed bet. */
export function maxBet(range: BetRange): bigint {
  return capBet(range.max, range);
}

/**
 * Converts the bet when the currency switches. AMINA → HC: ×1000 in whole coins, at most 1000 and at least 1;
 * HC → AMINA: ×0.001 (rounded down to a base unit), at least 0.001. Either way the result is then
 * capped at the new currency's maximum, like every bet.
 */
export function convertBet(amount: bigint, from: BetCurrency, to: BetCurrency, ctx: BetContext): bigint {
  const range = betRange(to, ctx);
  if (from === to) return clampBet(amount, range);
  if (to === 'HC') {
    const hc = floorTo(amount * HC_PER_AMINA, COIN);
    return capBet(hc > HC_MAX_BET ? HC_MAX_BET : hc < HC_MIN_BET ? HC_MIN_BET : hc, range);
  }
  const amina = amount / HC_PER_AMINA;
  return capBet(amina < AMINA_MIN_BET ? AMINA_MIN_BET : amina, range);
}

/** Why a bet cannot be placed: the balance cannot cover it, it is outside the limits, or it is not whole House Coins. */
export type BetProblem = 'insufficient' | 'below-min' | 'above-max' | 'not-whole';

/**
 * Why a bet of `amount` (staking `times` the amount, e.g. 100 for a bought bonus) cannot be
 * placed, or null when it can. The limits come first (the player fixes the amount), then the balance.
 */
export function betProblem(amount: bigint, currency: BetCurrency, ctx: BetContext, times = 1n): BetProblem | null {
  const { min, step } = betRange(currency, ctx);
  const limit = currency === 'AMINA' ? ctx.aminaMaxLimit : HC_MAX_BET;
  const balance = spendable(currency, ctx);
  if (amount % step !== 0n) return 'not-whole';
  if (amount < min) return balance !== null && balance < min ? 'insufficient' : 'below-min';
  if (amount > limit) return 'above-max';
  if (balance !== null && amount * times > balance) return 'insufficient';
  return null;
}

/** An amount with thousands separators: "12,345.5"; to exactly `decimals` places when given ("1,000.000"). */
export function groupedAmount(amount: bigint, decimals?: number): string {
  return formatAmount(amount, decimals === undefined ? {} : { decimals }).replace(/^-?\d+/, (whole) =>
    whole.replace(/\B(?=(\d{3})+$)/g, ','),
  );
}

/**
 * AMINA to every base unit (8 places): the cashier's balance (the spec's 8 decimals) and the proof
 * of reserves, whose figures must add up to the base unit. Pass it as formatMoney's `decimals`.
 */
export const AMINA_EXACT_DECIMALS = 8;

/**
 * Money as every screen writes it: grouped digits and the currency's short name ("1,000 HC",
 * "12.345 AMINA"); without `decimals` as many places as the amount has (none for whole coins),
 * with it exactly that many: AMINA's 3 in the header, AMINA_EXACT_DECIMALS (8) in the cashier and
 * the proof of reserves.
 */
export function formatMoney(amount: bigint, currency: BetCurrency, decimals?: number): string {
  return `${groupedAmount(amount, decimals)} ${currency}`;
}

/** What the bet panel says about a problem, naming the limit or the balance so the player can fix the amount. */
export function betProblemText(problem: BetProblem, currency: BetCurrency, ctx: BetContext): string {
  const range = betRange(currency, ctx);
  const balance = currency === 'AMINA' ? ctx.aminaBalance : ctx.hcBalance;
  switch (problem) {
    case 'insufficient':
      return balance < range.min
        ? `Insufficient balance: the minimum bet is ${groupedAmount(range.min)} ${currency}`
        : `Insufficient balance: your balance is ${groupedAmount(balance)} ${currency}`;
    case 'below-min':
      return `Minimum bet is ${groupedAmount(range.min)} ${currency}`;
    case 'above-max':
      return `Maximum bet is ${groupedAmount(currency === 'AMINA' ? ctx.aminaMaxLimit : HC_MAX_BET)} ${currency}`;
    case 'not-whole':
      return 'House Coins bets are whole coins';
  }
}
