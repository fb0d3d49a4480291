// Issue 42 item 2: a game's first screen is the games remote's own HTML, stitched into the shell's
// page by the API (apps/api/src/app/web/prerendered-pages.ts) and hydrated in place by the remote's
// code when it arrives (apps/shell/src/app/remote-route.tsx). A click on that screen before then is
// held and replayed once the remote has hydrated (tools/webpack/route-preload.js): none is lost.
import { expect, test } from '@playwright/test';

test("clicks on a game's first screen before the remote's code arrives take effect once it does", async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && problems.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(e.message));
  // the remote's files (remoteEntry.js, its chunks) are held until the clicks are made
  let release = () => undefined as void;
  const held = new Promise<void>((r) => (release = r));
  let remoteRequests = 0;
  await page.route(/\/remotes\/games\//, async (route) => {
    remoteRequests++;
    await held;
    await route.continue();
  });
  await page.goto('/game/dice', { waitUntil: 'commit' });
  const modes = page.getByRole('group', { name: 'Bet mode' });
  const auto = modes.getByRole('button', { name: 'Auto' });
  // the server's screen, drawn: its buttons are there before any of the remote's code
  await expect(auto).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1, name: 'Nebula Dice' }).elementHandle();
  await page.getByRole('group', { name: 'Quick bets' }).getByRole('button', { name: '25', exact: true }).click();
  await auto.click();
  // nothing of the remote has run yet: the screen is as the server drew it
  expect(remoteRequests).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Start autobet' })).toHaveCount(0);
  await expect(modes.getByRole('button', { name: 'Manual' })).toHaveAttribute('aria-pressed', 'true');

  release();
  // the remote hydrated the same screen (its heading is the server's node) and both clicks took effect, once each
  await expect(auto).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Start autobet' })).toBeVisible();
  await expect(page.getByLabel('Bet amount')).toHaveValue('25');
  expect(await heading!.evaluate((h) => h.isConnected)).toBe(true);
  await expect(page.getByTestId('bet-balance')).toContainText('1,000 HC');
  expect(problems).toEqual([]);
});

test("a bet typed on a game's first screen before the remote's code arrives is the bet placed", async ({ page }) => {
  let release = () => undefined as void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/remotes\/games\//, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/game/dice', { waitUntil: 'commit' });
  const amount = page.getByLabel('Bet amount');
  // typed into the server's field: no handler of the remote's sees it
  await amount.fill('30');
  release();
  await expect(page.getByTestId('bet-balance')).toContainText('1,000 HC');
  // hydrated: the field kept what was typed, and the panel's state is that bet, not the opening 10
  await expect(amount).toHaveValue('30');
  await expect(
    page.getByRole('group', { name: 'Quick bets' }).getByRole('button', { name: '10', exact: true }),
  ).toHaveAttribute('aria-pressed', 'false');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/games/dice'));
  await page.getByRole('button', { name: /^Low/ }).click();
  expect((await sent).postDataJSON()).toMatchObject({ betAmount: '30', betType: 'low' });
});
