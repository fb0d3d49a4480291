import { GameEngineError } from './errors';
import type { Rational } from './rational';

/** Base units in one coin (AMINA and HC both use 8 decimals). */
export const BASE_UNITS_PER_COIN = 100_000_000n;

/**
 * The one place a multiplier turns into money: stake × multiplier, rounded DOWN to a whole base
 * unit (the fraction of a base unit, if any, stays with the house). Exact: bigint arithmetic only.
 */
export function payout(stakeBaseUnits: bigint, multiplier: Rational): bigint {
  if (typeof stakeBaseUnits !== 'bigint' || stakeBaseUnits < 0n) {
    throw new GameEngineError(`Stake must be a non-negative bigint of base units, got ${String(stakeBaseUnits)}`);
  }
  if (multiplier.num < 0n || multiplier.den <= 0n) {
    throw new GameEngineError(`Multiplier must be non-negative, got ${multiplier.num}/${multiplier.den}`);
  }
  return (stakeBaseUnits * multiplier.num) / multiplier.den;
}

/** The two currencies a bet is settled in. */
export type PayoutCurrency = 'HC' | 'AMINA';

/**
 * What a settled bet pays in its currency. AMINA: `payout` (to the base unit). House Coins are
 * whole coins everywhere, so an HC payout is rounded DOWN to a whole coin: 1 HC at 0.6× pays 0,
 * a 1 HC blackjack (2.5×) pays 2 HC; the fraction stays with the house. HC are free play coins,
 * so this only lowers the House Coins return (by less than 1 HC per bet), never AMINA's.
 */
export function settledPayout(currency: PayoutCurrency, stakeBaseUnits: bigint, multiplier: Rational): bigint {
  const exact = payout(stakeBaseUnits, multiplier);
  return currency === 'HC' ? exact - (exact % BASE_UNITS_PER_COIN) : exact;
}
