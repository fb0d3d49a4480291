/** The header's AMINA balance shows 3 decimals (the cashier's shows all 8). */
export const AMINA_WIDGET_DECIMALS = 3;

/** First 6 and last 4 characters of an address: "ABCDEF…WXYZ". */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** Thousands separators in the whole part of a decimal string: "12345.6" → "12,345.6". */
export function groupDigits(amount: string): string {
  const [whole, fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
