import { formatAmount, parseAmount } from '@cosmic/algorand';
import { InvalidInputError } from './domain-error';

/** Base units per whole coin: both AMINA and HC have 8 decimals. */
export const UNIT = 100_000_000n;

/** Accepts "1000", "0.2" or a plain JSON number; returns the normalised decimal text or null. */
function asDecimalText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) {
    const s = String(value);
    return /e/i.test(s) ? null : s;
  }
  return null;
}

/**
 * Parses a money field to base units; throws a 400 naming the field for anything that is not a
 * plain decimal with at most 8 decimals, negative, or zero when zero is not allowed.
 */
export function parseMoney(value: unknown, field: string, opts: { allowZero?: boolean } = {}): bigint {
  const text = asDecimalText(value);
  if (text === null) throw new InvalidInputError(`${field} must be a decimal number like "10" or "0.5"`);
  const r = parseAmount(text, { max: 10n ** 15n * UNIT });
  if (!r.ok) throw new InvalidInputError(`${field}: ${r.message}`);
  if (r.value === 0n && !opts.allowZero) throw new InvalidInputError(`${field} must be greater than 0`);
  return r.value;
}

/** Base units → the API's decimal string ("1000", "0.2"). */
export function money(units: bigint): string {
  return formatAmount(units);
}
