import { AMINA_EXACT_DECIMALS, formatMoney } from '@cosmic/web-ui';

/**
 * A reserves figure (base units, as a decimal string) written as every screen writes money
 * (formatMoney), to the base unit so the totals and the proofs add up: "1,234.50000000 AMINA".
 */
export function amina(units: string): string {
  return formatMoney(BigInt(units), 'AMINA', AMINA_EXACT_DECIMALS);
}

/** "1.2500" → "125.00%". */
export function percent(ratio: string): string {
  const [w, f = ''] = ratio.split('.');
  const basisPoints = BigInt(w) * 10_000n + BigInt((f + '0000').slice(0, 4));
  return `${(basisPoints / 100n).toLocaleString('en-US')}.${(basisPoints % 100n).toString().padStart(2, '0')}%`;
}

/** A long hash or id shortened for tables: first and last 8 characters. */
export function short(text: string): string {
  return text.length > 20 ? `${text.slice(0, 8)}…${text.slice(-8)}` : text;
}
