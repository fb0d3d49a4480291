import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`);
    expect(serious).toEqual([]);
  });
}
