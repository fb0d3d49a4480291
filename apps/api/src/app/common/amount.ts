import { formatAmount, parseAmount } from '@cosmic/algorand';
import { AMOUNT_MAX, type Currency } from '@cosmic/contracts';
import { BASE_UNITS_PER_COIN } from '@cosmic/game-engine';
import { InvalidInputError } from './domain-error';

/** The largest amount any field takes (AMOUNT_MAX coins of libs/contracts fields.ts), in base units. */
export const AMOUNT_MAX_UNITS = BigInt(AMOUNT_MAX) * BASE_UNITS_PER_COIN;

/** Accepts "1000", "0.2" or a plain JSON number; returns the text to parse, or null for anything else. */
function asDecimalText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  // a number JavaScript writes with an exponent (1e21) is refused as the exponent it is
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** What a money field takes besides a plain decimal of at most 8 decimals. */
export interface MoneyRules {
  /** Zero is an amount (a bet is not; a limit of 0 is). */
  allowZero?: boolean;
  /** The field's maximum in base units: AMOUNT_MAX_UNITS when not given, and never above it. */
  max?: bigint;
  /** The currency, named with the maximum; House Coins are whole coins. */
  currency?: Currency;
}

/**
 * Parses a money field to base units; throws a 400 naming the field for anything that is not a
 * plain decimal with at most 8 decimals, negative, zero when zero is not allowed, past the field's
 * maximum (named), or House Coins that are not whole. No value it returns overflows a BIGINT.
 */
export function parseMoney(value: unknown, field: string, rules: MoneyRules = {}): bigint {
  const text = asDecimalText(value);
  if (text === null) throw new InvalidInputError(`${field} must be a decimal number like "10" or "0.5"`);
  const max = rules.max !== undefined && rules.max < AMOUNT_MAX_UNITS ? rules.max : AMOUNT_MAX_UNITS;
  const atMost = `at most ${money(max)}${rules.currency ? ` ${rules.currency}` : ''}`;
  const r = parseAmount(text, { max });
  if (!r.ok) {
    if (r.error === 'too-large') throw new InvalidInputError(`${field} must be ${atMost}`);
    if (r.error === 'exponent')
      throw new InvalidInputError(`${field} must be a plain decimal without an exponent, ${atMost}`);
    throw new InvalidInputError(`${field}: ${r.message}`);
  }
  if (r.value === 0n && !rules.allowZero) throw new InvalidInputError(`${field} must be greater than 0`);
  if (rules.currency === 'HC') assertWholeHouseCoins(r.value, field);
  return r.value;
}

/** House Coins move only in whole coins (bets, limits, payouts): a 400 naming the field otherwise. */
export function assertWholeHouseCoins(units: bigint, field: string): void {
  if (units % BASE_UNITS_PER_COIN !== 0n) throw new InvalidInputError(`${field} must be a whole number of House Coins`);
}

/** Base units → the API's decimal string ("1000", "0.2"). */
export function money(units: bigint): string {
  return formatAmount(units);
}
