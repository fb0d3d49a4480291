import { AMINA_DECIMALS, MAX_UINT64 } from './constants';

/** Why a decimal amount string was refused. */
export type AmountError =
  | 'not-a-string'
  | 'empty'
  | 'negative'
  | 'leading-plus'
  | 'exponent'
  | 'not-a-number'
  | 'too-many-decimals'
  | 'too-large';

/** Outcome of parsing an amount: base units, or the reason it failed. */
export type AmountResult = { ok: true; value: bigint } | { ok: false; error: AmountError; message: string };

/** Options for parseAmount. */
export interface ParseAmountOptions {
  /** Decimal places of the unit (default 8, AMINA and HC). */
  decimals?: number;
  /** Largest accepted value in base units (default the uint64 maximum). */
  max?: bigint;
}

/** Options for formatAmount. */
export interface FormatAmountOptions {
  /** Decimal places of the unit (default 8). */
  unitDecimals?: number;
  /** Show exactly this many decimals, truncating (never rounding up) the rest. */
  decimals?: number;
}

function checkDecimals(decimals: number, name: string): void {
  // Programmer errors throw; only user input gets result objects.
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 19) {
    throw new RangeError(`${name} must be an integer between 0 and 19, got ${decimals}`);
  }
}

/** Parses a plain decimal string ("0.2") into base units (20000000n for 8 decimals). */
export function parseAmount(text: unknown, options: ParseAmountOptions = {}): AmountResult {
  const decimals = options.decimals ?? AMINA_DECIMALS;
  const max = options.max ?? MAX_UINT64;
  checkDecimals(decimals, 'decimals');
  const fail = (error: AmountError, message: string): AmountResult => ({ ok: false, error, message });

  if (typeof text !== 'string') return fail('not-a-string', 'amount must be a string');
  if (text.length === 0) return fail('empty', 'amount is empty');
  if (text.startsWith('-')) return fail('negative', 'amount must not be negative');
  if (text.startsWith('+')) return fail('leading-plus', "amount must not start with '+'");
  if (/^[0-9.]+[eE][-+]?[0-9]+$/.test(text)) return fail('exponent', 'amount must not use exponent notation');
  const match = /^([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!match) return fail('not-a-number', 'amount must be digits with an optional decimal point');
  const [, whole, fraction = ''] = match;
  if (fraction.length > decimals) {
    return fail('too-many-decimals', `amount has more than ${decimals} decimals`);
  }
  // Cap the digit count first so a megabyte of digits never reaches BigInt.
  if (whole.replace(/^0+/, '').length > 30)
    return fail('too-large', `amount exceeds the maximum ${formatAmount(max, { unitDecimals: decimals })}`);
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (value > max) {
    return fail('too-large', `amount exceeds the maximum ${formatAmount(max, { unitDecimals: decimals })}`);
  }
  return { ok: true, value };
}

/** Formats base units as a decimal string: 20000000n → "0.2"; with {decimals: 3} → "0.200". */
export function formatAmount(units: bigint, options: FormatAmountOptions = {}): string {
  const unitDecimals = options.unitDecimals ?? AMINA_DECIMALS;
  checkDecimals(unitDecimals, 'unitDecimals');
  if (options.decimals !== undefined) checkDecimals(options.decimals, 'decimals');
  const sign = units < 0n ? '-' : '';
  const magnitude = units < 0n ? -units : units;
  const scale = 10n ** BigInt(unitDecimals);
  const whole = (magnitude / scale).toString();
  const fraction = (magnitude % scale).toString().padStart(unitDecimals, '0');
  let shown: string;
  if (options.decimals === undefined) {
    shown = fraction.replace(/0+$/, '');
  } else {
    shown = fraction.slice(0, options.decimals).padEnd(options.decimals, '0');
  }
  const body = shown.length > 0 ? `${whole}.${shown}` : whole;
  // A value truncated to zero shows as "0.000", not "-0.000".
  return /[1-9]/.test(body) ? sign + body : body;
}
