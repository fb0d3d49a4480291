import { GameEngineError } from './errors';

/** An exact non-negative fraction; always stored reduced with a positive denominator. */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

/** A `Rational` in JSON form (bigints as decimal strings), for states stored by the API. */
export interface RationalJson {
  num: string;
  den: string;
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** Builds the reduced fraction num/den (den must be positive). */
export function ratio(num: bigint | number, den: bigint | number = 1n): Rational {
  const n = BigInt(num);
  const d = BigInt(den);
  if (d <= 0n) throw new GameEngineError(`Rational denominator must be positive, got ${d}`);
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

/** Multiplies two rationals exactly. */
export function mulR(a: Rational, b: Rational): Rational {
  return ratio(a.num * b.num, a.den * b.den);
}

/** Adds two rationals exactly. */
export function addR(a: Rational, b: Rational): Rational {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

/** Divides a by b exactly (b must be non-zero). */
export function divR(a: Rational, b: Rational): Rational {
  if (b.num === 0n) throw new GameEngineError('Division by a zero rational');
  const sign = b.num < 0n ? -1n : 1n;
  return ratio(a.num * b.den * sign, a.den * b.num * sign);
}

/** Compares two rationals: negative, zero or positive like a sort comparator. */
export function compareR(a: Rational, b: Rational): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** True when both rationals are the same number. */
export function equalsR(a: Rational, b: Rational): boolean {
  return a.num === b.num && a.den === b.den;
}

/** The double nearest to the rational (for display only; never for money). */
export function toNumber(r: Rational): number {
  const LIMIT = 2n ** 53n;
  const abs = r.num < 0n ? -r.num : r.num;
  // Both exact as doubles: one IEEE division is correctly rounded.
  if (abs <= LIMIT && r.den <= LIMIT) return Number(r.num) / Number(r.den);
  // Otherwise take a 64-bit-or-more quotient (rounds once more, harmlessly, for display).
  let shift = 0n;
  while ((abs << shift) / r.den < 2n ** 64n) shift += 32n;
  return Number((r.num << shift) / r.den) / 2 ** Number(shift);
}

/** "num/den" (or just "num" when den is 1). */
export function formatR(r: Rational): string {
  return r.den === 1n ? `${r.num}` : `${r.num}/${r.den}`;
}

/** Converts to the JSON form with string bigints. */
export function toJsonR(r: Rational): RationalJson {
  return { num: r.num.toString(), den: r.den.toString() };
}

/** Parses the JSON form back (throws GameEngineError on a malformed value). */
export function fromJsonR(j: RationalJson): Rational {
  if (!j || typeof j.num !== 'string' || typeof j.den !== 'string' || !/^-?\d+$/.test(j.num) || !/^\d+$/.test(j.den)) {
    throw new GameEngineError(`Malformed rational ${JSON.stringify(j)}`);
  }
  return ratio(BigInt(j.num), BigInt(j.den));
}

/** Parses a plain decimal like "0.5" or "25" into an exact rational. */
export function decimalR(text: string): Rational {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new GameEngineError(`Not a decimal: "${text}"`);
  const frac = m[2] ?? '';
  return ratio(BigInt(m[1] + frac), 10n ** BigInt(frac.length));
}
