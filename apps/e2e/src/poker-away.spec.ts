// Issue 29 item 11, as players do it: a phone player (390×844) and a desktop player (1280×800) sit
// down at the humans-only table, see each other by username (never a guest id), and close their
// tabs. After the sit-out time (2 minutes with no poker connection) the server cashes both out: the
// seats are free again, the chips are back as HC (every chip accounted for between the two), and
// the lobby shows nobody left behind. Screenshots go to tmp/screenshots/<name>-<size>.png.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PHONE_AND_DESKTOP } from './support/play';

const TABLE = 'Pulsar';
const SIZES = PHONE_AND_DESKTOP;

interface Player {
  size: string;
  context: BrowserContext;
  page: Page;
  username: string;
  guestId: string;
}

async function sitDown(browser: Browser, size: (typeof SIZES)[number], hc: number): Promise<Player> {
  const context = await browser.newContext({ viewport: size.viewport });
  const page = await context.newPage();
  await page.goto('/poker');
  await expect(page.getByRole('heading', { level: 1, name: 'Cosmic Poker' })).toBeVisible();
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
  const guestId = (await page.evaluate(() => localStorage.getItem('guestUserId'))) ?? '';
  expect(guestId).toMatch(/^GUEST_/);
  const username = (await (await page.request.get(`/api/users/${guestId}`)).json()).username as string;
  await page.getByRole('button', { name: `Take a seat at ${TABLE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Buy in at ${TABLE}` });
  await dialog.getByLabel('Buy-in (HC)').fill(String(hc));
  await dialog.getByRole('button', { name: 'Sit down' }).click();
  await expect(page.getByRole('heading', { name: 'Your seat' })).toBeVisible();
  return { size: size.name, context, page, username, guestId };
}

/** HC balance × 100 + seated chips + kept odd chips, read with the player's own session (no page needed). */
async function holdings(p: Player): Promise<{ chips: number; seated: boolean }> {
  const user = await (await p.context.request.get(`/api/users/${p.guestId}`)).json();
  const me = await (await p.context.request.get('/api/poker/me')).json();
  return {
    chips: Math.round(Number(user.houseBalance) * 100) + (me.seat?.chips ?? 0) + me.changeChips,
    seated: me.seat !== null,
  };
}

test('players who close the tab are cashed out after the sit-out time; players show their username, never a guest id', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const players = [await sitDown(browser, SIZES[0], 6), await sitDown(browser, SIZES[1], 4)];
  const total = async () => (await holdings(players[0])).chips + (await holdings(players[1])).chips;
  // each sat down from a fresh guest's 1,000 HC (sitDown saw it): 2 × 100,000 chips' worth between
  // them. Not read back here: the first hand may already have its blinds in the pot by then
  const before = 2 * 1000 * 100;

  // each sees the other at the table by username (their own seat says 'You'); no raw guest id anywhere
  for (const p of players) {
    const felt = p.page.getByRole('group', { name: `${TABLE} table` });
    const other = players.find((q) => q !== p)!;
    await expect(felt).toContainText(other.username);
    await expect(felt).toContainText('You');
    await expect(p.page.getByText(/GUEST_/)).toHaveCount(0);
    await p.page.screenshot({ path: `tmp/screenshots/poker-seated-${p.size}.png` });
  }

  // both close the tab; the seats stay while they may come back, then the server cashes them out
  for (const p of players) await p.page.close();
  const closedAt = Date.now();
  await expect
    .poll(async () => (await Promise.all(players.map(async (p) => (await holdings(p)).seated))).join(), {
      timeout: 200_000,
      intervals: [5_000],
    })
    .toBe('false,false');
  // not before the 2 minutes away (the maintenance loop runs every 10 s)
  expect(Date.now() - closedAt).toBeGreaterThan(115_000);
  // every chip is back as HC (the hands they sat out moved chips only between them)
  expect(await total()).toBe(before);

  // back in the lobby: a seat to take again, the HC balance shown, nobody left at the table
  for (const p of players) {
    const page = await p.context.newPage();
    await page.goto('/poker');
    await expect(page.getByRole('button', { name: `Take a seat at ${TABLE}` })).toBeVisible();
    const user = await (await page.request.get(`/api/users/${p.guestId}`)).json();
    await expect(page.getByTestId('hc-balance')).toHaveText(`${Number(user.houseBalance).toLocaleString('en-US')} HC`);
    await expect(page.locator('.pk-lobby__table').filter({ hasText: TABLE })).toContainText('0 humans');
    await page.screenshot({ path: `tmp/screenshots/poker-away-cashed-out-${p.size}.png`, fullPage: true });
    await p.context.close();
  }
});
