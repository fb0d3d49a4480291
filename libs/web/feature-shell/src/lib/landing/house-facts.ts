import type { HouseInfo } from '@cosmic/web-data-access';

/** What the landing page knows about AMINA without asking the server (spec §1, §9). */
export const STATIC_FACTS = { totalSupply: '1,000 AMINA', network: 'Algorand' } as const;

/** "1000" + "AMINA" → "1,000 AMINA"; a value that is not a plain number is shown as it came. */
export function formatSupply(totalSupply: string, unit: string): string {
  const n = /^\d+(\.\d+)?$/.test(totalSupply) ? Number(totalSupply).toLocaleString('en-US', { maximumFractionDigits: 8 }) : totalSupply;
  return `${n} ${unit}`;
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
