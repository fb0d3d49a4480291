import { expect, test } from '@playwright/test';

test('a player sets a daily loss limit, and a bet past it is refused by the API', async ({ page }) => {
  await page.goto('/responsible-gaming');
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
  const tools = page.getByRole('region', { name: 'Player tools' });
  await expect(tools.getByTestId('loss-status')).toHaveText('No limit set · lost today 0 HC');
  await tools.getByLabel('Daily limit (HC)').fill('20');
  await tools.getByRole('button', { name: 'Save limit' }).click();
  await expect(tools.getByTestId('loss-status')).toHaveText('Limit 20 HC · lost today 0 HC');

  const status = await page.evaluate(async () => {
    const walletAddress = localStorage.getItem('guestUserId');
    const r = await fetch('/api/games/dice', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ walletAddress, currency: 'HC', betAmount: '25', betType: 'low' }) });
    return { status: r.status, message: (await r.json()).message };
  });
  expect(status).toEqual({ status: 429, message: 'Daily loss limit reached: this bet would take today’s losses past the limit you set' });

  await tools.getByRole('button', { name: 'Start self-exclusion' }).click();
  await tools.getByRole('button', { name: /Confirm: exclude me for 7 days/ }).click();
  await expect(tools.getByTestId('exclusion-status')).toContainText('Self-excluded until');
});
