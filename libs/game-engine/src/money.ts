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
