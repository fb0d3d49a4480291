// Issue 12: Cosmic Poker. Two browser sessions (two guests) sit at the humans-only table and
// play one hand of Texas Hold'em against each other over the WebSocket, to a showdown, then
// cash out; every chip is accounted for.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { connectManually, devWallet, openAsGuest, short, toast } from './support/wallet';

const TABLE = 'Pulsar';

async function player(browser: Browser, width = 1440, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors: string[] }).errors = errors;
  // the lobby's heading is in the server's HTML: wait for the app and its guest session too
  await openAsGuest(page, '/poker');
  await expect(page.getByRole('heading', { level: 1, name: 'Cosmic Poker' })).toBeVisible();
  return page;
}

async function sitDown(page: Page, hc: number): Promise<void> {
  await page.getByRole('button', { name: `Take a seat at ${TABLE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Buy in at ${TABLE}` });
  await dialog.getByLabel('Buy-in (HC)').fill(String(hc));
  await expect(dialog.getByText(`= ${(hc * 100).toLocaleString('en-US')} chips`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Sit down' }).click();
  await expect(page.getByRole('heading', { name: 'Your seat' })).toBeVisible();
}

/** The passive move (Check, else Call) when it is this page's turn, or null. */
async function passiveMove(page: Page) {
  const move = page.getByRole('group', { name: 'Your move' }).getByRole('button', { name: /^(Check|Call [\d,]+)$/ });
  return (await move.isEnabled().catch(() => false)) ? move : null;
}

/** What the table shows: whose turn it is and how many community cards are out. */
async function tableState(page: Page): Promise<[string, number]> {
  const felt = page.getByRole('group', { name: `${TABLE} table` });
  const status = (await felt.getByRole('status').textContent()) ?? '';
  const board = await felt.getByRole('group', { name: 'Community cards' }).getByRole('img').count();
  return [status, board];
}

/** What the page's owner holds, in chips: HC balance × 100 + seated chips + kept odd chips. */
async function holdings(page: Page): Promise<number> {
  const wallet = await page.evaluate(() => localStorage.getItem('guestUserId'));
  const user = await (await page.request.get(`/api/users/${wallet}`)).json();
  const me = await (await page.request.get('/api/poker/me')).json();
  return Math.round(Number(user.houseBalance) * 100) + (me.seat?.chips ?? 0) + me.changeChips;
}

test('two players play a hand of Hold’em against each other and cash out', async ({ browser }) => {
  const alice = await player(browser);
  const bob = await player(browser, 360, 780);
  const before = (await holdings(alice)) + (await holdings(bob));

  await sitDown(alice, 5);
  await sitDown(bob, 5);

  // the hand is dealt: each sees their own two cards face up and the other's face down
  for (const page of [alice, bob]) {
    await expect(page.getByRole('status').filter({ hasText: /Your turn|to act/ })).toBeVisible({ timeout: 15_000 });
    await expect(
      page.getByRole('group', { name: `${TABLE} table` }).getByRole('img', { name: 'face-down card' }),
    ).toHaveCount(2);
    await expect(page.getByText(/^Pot\s*15$/)).toBeVisible();
  }

  // the hand's number: numbers go on from the table's last recorded hand (other specs play here too)
  const live = await alice
    .getByRole('region', { name: 'Hand history' })
    .getByRole('heading', { level: 3, name: /^Hand #\d+ so far$/ })
    .textContent();
  const hand = `#${/#(\d+)/.exec(live ?? '')?.[1]}`;
  expect(hand).toMatch(/^#\d+$/);

  // one acts, the other waits: exactly one of them has live buttons; play check/call to the river
  let moves = 0;
  while (moves < 12) {
    const done = await alice
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^${hand}(?!\\d)`) })
      .count();
    if (done) break;
    const [a, b] = [await passiveMove(alice), await passiveMove(bob)];
    expect(a && b).toBeNull(); // never both at once
    const move = a ?? b;
    if (!move) {
      await alice.waitForTimeout(150);
      continue;
    }
    const [acting, waiting] = move === a ? [alice, bob] : [bob, alice];
    await expect(
      waiting.getByRole('group', { name: 'Your move' }).getByRole('button', { name: 'Fold' }),
    ).toBeDisabled();
    const before = await tableState(acting);
    await move.click();
    moves++;
    // the move shows on the table: the turn passes on, or the next street is dealt
    await expect.poll(() => tableState(acting), { intervals: [50, 100, 200] }).not.toEqual(before);
  }
  // preflop call + check, then check-check on flop, turn and river: 8 moves to the showdown
  expect(moves).toBe(8);

  for (const page of [alice, bob]) {
    // this hand's entry (the history also lists the table's earlier hands)
    const entry = page
      .getByRole('region', { name: 'Hand history' })
      .getByRole('listitem')
      .filter({ has: page.getByText(hand, { exact: true }) });
    await expect(entry.getByText(hand, { exact: true })).toBeVisible();
    await expect(entry.getByText(/won 20|split/)).toBeVisible();
    // the showdown turned both hands face up
    await entry.getByText(hand, { exact: true }).click();
    await expect(entry.getByText(/ shows? .* \(/)).toHaveCount(2);
    await expect(entry.getByText(/^Server seed$/)).toBeVisible();
  }

  // cash out (the next hand may already be dealt: leaving folds it)
  for (const page of [alice, bob]) {
    await page.getByRole('button', { name: 'Cash Out' }).click();
    const confirm = page.getByRole('button', { name: 'Fold and cash out' });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await expect(page.getByRole('button', { name: `Take a seat at ${TABLE}` })).toBeVisible();
  }
  expect((await holdings(alice)) + (await holdings(bob))).toBe(before);
  for (const page of [alice, bob]) expect((page as Page & { errors: string[] }).errors).toEqual([]);
});

test('a buy-in larger than the balance says "Insufficient balance!"', async ({ browser }) => {
  const page = await player(browser);
  await page.getByRole('button', { name: 'Take a seat at Orion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy in at Orion' });
  await dialog.getByLabel('Buy-in (HC)').fill('100');
  await expect(dialog.getByText(/Your balance: 1,000 HC/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sit down' })).toBeEnabled();
  // spend the balance down through the API, then the same buy-in is refused by the server
  for (let i = 0; i < 10; i++) {
    const r = await page.request.post('/api/poker/tables/orion/buy-in', { data: { amount: 100 } });
    expect(r.status()).toBe(200);
  }
  await dialog.getByRole('button', { name: 'Sit down' }).click();
  await expect(page.getByText('Insufficient balance!').first()).toBeVisible();
  await page.request.post('/api/poker/cash-out');
});

test("a watch-only wallet sees the watch-only notice and no seat to take; the server refuses its buy-in; 'Play as guest' offers the seats again", async ({
  browser,
}) => {
  const page = await player(browser);
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
  const wallet = await devWallet(page, 'player-3');
  await connectManually(page, wallet.address);
  const notice = page.getByTestId('watch-only-notice');
  await expect(notice).toContainText('Watch-only wallet: sign in with your wallet to play with it');
  await expect(notice).toContainText(short(wallet.address));
  await expect(notice.getByRole('button', { name: 'Sign in with wallet' })).toBeVisible();
  // no buy-in is offered as if it would work: every table's seat button asks to sign in, disabled
  await expect(page.getByRole('button', { name: `Take a seat at ${TABLE}`, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Sign in to take a seat at ${TABLE}` })).toBeDisabled();
  const refused = await page.request.post(`/api/poker/tables/${TABLE.toLowerCase()}/buy-in`, { data: { amount: 10 } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: 'OWNERSHIP_REQUIRED' });
  // watching still works
  await page.getByRole('button', { name: `Watch ${TABLE}` }).click();
  await expect(page.getByText('You are watching. Sign in with your wallet to take a seat.')).toBeVisible();
  await page.getByRole('button', { name: 'Tables' }).click();

  await notice.getByRole('button', { name: 'Play as guest' }).click();
  await expect(toast(page, 'Wallet Disconnected')).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('button', { name: `Take a seat at ${TABLE}`, exact: true })).toBeEnabled();
});

test('the lobby speaks to players and its cards hold their facts, on a phone and a desktop (issue 29 item 11)', async ({
  browser,
}) => {
  for (const [width, height, size] of [
    [390, 844, 'phone'],
    [1280, 800, 'desktop'],
    // three cards in a row, each narrower than at 1280: '0 humans · 5 bots' once ran past their edge here
    [1440, 900, 'wide'],
  ] as const) {
    const page = await player(browser, width, height);
    await expect(page.getByText('Buy in with House Coins (100 chips = 1 HC)')).toBeVisible();
    await expect(page.getByText(/floor\(/)).toHaveCount(0);
    const cards = page.locator('.pk-lobby__table');
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      await expect(card.getByText(/\d+ humans?/)).toBeVisible();
      // nothing spills out of its card: the players line wraps before the bots
      expect(
        await card.evaluate((el) =>
          // the text's own boxes, not only the dd's (a nowrap run of text can overflow a dd that stays inside)
          [...el.querySelectorAll('dd, dd span')].every(
            (e) => e.getBoundingClientRect().right <= el.getBoundingClientRect().right + 0.5,
          ),
        ),
      ).toBe(true);
    }
    await page.screenshot({ path: `tmp/screenshots/poker-lobby-${size}.png`, fullPage: true });
    await page.context().close();
  }
});
