import type { HouseInfo } from '@cosmic/web-data-access';

/** What the landing page knows about AMINA without asking the server. */
export const STATIC_FACTS = { totalSupply: '1,000 AMINA', network: 'Algorand' } as const;

/**
 * "1000" + "AMINA" → "1,000 AMINA" (up to 8 decimals, trailing zeros dropped); a value that is not
 * a plain number is shown as it came. Plain string work: the first `toLocaleString` of a page
 * loads the number formatting data, ~50 ms of main thread on the landing page's first render.
 */
export function formatSupply(totalSupply: string, unit: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(totalSupply);
  if (!m) return `${totalSupply} ${unit}`;
  const whole = m[1].replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (m[2] ?? '').slice(0, 8).replace(/0+$/, '');
  return `${fraction ? `${whole}.${fraction}` : whole} ${unit}`;
}

/** The exchange links worth rendering: https only, so a bad answer can never inject a script URL. */
export function safeExchangeLinks(info: HouseInfo | undefined): Array<{ name: string; url: string }> {
  return (info?.exchangeLinks ?? []).filter((l) => {
    try {
      return new URL(l.url).protocol === 'https:' && l.name.trim() !== '';
    } catch {
      return false;
    }
  });
}
