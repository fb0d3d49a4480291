import { type Result, fail } from './errors';
import type { FloatSource } from './fair/source';
import { checkFloat } from './fair/source';
import { type Rational, ratio } from './rational';

/** The three dice bets. */
export type DiceBet = 'low' | 'seven' | 'high';
/** Every dice bet. */
export const DICE_BETS: readonly DiceBet[] = ['low', 'seven', 'high'];

/** Dice paytable: winning totals and total return (stake included) per bet. */
export const DICE_PAYTABLE: Readonly<Record<DiceBet, { totals: readonly number[]; multiplier: Rational }>> = {
  low: { totals: [2, 3, 4, 5, 6], multiplier: ratio(2) },
  seven: { totals: [7], multiplier: ratio(4) },
  high: { totals: [8, 9, 10, 11, 12], multiplier: ratio(2) },
};

/** One die from a float: floor(f * 6) + 1. */
export function dieFromFloat(f: number): number {
  checkFloat(f);
  return Math.floor(f * 6) + 1;
}

/** Two dice from floats 0 and 1 of the stream. */
export function rollDice(stream: FloatSource): [number, number] {
  const a = dieFromFloat(stream.next());
  return [a, dieFromFloat(stream.next())];
}

/** True for a known dice bet name. */
export function isDiceBet(value: unknown): value is DiceBet {
  return value === 'low' || value === 'seven' || value === 'high';
}

/** A settled dice bet. */
export interface DiceOutcome {
  dice: [number, number];
  total: number;
  betType: DiceBet;
  won: boolean;
  /** Total return per unit staked (0 on a loss). */
  multiplier: Rational;
}

/** Settles a dice bet from the stream; an unknown bet type is an error result. */
export function playDice(stream: FloatSource, betType: unknown): Result<{ outcome: DiceOutcome }> {
  if (!isDiceBet(betType)) return fail(`betType must be one of ${DICE_BETS.join(', ')}`);
  const dice = rollDice(stream);
  const total = dice[0] + dice[1];
  const won = DICE_PAYTABLE[betType].totals.includes(total);
  return {
    ok: true,
    outcome: { dice, total, betType, won, multiplier: won ? DICE_PAYTABLE[betType].multiplier : ratio(0) },
  };
}
