import { formatAmount } from '@cosmic/algorand';

/** Base units (decimal string) → "1,234.5 AMINA"-style text with up to 8 decimals. */
export function amina(units: string): string {
  const [whole, frac] = formatAmount(BigInt(units)).split('.');
  return `${BigInt(whole).toLocaleString('en-US')}${frac ? `.${frac}` : ''} AMINA`;
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
