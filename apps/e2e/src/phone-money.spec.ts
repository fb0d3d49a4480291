// Issue 29 item 9 (phones show the money), item 6's check (the header never wraps) and item 13's
// document titles, done as a player does at 390×844 (a 3× phone) and 1280×800. Screenshots go to
// tmp/screenshots/<name>-<size>.png.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { devWallet, short, toast } from './support/wallet';

const SIZES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, phone: true },
  { name: '1280x800', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, phone: false },
] as const;

/** Each game, its play button and what a round shows when it is over. */
const GAMES = [
  { id: 'dice', title: 'Nebula Dice', play: /^High/, done: /^Rolled \d+/ },
  { id: 'plinko', title: 'Quantum Plinko', play: /^Drop ball$/, done: /\d+(\.\d+)?x — / },
  { id: 'slots', title: 'Cosmic Chaos Slots', play: /^Spin$/, done: /./ },
  { id: 'blackjack', title: 'Galaxy Blackjack', play: /^Deal$/, done: null },
  { id: 'hilo', title: 'Cosmic Hi-Lo', play: /^Start$/, done: null },
] as const;

/** Every route of the router and its document title. */
const TITLES: Array<[string, string]> = [
  ['/', 'Cosmic Casino — Provably Fair Games on Algorand'],
  ['/casino', 'Games Lobby — Cosmic Casino'],
  ['/games', 'Games Lobby — Cosmic Casino'],
  ['/game/dice', 'Nebula Dice — Cosmic Casino'],
  ['/game/plinko', 'Quantum Plinko — Cosmic Casino'],
  ['/game/slots', 'Cosmic Chaos Slots — Cosmic Casino'],
  ['/game/blackjack', 'Galaxy Blackjack — Cosmic Casino'],
  ['/game/hilo', 'Cosmic Hi-Lo — Cosmic Casino'],
  ['/game/roulette', 'Game Not Found — Cosmic Casino'],
  ['/cashier', 'Cashier — Cosmic Casino'],
  ['/poker', 'Cosmic Poker — Cosmic Casino'],
  ['/fairness', 'Provably Fair — Cosmic Casino'],
  ['/fairness/reserves', 'Proof of Reserves — Cosmic Casino'],
  ['/responsible-gaming', 'Responsible Gaming — Cosmic Casino'],
  ['/security', 'Security Dashboard — Cosmic Casino'],
  ['/warp', 'Warp Drive — Cosmic Casino'],
  ['/no/such/page', '404 Page Not Found — Cosmic Casino'],
];

const banner = (page: Page) => page.getByRole('banner');
const menuButton = (page: Page) => banner(page).getByRole('button', { name: 'Menu' });

/** The part of `target` out of the first screen: under the sticky header or below the screen's bottom edge (0 when fully shown). */
async function outOfSight(page: Page, target: Locator): Promise<number> {
  const header = await banner(page).boundingBox();
  const box = await target.boundingBox();
  const height = page.viewportSize()!.height;
  if (!header || !box) return Number.POSITIVE_INFINITY;
  return Math.round(Math.max(0, header.y + header.height - box.y) + Math.max(0, box.y + box.height - height));
}

/**
 * The header is one line: its height is one control's, and every control in sight (logo, links,
 * buttons, the balance) sits on the same middle line inside it. Returns what is wrong, or [].
 */
async function headerLineProblems(page: Page): Promise<string[]> {
  return banner(page).evaluate((header) => {
    const box = header.getBoundingClientRect();
    const problems: string[] = [];
    if (box.height > 72) problems.push(`the header is ${Math.round(box.height)}px tall`);
    const parts = [...header.querySelectorAll<HTMLElement>('a, button, [data-testid="header-balance"]')].filter(
      (el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && !el.closest('[hidden]') && getComputedStyle(el).visibility !== 'hidden';
      },
    );
    if (parts.length < 3) problems.push(`only ${parts.length} controls in sight`);
    const middle = box.top + box.height / 2;
    for (const el of parts) {
      const r = el.getBoundingClientRect();
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      if (Math.abs(r.top + r.height / 2 - middle) > 4)
        problems.push(
          `"${name}" is off the header's line (middle ${Math.round(r.top + r.height / 2)} vs ${Math.round(middle)})`,
        );
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
        problems.push(`"${name}" sticks out of the header (${Math.round(r.left)}–${Math.round(r.right)})`);
      if (el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'A') problems.push(`"${name}" is cut off`);
    }
    // side by side, none over another (a squeezed balance spilling over the logo)
    const row = parts
      .filter((el) => !parts.some((other) => other !== el && other.contains(el)))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .sort((a, b) => a.r.left - b.r.left);
    for (let i = 1; i < row.length; i++) {
      if (row[i].r.left < row[i - 1].r.right - 0.5)
        problems.push(
          `"${(row[i].el.textContent ?? '').trim().slice(0, 40)}" overlaps "${(row[i - 1].el.getAttribute('aria-label') ?? row[i - 1].el.textContent ?? '').trim().slice(0, 40)}"`,
        );
    }
    // every line of the balance inside its pill
    const balance = header.querySelector<HTMLElement>('[data-testid="header-balance"]');
    if (balance && balance.getBoundingClientRect().width > 0) {
      const pill = balance.getBoundingClientRect();
      for (const line of balance.querySelectorAll<HTMLElement>('span:not(.cc-sr-only)')) {
        const r = line.getBoundingClientRect();
        if (r.left < pill.left || r.right > pill.right)
          problems.push(`"${line.textContent}" spills out of the balance`);
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px)`);
    return problems;
  });
}

/**
 * Shows the longest balances a player can realistically have, 1,234,567 HC and 1,000 AMINA (the
 * whole supply), in every user record the page reads (GET /api/users/:id, and POST /api/users that
 * seeds it): only these two numbers are changed, the records are the server's.
 */
async function showLongestBalances(page: Page): Promise<void> {
  await page.route(/\/api\/users(\/[^/]+)?$/, async (route) => {
    const method = route.request().method();
    if ((method !== 'GET' && method !== 'POST') || route.request().url().endsWith('/logout')) return route.fallback();
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const user = await response.json();
    await route.fulfill({ response, json: { ...user, houseBalance: '1234567', aminaBalance: '1000' } });
  });
}

/** Opens the header's Menu when the header folds its buttons into it (a narrow screen). */
async function openMenu(page: Page, phone: boolean): Promise<void> {
  if (!phone) return;
  await menuButton(page).click();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
}

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    const shot = (name: string) => `tmp/screenshots/${name}-${size.name}.png`;

    test('item 9: the header keeps the balance in sight, and a labelled Menu holds the sections and the wallet buttons', async ({
      page,
    }) => {
      await page.goto('/casino');
      await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Cosmic Adventure' })).toBeVisible();
      await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
      const cashier = banner(page).getByRole('link', { name: 'Cashier' });
      await expect(cashier).toBeVisible();
      if (!size.phone) {
        // a desktop has the room: everything inline, no menu
        await expect(menuButton(page)).toBeHidden();
        await expect(page.getByTestId('hc-balance')).toBeVisible();
        await expect(banner(page).getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
        await expect(
          banner(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Poker' }),
        ).toBeVisible();
        await page.screenshot({ path: shot('header-guest') });
        return;
      }
      const balance = banner(page).getByTestId('header-balance');
      await expect(balance).toBeVisible();
      await expect(balance).toHaveText('Balance: 1,000 HC');
      const menu = menuButton(page);
      await expect(menu).toBeVisible();
      await expect(menu).toHaveText('Menu');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(banner(page).getByRole('button', { name: 'Connect Wallet' })).toBeHidden();
      await page.screenshot({ path: shot('header-guest') });

      // the menu: the sections and the wallet's buttons, on the screen, and the button shows it is open
      const closedLook = await menu.evaluate((b) => getComputedStyle(b).backgroundColor);
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      // its background fades in (a short transition): a slow machine reads the first frames
      await expect.poll(() => menu.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe(closedLook);
      const panel = page.locator(`[id="${await menu.getAttribute('aria-controls')}"]`);
      for (const control of [
        banner(page).getByRole('button', { name: 'Connect Wallet' }),
        banner(page).getByRole('button', { name: 'Manual', exact: true }),
        banner(page).getByRole('link', { name: 'Poker' }),
        banner(page).getByRole('link', { name: 'Fairness' }),
      ]) {
        await expect(control).toBeVisible();
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(size.viewport.height);
      }
      await page.screenshot({ path: shot('header-menu-open') });
      // a section pressed in the menu goes there and folds the menu
      await banner(page).getByRole('link', { name: 'Poker' }).click();
      await expect(page).toHaveURL(/\/poker$/);
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(panel).toBeHidden();
      // Escape folds it too, back on the button
      await menu.click();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();
    });

    test('item 9: a connected wallet shows its AMINA and HC in the header, and its buttons are in reach', async ({
      page,
    }) => {
      const wallet = await devWallet(page, 'player-3');
      await page.goto('/game/dice');
      await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
      await openMenu(page, size.phone);
      await banner(page).getByRole('button', { name: 'Manual', exact: true }).click();
      await page.getByRole('textbox', { name: 'Wallet address' }).fill(wallet.address);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(toast(page, 'Manual Wallet Connected!')).toContainText('is connected watch-only');
      await expect(page.getByTestId('wallet-address')).toHaveText(short(wallet.address));
      const amina = (await page.getByTestId('amina-balance').textContent())!;
      expect(amina).toMatch(/^[\d,]+\.\d{3} AMINA$/);
      if (size.phone) {
        const balance = banner(page).getByTestId('header-balance');
        await expect(balance).toBeVisible();
        await expect(balance).toHaveText(new RegExp(`^Balance: ${amina.replace(/\./g, '\\.')}, [\\d,]+ HC$`));
        await expect(banner(page).getByRole('button', { name: 'Sign in with wallet' })).toBeHidden();
        await page.screenshot({ path: shot('header-wallet') });
        await openMenu(page, true);
      } else {
        await expect(page.getByTestId('amina-balance')).toBeVisible();
      }
      await expect(banner(page).getByRole('button', { name: 'Sign in with wallet' })).toBeVisible();
      await expect(banner(page).getByRole('button', { name: 'Disconnect' })).toBeVisible();
      await page.screenshot({ path: shot(size.phone ? 'header-wallet-menu' : 'header-wallet') });
      await banner(page).getByRole('button', { name: 'Disconnect' }).click();
      await expect(toast(page, 'Wallet Disconnected')).toBeVisible();
      await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
    });

    test('item 9: every game has its play button and the bet amount on the first screen, and a round played from them keeps its result and the play button in sight', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      for (const game of GAMES) {
        await page.goto(`/game/${game.id}`);
        await expect(page.getByRole('heading', { level: 1, name: game.title })).toBeVisible();
        const amount = page.getByRole('textbox', { name: 'Bet amount' });
        const play = page.getByRole('button', { name: game.play });
        await expect(amount).toBeVisible();
        await expect(play).toBeEnabled();
        expect(await page.evaluate(() => window.scrollY), `${game.id} opens at the top`).toBe(0);
        expect(await outOfSight(page, play), `${game.id}: the play button is on the first screen`).toBe(0);
        expect(await outOfSight(page, amount), `${game.id}: the bet amount is on the first screen`).toBe(0);
        await page.screenshot({ path: shot(`first-screen-${game.id}`) });
        if (!game.done) continue;
        // a round from the buttons: its result shows, and the play button is still there for the next
        // (a win may add a line under the board, e.g. slots' winning clusters, and push the amount down)
        await amount.fill('5');
        // a slots spin that awards free spins plays them all by itself before Spin comes back:
        // shown at once, they take seconds, not the minute the normal speed would
        if (game.id === 'slots') {
          await page.getByRole('radio', { name: 'Instant' }).check();
          await page.evaluate(() => window.scrollTo(0, 0)); // back to the first screen the round is played from
        }
        await play.click();
        await expect(page.getByTestId('game-outcome')).toHaveText(game.done, { timeout: 20_000 });
        await expect(play).toBeEnabled({ timeout: game.id === 'slots' ? 45_000 : 20_000 });
        await expect
          .poll(() => outOfSight(page, page.getByTestId('game-outcome')), {
            message: `${game.id}: the result is in sight`,
          })
          .toBe(0);
        expect(await outOfSight(page, play), `${game.id}: the play button is in sight after the round`).toBe(0);
        await page.screenshot({ path: shot(`after-round-${game.id}`) });
      }
    });

    test('item 6: the header stays on one line with the longest balances, as a guest, signed in and watch-only', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await showLongestBalances(page);
      await page.goto('/game/hilo');
      await expect(page.getByTestId('hc-balance')).toHaveText('1,234,567 HC');
      expect(await headerLineProblems(page)).toEqual([]);
      await page.screenshot({ path: shot('header-longest-guest') });

      // the widest wallet: not opted in to AMINA, with 1,000 AMINA and 1,234,567 HC, signed in
      const wallet = await devWallet(page, 'player-no-optin');
      await openMenu(page, size.phone);
      await banner(page).getByRole('button', { name: 'Connect Wallet' }).click();
      const chooser = page.getByRole('dialog', { name: 'Connect Wallet' });
      await chooser.getByRole('button', { name: new RegExp(`^${wallet.label}\\b`) }).click();
      await expect(toast(page, 'Dev Wallet Connected!')).toContainText(`${short(wallet.address)} is proven`);
      const summary = page.getByLabel('Connected wallet');
      await expect(summary.getByText('Signed in', { exact: true })).toBeAttached();
      await expect(summary.getByText('Need AMINA opt-in')).toBeAttached();
      await expect(page.getByTestId('amina-balance')).toHaveText('1,000.000 AMINA');
      if (size.phone)
        await expect(banner(page).getByTestId('header-balance')).toHaveText('Balance: 1,000.000 AMINA, 1,234,567 HC');
      else await expect(summary).toContainText('1,234,567 HC');
      await expect.poll(() => headerLineProblems(page)).toEqual([]);
      await page.screenshot({ path: shot('header-longest-signed-in') });
      if (size.phone) {
        await openMenu(page, true);
        await page.screenshot({ path: shot('header-longest-signed-in-menu') });
        await menuButton(page).click();
      }

      // the same wallet typed in: watch-only, with "Sign in" beside Disconnect
      await openMenu(page, size.phone);
      await banner(page).getByRole('button', { name: 'Disconnect' }).click();
      await expect(toast(page, 'Wallet Disconnected')).toBeVisible();
      await openMenu(page, size.phone);
      await banner(page).getByRole('button', { name: 'Manual', exact: true }).click();
      await page.getByRole('textbox', { name: 'Wallet address' }).fill(wallet.address);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(toast(page, 'Manual Wallet Connected!')).toBeVisible();
      await expect(summary.getByText('Watch-only', { exact: true })).toBeAttached();
      await expect.poll(() => headerLineProblems(page)).toEqual([]);
      await page.screenshot({ path: shot('header-longest-watch-only') });
      await openMenu(page, size.phone);
      await expect(banner(page).getByRole('button', { name: 'Sign in with wallet' })).toBeVisible();
      if (size.phone) await page.screenshot({ path: shot('header-longest-watch-only-menu') });
    });

    test('item 13: every page has its own document title, also when moving between pages in the app', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      for (const [path, title] of TITLES) {
        await page.goto(path);
        await expect(page, path).toHaveTitle(title);
      }
      // moving inside the app (no reload): the lobby, a game, back, the 404 page
      await page.goto('/casino');
      await expect(page).toHaveTitle('Games Lobby — Cosmic Casino');
      await page.getByRole('link', { name: 'Nebula Dice' }).first().click();
      await expect(page).toHaveTitle('Nebula Dice — Cosmic Casino');
      await page.getByRole('link', { name: 'Back' }).click();
      await expect(page).toHaveTitle('Games Lobby — Cosmic Casino');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Responsible gaming' }).click();
      await expect(page).toHaveTitle('Responsible Gaming — Cosmic Casino');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Provably fair' }).click();
      await expect(page).toHaveTitle('Provably Fair — Cosmic Casino');
      await page.goBack();
      await expect(page).toHaveTitle('Responsible Gaming — Cosmic Casino');
    });
  });
}
