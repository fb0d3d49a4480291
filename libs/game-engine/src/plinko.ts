import { type Result, fail } from './errors';
import type { FloatSource } from './fair/source';
import { checkFloat } from './fair/source';
import { type Rational, decimalR } from './rational';

/** Plinko risk levels. */
export type PlinkoRisk = 'low' | 'medium' | 'high';
/** Every plinko risk level. */
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
/** Rows of pins; the ball ends in one of ROWS + 1 slots. */
export const PLINKO_ROWS = 12;

/**
 * Shipped multipliers (total return) per slot 0..12, as decimal strings so they stay exact.
 * medium is the specification's table; its low and high tables paid more than 100%, so they are
 * re-derived to 97–99% RTP keeping its end values, symmetric and never rising toward the centre
 * (libs/game-engine README.md, "Paytables").
 */
export const PLINKO_MULTIPLIERS: Readonly<Record<PlinkoRisk, readonly string[]>> = {
  low: ['8', '3', '2', '1.4', '1.1', '0.9', '0.6', '0.9', '1.1', '1.4', '2', '3', '8'],
  medium: ['25', '12', '5', '2', '1', '0.5', '0.2', '0.5', '1', '2', '5', '12', '25'],
  high: ['60', '24', '7', '3', '0.6', '0.2', '0.2', '0.2', '0.6', '3', '7', '24', '60'],
};

const EXACT: Record<PlinkoRisk, readonly Rational[]> = {
  low: PLINKO_MULTIPLIERS.low.map(decimalR),
  medium: PLINKO_MULTIPLIERS.medium.map(decimalR),
  high: PLINKO_MULTIPLIERS.high.map(decimalR),
};

/** Exact multiplier of a slot at a risk level. */
export function plinkoMultiplier(risk: PlinkoRisk, slot: number): Rational {
  return EXACT[risk][slot];
}

/** True for a known risk level. */
export function isPlinkoRisk(value: unknown): value is PlinkoRisk {
  return value === 'low' || value === 'medium' || value === 'high';
}

/** Drops the ball: float i decides row i (1 = right when floor(f*2) = 1); slot = number of rights. */
export function plinkoDrop(stream: FloatSource): { path: number[]; slot: number } {
  const path: number[] = [];
  let slot = 0;
  for (let row = 0; row < PLINKO_ROWS; row++) {
    const f = stream.next();
    checkFloat(f);
    const right = Math.floor(f * 2);
    path.push(right);
    slot += right;
  }
  return { path, slot };
}

/** A settled plinko drop. */
export interface PlinkoOutcome {
  risk: PlinkoRisk;
  path: number[];
  slot: number;
  multiplier: Rational;
}

/** Settles a plinko drop; an unknown risk is an error result. */
export function playPlinko(stream: FloatSource, risk: unknown): Result<{ outcome: PlinkoOutcome }> {
  if (!isPlinkoRisk(risk)) return fail(`risk must be one of ${PLINKO_RISKS.join(', ')}`);
  const { path, slot } = plinkoDrop(stream);
  return { ok: true, outcome: { risk, path, slot, multiplier: plinkoMultiplier(risk, slot) } };
}
