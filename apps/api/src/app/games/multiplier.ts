import { toNumber, type Rational } from '@cosmic/game-engine';

/** A multiplier for display and storage: up to 6 decimals, trailing zeros dropped ("2", "0.2", "1.0725"). */
export function multiplierText(r: Rational): string {
  return String(Math.floor(toNumber(r) * 1e6 + 1e-7) / 1e6);
}
