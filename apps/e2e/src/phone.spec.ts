import { expect, test, type Locator, type Page } from '@playwright/test';

// Regression: on a phone (360×780) the result of a roll showed above the screen, scrolled away
// while the player was down at the bet buttons. Each game is played from its buttons, as a thumb
// would, and what happened (the dice, the ball's board, the card, the result line) must be on the
// screen and not under the sticky header.

test.use({ viewport: { width: 360, height: 780 } });

const outcome = (page: Page) => page.getByTestId('game-outcome');

/** The part of `target` out of sight: above the header's bottom edge or below the screen (0 when fully shown). */
async function hidden(page: Page, target: Locator): Promise<number> {
  const header = await page.locator('header').first().boundingBox();
  const box = await target.boundingBox();
  if (!header || !box) return Number.POSITIVE_INFINITY;
  const viewport = page.viewportSize() ?? { width: 360, height: 780 };
  return Math.round(Math.max(0, header.y + header.height - box.y) + Math.max(0, box.y + box.height - viewport.height));
}
const expectOnScreen = (page: Page, target: Locator) =>
  expect.poll(() => hidden(page, target), { timeout: 5_000 }).toBe(0);

async function open(page: Page, game: string, title: string) {
  await page.goto(`/game/${game}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
}

test.describe('phone: the result of a round is on screen', () => {
  test('dice: rolling from the bet buttons shows both dice and the result', async ({ page }) => {
    await open(page, 'dice', 'Nebula Dice');
    await page.getByRole('button', { name: /^Low/ }).click();
    await expect(outcome(page)).toHaveText(/Rolled \d+/);
    await expectOnScreen(page, outcome(page));
    for (const die of await page.getByTestId('die').all()) await expectOnScreen(page, die);
  });

  test('dice: after changing the amount further down, a roll brings the dice back into view', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, 'dice', 'Nebula Dice');
    const bet = page.getByRole('region', { name: 'Bet' });
    await bet.getByRole('button', { name: '25', exact: true }).click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: /^High/ }).click();
    await expect(outcome(page)).toHaveText(/Rolled \d+/);
    await expectOnScreen(page, outcome(page));
    for (const die of await page.getByTestId('die').all()) await expectOnScreen(page, die);
  });

  test('plinko: dropping a ball shows the board and where it landed', async ({ page }) => {
    await open(page, 'plinko', 'Quantum Plinko');
    await page.getByRole('button', { name: 'Drop ball' }).click();
    await expectOnScreen(page, page.locator('canvas'));
    await expect(outcome(page)).toHaveText(/\d+(\.\d+)?x — /, { timeout: 15_000 });
    await expectOnScreen(page, outcome(page));
  });

  test('hi-lo: the card and the answer to a guess are on screen', async ({ page }) => {
    await open(page, 'hilo', 'Cosmic Hi-Lo');
    await page.getByRole('button', { name: 'Start' }).click();
    const higher = page.getByRole('button', { name: /Higher/ });
    await expect(higher).toContainText('%');
    await expectOnScreen(page, page.locator('.cc-hilo__cards'));
    await ((await higher.isEnabled()) ? higher : page.getByRole('button', { name: /Lower/ })).click();
    await expect(outcome(page)).toHaveText(/Correct! Streak 1|Wrong! Game over|Equal cards! Game over/);
    await expectOnScreen(page, page.locator('.cc-hilo__cards'));
    await expectOnScreen(page, outcome(page));
  });

  test('every game fits the width of the screen: nothing scrolls sideways', async ({ page }) => {
    for (const [game, title] of [
      ['dice', 'Nebula Dice'],
      ['plinko', 'Quantum Plinko'],
      ['hilo', 'Cosmic Hi-Lo'],
      ['blackjack', 'Galaxy Blackjack'],
      ['slots', 'Cosmic Chaos Slots'],
    ]) {
      await open(page, game, title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), game).toBeLessThanOrEqual(360);
    }
  });
});
