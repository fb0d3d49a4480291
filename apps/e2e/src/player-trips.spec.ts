// Issue 40 (items 1, 2, 6, 7, 8 and 9): what a player still tripped on, played as a player would at
// 390×844 (touch) and 1280×800. Screenshots go to tmp/screenshots/<name>-<size>.png.
import { expect, test, type Page } from '@playwright/test';
import { blackjackDeal, fairStream } from '@cosmic/game-engine';
import { HOUSE_GAMES, WEB_ROUTES } from '@cosmic/contracts';
import { betHistory, openAsFreshGuest } from './support/play';
import { takeSnapshot } from './support/reserves';
import { connectManually, devWallet, headerButton, openChooser, toast } from './support/wallet';

const SIZES = [
  { name: '390x844', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: '1280x800', use: { viewport: { width: 1280, height: 800 } } },
] as const;

const SEED = 'e2e40'.repeat(12) + 'abcd';
const CLIENT = 'trips';
/** The first nonce whose blackjack deal leaves the hand open (no natural on either side). */
const openDeal = (() => {
  for (let n = 0; ; n++) if (blackjackDeal(fairStream(SEED, CLIENT, n)).status === 'player') return n;
})();

/** Money as the header writes it (formatMoney): grouped digits, then the unit; AMINA to 3 places there, 8 in the cashier and the proof of reserves. */
const MONEY = {
  hc: /^\+?\d{1,3}(,\d{3})* HC$/,
  headerAmina: /^\d{1,3}(,\d{3})*\.\d{3} AMINA$/,
  exactAmina: /^\d{1,3}(,\d{3})*\.\d{8} AMINA/,
};

const freeSpins = (page: Page) => page.getByTestId('free-spins');
const betAmount = (page: Page) => page.getByRole('textbox', { name: 'Bet amount' });

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use(size.use);
    const shot = (name: string) => `tmp/screenshots/${name}-${size.name}.png`;

    test('item 1: after Buy, the 10 bought free spins play by themselves, each a bet, with Stop and the bonus total', async ({
      page,
    }) => {
      await openAsFreshGuest(page, '/game/slots');
      // the animation speed paces the free spins too
      await page.getByRole('radio', { name: 'Instant' }).check();
      await page.getByRole('button', { name: 'Buy Bonus (100× bet)' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Buy' }).click();
      // Stop before the first spin: the spins stay with the player
      await page.getByRole('button', { name: 'Stop free spins' }).click();
      const resume = page.getByRole('button', { name: 'Play free spins (10)' });
      await expect(resume).toBeVisible();
      await expect(page.getByTestId('bonus-win')).toHaveText('Bonus win: 0 HC');
      await page.screenshot({ path: shot('trips-slots-stopped') });
      await resume.click();
      await expect(page.getByRole('button', { name: 'Stop free spins' })).toBeVisible();
      await expect(freeSpins(page)).not.toHaveText('10');
      await page.screenshot({ path: shot('trips-slots-playing') });
      // no other click: all ten play out
      await expect(freeSpins(page)).toHaveText('0', { timeout: 60_000 });
      const total = page.getByTestId('bonus-total');
      await expect(total).toBeVisible();
      await page.screenshot({ path: shot('trips-slots-done') });
      const bets = (await betHistory(page)).filter((b) => b.game === 'slots');
      const spins = bets.filter((b) => b.amount === '0');
      expect(spins).toHaveLength(10);
      expect(bets).toHaveLength(11); // and the purchase
      const sum = spins.reduce((s, b) => s + BigInt(b.payout), 0n);
      await expect(total).toHaveText(`Bonus round over: ${sum} HC won in total`);
    });

    test('item 6: a reload mid-round shows the round’s own stake, locked until the round ends (hi-lo, blackjack)', async ({
      page,
    }) => {
      await openAsFreshGuest(page, '/game/hilo');
      await betAmount(page).fill('20');
      await page.getByRole('button', { name: 'Start' }).click();
      await expect(page.getByRole('button', { name: /Higher/ })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('button', { name: /Higher/ })).toBeVisible();
      await expect(betAmount(page)).toHaveValue('20');
      await expect(betAmount(page)).toBeDisabled();
      await page.screenshot({ path: shot('trips-hilo-reloaded') });
      // an ace or a king allows one side only: guess the side the card allows
      await page.locator('.cc-hilo__guess:not([disabled])').first().click();
      await expect(page.getByRole('button', { name: /Cash Out|Play again/ })).toBeVisible();
    });

    test('item 6: the same for blackjack', async ({ page }) => {
      await openAsFreshGuest(page, '/game/blackjack', { serverSeed: SEED, clientSeed: CLIENT, nonce: openDeal });
      await betAmount(page).fill('30');
      await page.getByRole('button', { name: 'Deal' }).click();
      await expect(page.getByRole('button', { name: 'Stand' })).toBeEnabled();
      await page.reload();
      await expect(page.getByRole('button', { name: 'Stand' })).toBeEnabled();
      await expect(betAmount(page)).toHaveValue('30');
      await expect(betAmount(page)).toBeDisabled();
      await page.getByRole('button', { name: 'Stand' }).click();
      await expect(betAmount(page)).toBeEnabled();
      await expect(betAmount(page)).toHaveValue('30');
    });

    test('item 7: right after claiming, the next allowance says tomorrow and how long', async ({ page }) => {
      await openAsFreshGuest(page, '/casino');
      await page.getByRole('button', { name: 'Claim daily 1,000 HC' }).click();
      await expect(page.getByTestId('hc-balance')).toHaveText('2,000 HC');
      await expect(page.getByTestId('next-allowance')).toHaveText(
        /^Next allowance tomorrow at \d{1,2}:\d{2}\s?[AP]M \(in 23 h 59 min\)$/,
      );
      await page.getByTestId('next-allowance').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('trips-allowance') });
    });

    test('item 9: an unknown page is the 404 page, answered 404; every known page is 200', async ({
      page,
      request,
    }) => {
      const known = [
        ...Object.values(WEB_ROUTES).filter((r) => !r.includes(':')),
        ...HOUSE_GAMES.map((g) => `/game/${g}`),
      ];
      for (const path of known) expect((await request.get(path)).status(), path).toBe(200);
      for (const path of ['/zzz', '/game/nope']) {
        const r = await request.get(path);
        expect(r.status(), path).toBe(404);
        expect(r.headers()['content-type']).toMatch(/^text\/html/);
      }
      expect((await page.goto('/zzz'))?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
      await page.screenshot({ path: shot('trips-404') });
      expect((await page.goto('/game/nope'))?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Game Not Found' })).toBeVisible();
    });

    test('item 9: Start autobet above the fold, the chooser whole, whose coins a watched wallet shows, one money format', async ({
      page,
    }) => {
      // the daily allowance writes House Coins as the header does
      await openAsFreshGuest(page, '/casino');
      await expect(page.getByTestId('hc-balance')).toHaveText(MONEY.hc);
      const claim = page.getByRole('button', { name: /^Claim daily / });
      expect((await claim.textContent())?.replace('Claim daily ', '')).toMatch(MONEY.hc);
      await claim.click();
      const claimed = toast(page, 'Daily bonus claimed!');
      await expect(claimed).toContainText('+1,000 HC');
      await expect(page.getByTestId('hc-balance')).toHaveText('2,000 HC');
      // the proof of reserves writes its totals as the header writes AMINA, to every base unit
      await takeSnapshot(page);
      await page.goto('/fairness/reserves');
      const latest = page.getByTestId('reserves-latest');
      for (const total of ['Reserves (house AMINA on chain)', 'Liabilities (players’ AMINA)'])
        await expect(latest.locator('dt', { hasText: total }).locator('xpath=following-sibling::dd[1]')).toHaveText(
          MONEY.exactAmina,
        );

      await page.goto('/game/dice');
      await page.getByRole('group', { name: 'Bet mode' }).getByRole('button', { name: 'Auto' }).click();
      const start = page.getByRole('button', { name: 'Start autobet' });
      if (size.name === '1280x800') {
        // on the first screen, without scrolling
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await expect(start).toBeInViewport({ ratio: 1 });
      }
      await page.screenshot({ path: shot('trips-dice-auto') });
      const chooser = await openChooser(page);
      // every choice in view as the chooser opens, Pera first and the manual entry last: nothing to scroll
      await expect(chooser.getByRole('button')).toHaveText([
        /^P?Pera Wallet$/,
        /^D?Defly Wallet$/,
        /^L?Lute Wallet$/,
        ...['player-1', 'player-2', 'player-3', 'player-4', 'player-no-optin'].map(
          (label) => new RegExp(`^${label}[A-Z2-7]{6}…[A-Z2-7]{4}`), // label, then the short address
        ),
        'Enter address manually',
      ]);
      const manual = chooser.getByRole('button', { name: 'Enter address manually' });
      await expect(manual).toBeInViewport({ ratio: 1 });
      expect(await chooser.evaluate((d) => d.scrollHeight - d.clientHeight)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: shot('trips-chooser') });
      await page.keyboard.press('Escape');

      const wallet = await devWallet(page, 'player-4');
      await connectManually(page, wallet.address);
      const short = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`;
      await expect(page.getByTestId('bet-balance')).toHaveText(
        new RegExp(`^Balance of ${short} \\(watch-only\\) \\d[\\d,]* HC$`),
      );
      const hc = (await page.getByTestId('bet-balance').locator('strong').textContent()) ?? '';
      // the header says the same coins, in the same words (on a phone, in its Menu)
      await expect(page.getByTestId('wallet-hc-balance')).toHaveText(hc);
      if (size.name === '1280x800') await expect(page.getByTestId('wallet-hc-balance')).toBeVisible();
      await page.screenshot({ path: shot('trips-watch-only') });
      await page.goto('/cashier');
      await expect(page.getByTestId('cashier-hc-balance')).toHaveText(hc);
      await expect(page.getByTestId('cashier-amina-balance')).toHaveText(/^\d[\d,]*\.\d{8}$/);
      await expect(page.getByTestId('amina-balance')).toHaveText(MONEY.headerAmina);
    });

    test('item 9: plinko names the lit slot’s multiplier', async ({ page }) => {
      await openAsFreshGuest(page, '/game/plinko');
      await page.getByRole('radio', { name: 'Instant' }).check();
      await page.getByRole('button', { name: 'Drop ball' }).click();
      const board = page.getByRole('img', { name: /Plinko board/ });
      await expect(board).toHaveAttribute('data-lit', /^\d+:[\d.]+x$/);
      const lit = (await board.getAttribute('data-lit'))!.split(':')[1];
      await expect(page.getByRole('list', { name: 'Last results' }).getByRole('listitem').first()).toHaveText(lit);
      await board.screenshot({ path: shot('trips-plinko-lit') });
    });

    test('item 8: animation speed in Manual play, kept by the browser, the balance moving with the result; the intro skipped for good', async ({
      page,
    }) => {
      await openAsFreshGuest(page, '/game/dice');
      const speed = (name: string) => page.getByRole('radio', { name });
      await expect(speed('Normal')).toBeChecked();
      await speed('Instant').check();
      await page.reload();
      await expect(speed('Instant')).toBeChecked();
      await page.screenshot({ path: shot('trips-speed') });
      const outcome = page.getByTestId('game-outcome');
      // whether a die ever tumbles from here on (a machine under load makes wall-clock bounds flaky)
      const tumbled = () =>
        page.evaluate(() => {
          const w = window as unknown as { tumbled?: boolean; watching?: MutationObserver };
          if (!w.watching) {
            w.tumbled = false;
            w.watching = new MutationObserver(() => {
              if (document.querySelector('.cc-die--rolling')) w.tumbled = true;
            });
            w.watching.observe(document.body, { subtree: true, attributes: true, childList: true });
          }
          return w.tumbled;
        });
      expect(await tumbled()).toBe(false);
      await page.getByRole('button', { name: /^Low/ }).click();
      await expect(outcome).toHaveText(/Rolled \d+/);
      // instant: the faces and the result as the server answers them, no tumble at all
      expect(await tumbled()).toBe(false);
      const staked = Number(await betAmount(page).inputValue());
      const won = Number(/you win ([\d.]+) HC/.exec((await outcome.textContent()) ?? '')?.[1] ?? 0);
      await expect(page.getByTestId('hc-balance')).toHaveText(`${(1000 - staked + won).toLocaleString('en-US')} HC`);

      // fast: the dice still tumble, a third as long as normal's 1.5 s
      await speed('Fast').check();
      const fastStart = Date.now();
      await page.getByRole('button', { name: /^High/ }).click();
      await expect(outcome).toHaveText(/Rolled \d+/);
      const fastMs = Date.now() - fastStart;
      // the dice tumbled, at least fast's half-second (a lower bound holds under any load)
      expect(await tumbled()).toBe(true);
      expect(fastMs).toBeGreaterThanOrEqual(450);

      await page.goto('/warp');
      await page.getByRole('link', { name: "Don't show again" }).click();
      await expect(page).toHaveURL(/\/casino$/);
      await page.goto('/');
      await page.getByRole('button', { name: 'Enter the Cosmos' }).click();
      await expect(page).toHaveURL(/\/casino$/);
      await page.goto('/warp');
      await expect(page).toHaveURL(/\/casino$/);
    });

    test('item 2: the Pera window closes with × and Escape, the header comes back, no CSP error, the bridge stops', async ({
      page,
    }) => {
      // @perawallet/connect's own modal, offline as CI is: its bridge never answers
      const cspErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
      });
      const google: string[] = [];
      page.on('request', (r) => {
        if (/fonts\.(googleapis|gstatic)\.com/.test(r.url())) google.push(r.url());
      });
      // Pera's bridge socket: re-opened every second while its window is open, never once it is closed
      const bridgeSockets: string[] = [];
      page.on('websocket', (ws) => bridgeSockets.push(ws.url()));
      await openAsFreshGuest(page, '/casino');
      const peraWindow = page.locator('#pera-wallet-connect-modal-wrapper');
      const close = page.locator('#pera-wallet-modal-header-close-button'); // inside the modal's shadow roots
      for (const how of ['×', 'Escape'] as const) {
        const chooser = await openChooser(page);
        const before = bridgeSockets.length;
        await chooser.getByRole('button', { name: 'Pera Wallet' }).click();
        await expect(close).toBeVisible();
        await expect.poll(() => bridgeSockets.length, { timeout: 15_000 }).toBeGreaterThan(before + 1);
        // (on a phone the header's buttons sit in its closed Menu, under Pera's window)
        if (size.name === '1280x800')
          await expect(page.getByRole('banner').getByRole('button', { name: 'Connecting…' })).toBeDisabled();
        if (how === '×') await page.screenshot({ path: shot('trips-pera-window') });
        if (how === '×') await close.click();
        else await page.keyboard.press('Escape');
        await expect(peraWindow).toHaveCount(0);
        await expect(toast(page, 'Pera Connection Failed').last()).toContainText(
          'Pera Wallet connection failed: Connect modal is closed by user - Try manual entry instead.',
        );
        const manual = page.getByRole('dialog', { name: 'Enter Wallet Address' });
        await expect(manual).toBeVisible();
        if (how === '×') await page.screenshot({ path: shot('trips-pera-closed') });
        await manual.press('Escape');
        await expect(manual).toBeHidden();
        // the header is back: Connect Wallet and Manual enabled
        await expect(await headerButton(page, 'Manual')).toBeEnabled();
        await expect(await headerButton(page, 'Connect Wallet')).toBeEnabled();
        // a socket made just before the close may be reported just after it; then none for seconds
        await page.waitForTimeout(1_000);
        const atCancel = bridgeSockets.length;
        await page.waitForTimeout(4_000);
        expect(bridgeSockets.slice(atCancel), `bridge sockets after the ${how} close`).toEqual([]);
      }
      expect(cspErrors).toEqual([]);
      expect(google).toEqual([]);
    });
  });
}
