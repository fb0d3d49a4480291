import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { wcagViolations } from './support/play';
import { openAsGuest } from './support/wallet';

// Issue 24 item 5: a bet of each game, opened from the live feed and from the history, shows the
// outcome the game showed; after the player rotates the seed pair, Verify recomputes it in the
// browser and it matches. The feed's row gains its verify link without a reload (item 2's link).

test.setTimeout(240_000);

type Json = Record<string, any>;
interface Played {
  game: 'dice' | 'plinko' | 'slots' | 'blackjack' | 'hilo';
  betId: string;
  /** Checks the dialog shows what the game answered. */
  check(dialog: Locator): Promise<void>;
}

const feed = (page: Page) => page.getByRole('region', { name: 'Live bets' });
const labels = (cards: Json[]) => cards.map((c) => c['label'] as string);
const answer = (page: Page, path: RegExp) =>
  page.waitForResponse(
    (r: Response) => path.test(new URL(r.url()).pathname) && r.request().method() === 'POST' && r.status() === 200,
  );
const dialogCards = (scope: Locator) =>
  scope.getByTestId('bd-card').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

async function playDice(page: Page): Promise<Played> {
  await page.goto('/game/dice');
  const res = answer(page, /\/api\/games\/dice$/);
  await page.getByRole('button', { name: /^High/ }).click();
  const r = (await (await res).json()) as Json;
  await expect(page.getByTestId('game-outcome')).toHaveText(new RegExp(`^Rolled ${r['total']}\\b`));
  // the faces the game showed
  await expect(page.getByTestId('die').nth(0)).toHaveAttribute('aria-label', `Die showing ${r['dice1']}`);
  await expect(page.getByTestId('die').nth(1)).toHaveAttribute('aria-label', `Die showing ${r['dice2']}`);
  return {
    game: 'dice',
    betId: String(r['betId']),
    check: async (d) => {
      await expect(d.getByTestId('bd-die')).toHaveCount(2);
      expect(
        await d.getByTestId('bd-die').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value')))),
      ).toEqual([r['dice1'], r['dice2']]);
      await expect(d.getByTestId('bd-dice-total')).toHaveText(String(r['total']));
    },
  };
}

async function playPlinko(page: Page): Promise<Played> {
  await page.goto('/game/plinko');
  const res = answer(page, /\/api\/games\/plinko\/deduct$/);
  await page.getByRole('button', { name: 'Drop ball' }).click();
  const r = (await (await res).json()) as Json;
  await expect(page.getByTestId('game-outcome')).toHaveText(/\d+(\.\d+)?x — /, { timeout: 15_000 });
  return {
    game: 'plinko',
    betId: String(r['betId']),
    check: async (d) => {
      const steps = d.getByRole('list', { name: 'Which way at each row' }).locator('li');
      await expect(steps).toHaveText((r['path'] as number[]).map((s) => (s === 1 ? /R$/ : /L$/)));
      await expect(d.getByTestId('bd-plinko-slot')).toContainText(`Slot ${r['slotIndex']} of 13`);
    },
  };
}

async function playSlots(page: Page): Promise<Played> {
  await page.goto('/game/slots');
  const res = answer(page, /\/api\/games\/slots$/);
  await page.getByRole('button', { name: 'Spin', exact: true }).click();
  const r = (await (await res).json()) as Json;
  await expect(page.getByTestId('game-outcome')).toHaveText(/Win!|Returned \d|No win this time/, { timeout: 20_000 });
  const cascades = (r['cascades'] as Json[]).length;
  return {
    game: 'slots',
    betId: String(r['betId']),
    check: async (d) => {
      // the first grid drawn is the game's (emoji, row-major)
      const first = d.locator('.cc-bd-slots__cells').first().locator('span');
      expect(await first.evaluateAll((els) => els.map((e) => e.getAttribute('data-emoji')))).toEqual(r['initialGrid']);
      await expect(d.locator('.cc-bd-slots__cells')).toHaveCount(cascades === 0 ? 1 : cascades + 1);
      if (cascades > 0)
        await expect(d.getByRole('list', { name: 'Winning clusters' }).locator('li')).toHaveCount(
          (r['clusters'] as Json[]).length,
        );
    },
  };
}

async function playBlackjack(page: Page): Promise<Played> {
  await page.goto('/game/blackjack');
  let res = answer(page, /\/api\/games\/blackjack\/deal$/);
  await page.getByRole('button', { name: 'Deal' }).click();
  let r = (await (await res).json()) as Json;
  while (!r['gameOver']) {
    res = answer(page, /\/api\/games\/blackjack\/stand$/);
    await page.getByRole('button', { name: 'Stand' }).click();
    r = (await (await res).json()) as Json;
  }
  return {
    game: 'blackjack',
    betId: String(r['betId']),
    check: async (d) => {
      expect(await dialogCards(d.getByTestId('bd-dealer'))).toEqual(labels(r['dealerCards']));
      expect(await dialogCards(d.getByTestId('bd-hand').first())).toEqual(labels(r['hands'][0]['cards']));
      await expect(d.getByTestId('bd-dealer')).toContainText(String(r['dealerTotal']));
    },
  };
}

async function playHilo(page: Page): Promise<Played> {
  await page.goto('/game/hilo');
  await page.getByRole('button', { name: 'Start' }).click();
  const higher = page.getByRole('button', { name: /Higher/ });
  await expect(higher).toContainText('%');
  let res = answer(page, /\/api\/games\/hilo\/guess$/);
  await ((await higher.isEnabled()) ? higher : page.getByRole('button', { name: /Lower/ })).click();
  let r = (await (await res).json()) as Json;
  if (!r['gameOver']) {
    res = answer(page, /\/api\/games\/hilo\/cashout$/);
    await page.getByRole('button', { name: /Cash Out/ }).click();
    r = (await (await res).json()) as Json;
  }
  return {
    game: 'hilo',
    betId: String(r['betId']),
    check: async (d) => {
      expect(await dialogCards(d.getByRole('list', { name: /^The run/ }))).toEqual(labels(r['cards']));
      await expect(d.getByTestId('bd-guess')).toHaveCount(1);
    },
  };
}

async function openFromFeed(page: Page, betId: string): Promise<Locator> {
  const row = feed(page).locator(`[data-testid="live-bet"][data-bet-id="${betId}"]`);
  await expect(row).toHaveCount(1, { timeout: 5000 });
  await row.getByRole('button', { name: /: details$/ }).click();
  const dialog = page.getByRole('dialog', { name: `Bet #${betId}` });
  await expect(dialog.getByTestId('bet-details')).toBeVisible();
  return dialog;
}

test('each game’s bet opens from the live feed and the history with its outcome, verifies after a rotation, and the feed row gains its verify link without a reload', async ({
  page,
  context,
}) => {
  await openAsGuest(page, '/casino');
  const played: Played[] = [];
  for (const play of [playDice, playPlinko, playSlots, playBlackjack, playHilo]) {
    const bet = await play(page);
    // the game page's own feed, under "My bets"
    await feed(page).getByRole('tab', { name: 'My bets' }).click();
    const dialog = await openFromFeed(page, bet.betId);
    await bet.check(dialog);
    await expect(dialog.getByTestId('bd-sealed')).toContainText('Not verifiable yet');
    await expect(dialog.getByRole('button', { name: 'Verify' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    played.push(bet);
  }

  // a second tab watching the lobby's feed: the rows are sealed until the rotation
  const lobby = await context.newPage();
  await lobby.goto('/casino');
  await feed(lobby).getByRole('tab', { name: 'My bets' }).click();
  const lobbyRow = (id: string) => feed(lobby).locator(`[data-testid="live-bet"][data-bet-id="${id}"]`);
  for (const b of played) await expect(lobbyRow(b.betId).getByText('sealed')).toBeVisible();

  // the history on /fairness: the same bets, the same outcomes
  await page.goto('/fairness');
  const history = page.getByTestId('history-bet');
  for (const b of played) await expect(history.and(page.locator(`[data-bet-id="${b.betId}"]`))).toHaveCount(1);
  const [first] = played;
  await page
    .locator(`[data-testid="history-bet"][data-bet-id="${first.betId}"]`)
    .getByRole('button', { name: /: details$/ })
    .click();
  let dialog = page.getByRole('dialog', { name: `Bet #${first.betId}` });
  await expect(dialog.getByTestId('bet-details')).toBeVisible();
  await first.check(dialog);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await wcagViolations(page, '.cc-dialog')).toEqual([]);

  // reveal from the dialog: the rotation reveals the pair every bet above was played with
  await dialog.getByRole('button', { name: 'Rotate my seed pair to reveal it' }).click();
  await expect(dialog.getByRole('button', { name: 'Verify' })).toBeVisible({ timeout: 10_000 });
  const revealedAt = Date.now();
  // the lobby tab's rows gain their verify link from the stream, without a reload
  for (const b of played)
    await expect(lobbyRow(b.betId).getByRole('link', { name: `Verify bet ${b.betId}` })).toBeVisible({ timeout: 3000 });
  expect(Date.now() - revealedAt).toBeLessThan(5000);
  await page.keyboard.press('Escape');

  for (const b of played) {
    await page
      .locator(`[data-testid="history-bet"][data-bet-id="${b.betId}"]`)
      .getByRole('button', { name: /: details$/ })
      .click();
    dialog = page.getByRole('dialog', { name: `Bet #${b.betId}` });
    await expect(dialog.getByTestId('bet-details')).toBeVisible();
    await b.check(dialog);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByTestId('verify-outcome-match')).toHaveText('✓ Recomputed outcome matches the settled bet');
    await expect(
      dialog.getByText('✓ The revealed server seed matches the hash you were shown before betting'),
    ).toBeVisible();
    await expect(dialog.getByTestId('verify-payout-match')).toHaveText(/^✓ Recomputed payout/);
    if (b.game === 'slots') {
      expect(await wcagViolations(page, '.cc-dialog')).toEqual([]);
    }
    // focus stays inside: Tab from the last control comes back to the first
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `tmp/screenshots/bet-details-${b.game}-${w}x${h}.png` });
      await dialog.evaluate((d) => d.scrollTo(0, 0));
      await page.screenshot({ path: `tmp/screenshots/bet-details-${b.game}-top-${w}x${h}.png` });
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }

  // the lobby's feed row opens the same bet, now verifiable
  const d = await openFromFeed(lobby, played[0].betId);
  await played[0].check(d);
  await d.getByRole('button', { name: 'Verify' }).click();
  await expect(d.getByTestId('verify-outcome-match')).toHaveText('✓ Recomputed outcome matches the settled bet');
});
