// Issue 42 item 2: a game's first screen is the games remote's own HTML, stitched into the shell's
// page by the API (apps/api/src/app/web/prerendered-pages.ts) and hydrated in place by the remote's
// code when it arrives (apps/shell/src/app/remote-route.tsx). A click on that screen before then is
// held and replayed once the remote has hydrated (tools/webpack/route-preload.js): none is lost. So
// is a click on the shell's own controls before the shell has hydrated (main.js starts after the
// page's first paint), until apps/shell/src/app/shell-tree.tsx says it has; a control the hydrated
// app makes busy at once takes the click when it is enabled again.
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { watchConsole } from './support/console';
import { holdRequests } from './support/play';

test("clicks on a game's first screen before the remote's code arrives take effect once it does", async ({ page }) => {
  const browserConsole = await watchConsole(page);
  // the remote's files (remoteEntry.js, its chunks) are held until the clicks are made
  const remote = await holdRequests(page, /\/remotes\/games\//);
  await page.goto('/game/dice', { waitUntil: 'commit' });
  const modes = page.getByRole('group', { name: 'Bet mode' });
  const auto = modes.getByRole('button', { name: 'Auto' });
  // the server's screen, drawn: its buttons are there before any of the remote's code
  await expect(auto).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1, name: 'Nebula Dice' }).elementHandle();
  await page.getByRole('group', { name: 'Quick bets' }).getByRole('button', { name: '25', exact: true }).click();
  await auto.click();
  // nothing of the remote has run yet: the screen is as the server drew it
  await expect.poll(() => remote.held()).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Start autobet' })).toHaveCount(0);
  await expect(modes.getByRole('button', { name: 'Manual' })).toHaveAttribute('aria-pressed', 'true');

  remote.release();
  // the remote hydrated the same screen (its heading is the server's node) and both clicks took effect, once each
  await expect(auto).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Start autobet' })).toBeVisible();
  await expect(page.getByLabel('Bet amount')).toHaveValue('25');
  expect(await heading!.evaluate((h) => h.isConnected)).toBe(true);
  await expect(page.getByTestId('bet-balance')).toContainText('1,000 HC');
  await browserConsole.expectNone();
});

test("a bet typed on a game's first screen before the remote's code arrives is the bet placed", async ({ page }) => {
  const remote = await holdRequests(page, /\/remotes\/games\//);
  await page.goto('/game/dice', { waitUntil: 'commit' });
  const amount = page.getByLabel('Bet amount');
  const quick = page.getByRole('group', { name: 'Quick bets' });
  // a quick bet pressed, then an amount typed into the server's field: no handler of the remote's
  // sees either, and they are replayed in the player's order (the typed amount last)
  await quick.getByRole('button', { name: '25', exact: true }).click();
  await amount.fill('30');
  remote.release();
  await expect(page.getByTestId('bet-balance')).toContainText('1,000 HC');
  // hydrated: the field kept what was typed, and the panel's state is that bet, not the opening 10
  await expect(amount).toHaveValue('30');
  for (const pressed of ['10', '25'])
    await expect(quick.getByRole('button', { name: pressed, exact: true })).toHaveAttribute('aria-pressed', 'false');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/games/dice'));
  await page.getByRole('button', { name: /^Low/ }).click();
  expect((await sent).postDataJSON()).toMatchObject({ betAmount: '30', betType: 'low' });
});

test("a click on a lazy page of the shell before that page's code arrives takes effect once it does", async ({
  page,
}) => {
  // `/` is the shell's landing chunk: held, while main.js runs and starts the player's session
  const landing = await holdRequests(page, /\/landing\.[0-9a-f]+\.js$/);
  const started = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/users');
  await page.goto('/', { waitUntil: 'commit' });
  const toggle = page.getByRole('button', { name: /Buy AMINA/ });
  await toggle.click();
  await started;
  // main.js has run; the shell waits for the page's code before hydrating (apps/shell/src/app/app.tsx,
  // preloadPage): were the shell hydrated without it, the click would be replayed on the server's
  // HTML of the page and lost (time is given here for that to happen)
  await page.waitForTimeout(1000);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  landing.release();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Buy AMINA' }).getByText('Total supply')).toBeVisible();
});

test("Connect Wallet pressed before main.js runs opens the chooser once the player's session is back", async ({
  page,
}) => {
  const main = await holdRequests(page, /\/main\.[0-9a-f]+\.js$/);
  // the first load's guest session: until it answers, the hydrated header reads "Connecting…", disabled
  const session = await holdRequests(page, /\/api\/users$/);
  await page.goto('/', { waitUntil: 'commit' });
  const connect = page.getByRole('banner').getByRole('button', { name: 'Connect Wallet', exact: true });
  await connect.click();
  main.release();
  const busy = page.getByRole('banner').getByRole('button', { name: 'Connecting…', exact: true });
  await expect(busy).toBeDisabled();
  const chooser = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(chooser).toHaveCount(0);

  session.release();
  // the press is kept while the button is busy and taken once it is enabled: the chooser opens
  await expect(chooser).toBeVisible();
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
});

test('seeds typed and a game picked in the fairness verifier before main.js runs are what it verifies', async ({
  page,
}) => {
  const main = await holdRequests(page, /\/main\.[0-9a-f]+\.js$/);
  await page.goto('/fairness', { waitUntil: 'commit' });
  // the shell's own page, as the server drew it: none of the app's code has run
  const game = page.getByLabel('Game', { exact: true });
  const seed = page.getByLabel('Server seed', { exact: true });
  const serverSeed = 'ab'.repeat(32);
  await game.selectOption({ label: 'Cosmic Hi-Lo' });
  await seed.fill(serverSeed);
  await page.getByLabel('Client seed', { exact: true }).fill('typed-early');
  await page.getByLabel('Nonce', { exact: true }).fill('7');
  // main.js is asked for after the first paint, one task after another with the route's files
  // (tools/webpack/route-preload.js): it is held once asked for, typing or not
  await expect.poll(() => main.held()).toBeGreaterThan(0);

  main.release();
  // hydrated: the verifier's state is what was typed, so it recomputes that bet
  await expect(page.getByTestId('computed-hash')).toHaveText(createHash('sha256').update(serverSeed).digest('hex'));
  await expect(page.getByTestId('verified-outcome')).toBeVisible();
  await expect(game).toHaveValue('hilo');
  await expect(page.getByLabel('Client seed', { exact: true })).toHaveValue('typed-early');
  await expect(page.getByLabel('Nonce', { exact: true })).toHaveValue('7');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header's Menu and a radio button pressed before main.js runs take effect once it does", async ({
    page,
  }) => {
    const browserConsole = await watchConsole(page);
    const main = await holdRequests(page, /\/main\.[0-9a-f]+\.js$/);
    await page.goto('/game/dice', { waitUntil: 'commit' });
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    const instant = page.getByRole('radio', { name: 'Instant' });
    // the server's page, none of the app's code run: the radio changes at once, as the player sees it
    await menu.click();
    await instant.check();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    main.release();
    // each press taken once: the Menu open (not opened and closed again), the speed kept as chosen
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(instant).toBeChecked();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cosmic:animation-speed'))).toBe('instant');
    await browserConsole.expectNone();
  });
});
