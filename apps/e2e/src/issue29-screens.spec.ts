// Issue 29, the parts seen rather than played, at a 390×844 phone and a 1280×800 desktop:
// item 13's responsible-gaming odds (the shipped RTPs, no placeholder note) and item 12's vault
// labels (whole, wrapping). Screenshots go to tmp/screenshots/<name>-<size>.png.
import { expect, test } from '@playwright/test';
import { PHONE_AND_DESKTOP } from './support/play';

const OPERATOR_PASSWORD = 'e2e operator passphrase'; // SECURITY_PASSWORDS in apps/e2e/playwright.config.ts
const VAULT_PASSWORD = 'e2e vault passphrase';

const SIZES = PHONE_AND_DESKTOP;

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport });
    const shot = (name: string) => `tmp/screenshots/${name}-${size.name}.png`;

    test('item 13: the responsible-gaming odds state the shipped return to player of every bet, with no placeholder note', async ({
      page,
    }) => {
      await page.goto('/responsible-gaming');
      const odds = page.getByRole('region', { name: 'The odds' });
      await expect(odds.getByRole('heading', { name: 'The odds' })).toBeVisible();
      await expect(page.getByText(/Placeholder/i)).toHaveCount(0);
      const rows = odds.getByRole('table').getByRole('rowgroup').last().getByRole('row');
      const count = await rows.count();
      expect(count).toBeGreaterThanOrEqual(5);
      // each row's last cell is its RTP, filled from the published paytables (not '…')
      for (let i = 0; i < count; i++) await expect(rows.nth(i).getByRole('cell').last()).toHaveText(/^\d{2}\.\d{2}%/);
      await expect(odds).toContainText('computed exactly from the shipped game engine');
      await odds.getByRole('table').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('rg-odds') });
    });

    test("item 12: the vault's attempt labels are shown whole (they wrap), on a phone too", async ({ page }) => {
      await page.goto('/security');
      await page.getByPlaceholder('Operator password').fill(OPERATOR_PASSWORD);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await expect(page.getByRole('heading', { name: 'Guards' })).toBeVisible();
      // one attempt of the longest kind: a session reading another player's account ('Session abuse')
      expect(
        (
          await page.request.post('/api/users', {
            data: { walletAddress: `GUEST_${Date.now()}labels${size.name.replace('x', '')}` },
          })
        ).ok(),
      ).toBe(true);
      expect((await page.request.get('/api/users/GUEST_1700000000000someoneelse')).status()).toBe(403);
      const vault = page.getByRole('region', { name: 'Vault' });
      await vault.getByRole('tab', { name: 'Warden' }).click();
      await vault.getByPlaceholder('Vault password').fill(VAULT_PASSWORD);
      await vault.getByRole('button', { name: 'Open vault' }).click();
      await expect(vault.getByRole('heading', { level: 3, name: 'Server status' })).toBeVisible();
      await vault.getByRole('tab', { name: 'Sentinel' }).click();
      const labels = vault.locator('.cs-bars__label');
      await expect(labels.filter({ hasText: /Session abuse/i })).toBeVisible();
      expect(await labels.count()).toBeGreaterThan(0);
      for (const label of await labels.all()) {
        expect(
          await label.evaluate(
            (el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis',
          ),
          (await label.textContent()) ?? '',
        ).toBe(true);
        await expect(label).not.toHaveText(/…$/);
      }
      await labels.filter({ hasText: /Session abuse/i }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('vault-labels') });
      await vault.getByRole('button', { name: 'Lock vault' }).click();
    });
  });
}
