import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

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

/** The serious or critical WCAG 2 A/AA violations axe finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')})`,
    );
}

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
