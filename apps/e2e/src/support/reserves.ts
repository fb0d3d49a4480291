import { expect, type Page } from '@playwright/test';

// Must match SECURITY_PASSWORDS in apps/e2e/playwright.config.ts.
const OPERATOR_PASSWORD = 'e2e operator passphrase';

/** An operator takes a proof-of-reserves snapshot now (the hourly job's work), anchored on the devnet. */
export async function takeSnapshot(page: Page) {
  const session = await page.request.post('/api/security/session', { data: { password: OPERATOR_PASSWORD } });
  expect(session.ok()).toBe(true);
  const taken = await page.request.post('/api/reserves/snapshots', {
    headers: { authorization: `Bearer ${(await session.json()).token}` },
  });
  expect(taken.status()).toBe(201);
  return taken.json();
}

/** An AMINA amount (a decimal string of the API) as the screens write it to every base unit: "1.5" → "1.50000000 AMINA". */
export function exactAmina(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  return `${BigInt(whole).toLocaleString('en-US')}.${fraction.padEnd(8, '0')} AMINA`;
}
