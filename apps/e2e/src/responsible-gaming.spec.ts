import { expect, test, type Page } from '@playwright/test';

/** A 25 HC dice bet straight at the API, as the guest session the page holds. */
const bet25 = (page: Page) =>
  page.evaluate(async () => {
    const walletAddress = localStorage.getItem('guestUserId');
    const r = await fetch('/api/games/dice', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress, currency: 'HC', betAmount: '25', betType: 'low' }),
    });
    return { status: r.status, message: (await r.json()).message };
  });
const REFUSED = {
  status: 429,
  message:
    '24-hour loss limit reached: this bet would take your net loss over the last 24 hours past the limit you set (20 HC left)',
};

test('a player sets a daily loss limit, and a bet past it is refused by the API', async ({ page }) => {
  await page.goto('/responsible-gaming');
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
  const tools = page.getByRole('region', { name: 'Player tools' });
  await expect(tools.getByTestId('loss-status')).toHaveText('No limit set · lost today 0 HC');
  await tools.getByLabel('Daily limit (HC)').fill('20');
  await tools.getByRole('button', { name: 'Save limit' }).click();
  await expect(tools.getByTestId('loss-status')).toHaveText('Limit 20 HC · lost today 0 HC');

  expect(await bet25(page)).toEqual(REFUSED);

  // raising waits for the 24 h cool-off: the page shows the time left and the lower limit still refuses
  await tools.getByLabel('Daily limit (HC)').fill('50');
  await tools.getByRole('button', { name: 'Save limit' }).click();
  await expect(page.locator('.cc-toast__title').filter({ hasText: 'Limit change scheduled' })).toBeVisible();
  await expect(tools.getByTestId('loss-pending')).toHaveText(/^Raises to 50 HC in (24h 0m|23h 59m)$/);
  await expect(tools.getByTestId('loss-status')).toHaveText('Limit 20 HC · lost today 0 HC');
  expect(await bet25(page)).toEqual(REFUSED);
  // every limit, what it has used and what is left, and the raise waiting
  await expect(tools.getByTestId('limit-loss-HC-24h')).toHaveText(/^24 hours20 HC0 HC20 HC \(50 HC from [^)]+\)$/);

  // lowering applies at once and cancels the pending raise
  await tools.getByLabel('Daily limit (HC)').fill('10');
  await tools.getByRole('button', { name: 'Save limit' }).click();
  await expect(tools.getByTestId('loss-status')).toHaveText('Limit 10 HC · lost today 0 HC');
  await expect(tools.getByTestId('loss-pending')).toHaveCount(0);

  await tools.getByRole('button', { name: 'Start self-exclusion' }).click();
  await tools.getByRole('button', { name: /Confirm: exclude me for 6 months/ }).click();
  await expect(tools.getByTestId('exclusion-status')).toContainText('Self-excluded until');
});
