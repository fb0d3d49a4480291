import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/play';

// axe-core on every page a visitor reaches: no serious or critical WCAG 2 A/AA violation.
const PAGES: Array<[string, RegExp]> = [
  ['/', /Cosmic Casino/],
  ['/casino', /Choose Your Cosmic Adventure/],
  ['/game/dice', /Nebula Dice/],
  ['/game/plinko', /Quantum Plinko/],
  ['/game/hilo', /Cosmic Hi-Lo/],
  ['/game/blackjack', /Galaxy Blackjack/],
  ['/game/slots', /Cosmic Chaos Slots/],
  ['/cashier', /Cashier/],
  ['/fairness', /Provably Fair/],
  ['/responsible-gaming', /Responsible/],
  ['/security', /Security/],
  ['/poker', /Poker/],
  ['/nowhere', /404 Page Not Found/],
];

for (const [path, heading] of PAGES) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

// On a phone (issue 29 item 9) the header folds into its Menu and the game pages reorder: the same
// check at 390×844, and once more with the Menu open.
test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const [path, heading] of PAGES) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the open header menu has no serious accessibility violations', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/game/dice');
    await expect(page.getByRole('heading', { level: 1, name: /Nebula Dice/ })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
