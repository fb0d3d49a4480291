import { expect, test, type Page } from '@playwright/test';
import { wcagViolations } from './support/play';
import { openAsGuest, storage } from './support/wallet';

// Issue 24 item 2: a bet placed in another browser (its own guest) shows in the lobby's live feed
// within 2 s, with the player's username and never the address; only the player's own feed lists
// it under "My bets"; the feed passes axe with rows in it.

const feed = (page: Page) => page.getByRole('region', { name: 'Live bets' });
const rowOf = (page: Page, username: string) => feed(page).getByTestId('live-bet').filter({ hasText: username });

test('a bet placed in another browser context shows in the live feed within 2 s, with the username and not the address', async ({
  page,
  browser,
}) => {
  await openAsGuest(page, '/casino');
  await expect(feed(page).getByRole('tab', { name: 'All bets' })).toHaveAttribute('aria-selected', 'true');
  await expect(feed(page).getByRole('table', { name: /^All bets: the latest/ })).toBeVisible();
  const watcherId = await storage(page, 'guestUserId');

  const other = await browser.newContext();
  try {
    const player = await other.newPage();
    await openAsGuest(player, '/game/dice');
    const address = (await storage(player, 'guestUserId')) as string;
    expect(address).not.toBe(watcherId);
    const me = await (await player.request.get(`/api/users/${address}`)).json();
    const username = me.username as string;
    // a random default name (issue 37 item 10), never derived from the guest id
    expect(username).toMatch(/^cosmic_[a-z2-7]{8}$/);
    expect(username.toLowerCase()).not.toContain(address.slice(-8).toLowerCase());
    await expect(rowOf(page, username)).toHaveCount(0);

    const rolled = player.waitForResponse(
      (r) => r.url().endsWith('/api/games/dice') && r.request().method() === 'POST',
    );
    await player.getByRole('button', { name: /^Low/ }).click();
    expect((await rolled).status()).toBe(200);
    const settledAt = Date.now();
    await expect(rowOf(page, username)).toHaveCount(1, { timeout: 2000 });
    expect(Date.now() - settledAt).toBeLessThan(2000);

    const row = rowOf(page, username);
    await expect(row.getByRole('cell').nth(0)).toHaveText('Nebula Dice');
    await expect(row.getByRole('cell').nth(1)).toHaveText(username);
    await expect(row.getByRole('cell').nth(3)).toHaveText(/ HC$/);
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d+(\.\d+)?×$/);
    await expect(feed(page)).not.toContainText(address);

    // "My bets" is the session's own: the player's game page lists it, the watcher's lobby does not
    await feed(player).getByRole('tab', { name: 'My bets' }).click();
    await expect(rowOf(player, username)).toHaveCount(1);
    await feed(page).getByRole('tab', { name: 'My bets' }).click();
    await expect(feed(page).getByRole('table', { name: /^My bets/ })).toBeVisible();
    await expect(rowOf(page, username)).toHaveCount(0);
    // the default bet is no high roller's (under 100 HC)
    await feed(page).getByRole('tab', { name: 'High rollers' }).click();
    await expect(feed(page).getByRole('table', { name: /^High rollers/ })).toBeVisible();
    await expect(rowOf(page, username)).toHaveCount(0);
    await feed(page).getByRole('tab', { name: 'All bets' }).click();
    await expect(rowOf(page, username)).toHaveCount(1);
  } finally {
    await other.close();
  }

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await wcagViolations(page, '.cc-live')).toEqual([]);
});
