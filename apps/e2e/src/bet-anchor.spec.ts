import { expect, test, type Response } from '@playwright/test';
import { openAsGuest } from './support/wallet';

// Issue 43: a bet's details show the transaction that anchors it and its receipt checked in the
// browser against that transaction's note (BET_ANCHOR_SECONDS is 2 in playwright.config.ts).

test('a bet’s details show its anchoring transaction and a green check', async ({ page }) => {
  await openAsGuest(page, '/game/dice');
  const played = page.waitForResponse(
    (r: Response) => new URL(r.url()).pathname === '/api/games/dice' && r.request().method() === 'POST' && r.ok(),
  );
  await page.getByRole('button', { name: /^High/ }).click();
  const betId = String(((await (await played).json()) as { betId: string | number }).betId);

  await page.goto('/fairness');
  await page
    .locator(`[data-testid="history-bet"][data-bet-id="${betId}"]`)
    .getByRole('button', { name: /: details$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Bet #${betId}` });
  // pending first, then (polled) anchored and confirmed on the devnet
  const ok = dialog.getByTestId('bd-anchor-ok');
  await expect(ok).toBeVisible({ timeout: 30_000 });
  await expect(ok).toContainText('Receipt checked against the chain');
  const receipt = (await (await page.request.get(`/api/bets/${betId}/receipt`)).json()) as {
    status: string;
    txid: string;
  };
  expect(receipt.status).toBe('anchored');
  await expect(dialog.getByTestId('bd-anchor')).toContainText(`Anchored in transaction ${receipt.txid}`);
  await expect(dialog.getByTestId('bd-anchor-txid')).toHaveText(receipt.txid);
});
