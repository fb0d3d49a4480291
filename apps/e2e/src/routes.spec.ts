import { expect, test } from '@playwright/test';

const FRAME = async (page: import('@playwright/test').Page) => {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cashier' })).toHaveAttribute('href', '/cashier');
  const footer = page.getByRole('contentinfo');
  for (const game of ['Slots', 'Plinko', 'Blackjack', 'Hi-Lo', 'Dice']) {
    await expect(footer.getByRole('link', { name: game, exact: true })).toBeVisible();
  }
  await expect(footer.getByText('Play responsibly.')).toBeVisible();
};

test.describe('every route renders its frame and says where you are', () => {
  const routes: Array<[string, string]> = [
    ['/', 'Cosmic Casino'],
    ['/casino', 'Choose Your Cosmic Adventure'],
    ['/games', 'Choose Your Cosmic Adventure'],
    ['/game/dice', 'Nebula Dice'],
    ['/game/slots', 'Cosmic Chaos Slots'],
    ['/cashier', 'Cashier'],
    ['/poker', 'Cosmic Poker'],
    ['/security', 'Security Dashboard'],
    ['/no/such/place', '404 Page Not Found'],
  ];
  for (const [path, heading] of routes) {
    test(`${path} → ${heading}`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await FRAME(page);
      expect(errors).toEqual([]);
    });
  }

  test('/warp shows the intro with a Skip link to the lobby', async ({ page }) => {
    await page.goto('/warp');
    await page.getByRole('link', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/casino$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Cosmic Adventure' })).toBeVisible();
  });

  test("an unknown game says 'Game Not Found' and links back to /", async ({ page }) => {
    await page.goto('/game/roulette');
    await expect(page.getByRole('heading', { name: 'Game Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Casino' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('micro-frontends load at run time', () => {
  test('`/` fetches no remoteEntry and no federation runtime; the lobby fetches only the games remote', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Cosmic Casino' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => p.includes('remoteEntry') || p.includes('remotes.json'))).toEqual([]);

    await page.getByRole('link', { name: 'Games' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Cosmic Adventure' })).toBeVisible();
    expect(requested).toContain('/remotes.json');
    expect(requested).toContain('/remotes/games/remoteEntry.js');
    expect(requested.some((p) => p.startsWith('/remotes/cashier/'))).toBe(false);
  });

  test('a remote that cannot load shows a fallback with Retry while the rest of the shell works', async ({ page }) => {
    await page.route('**/remotes/games/remoteEntry.js', (route) => route.abort());
    await page.goto('/casino');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'The games could not be loaded' })).toBeVisible();
    await FRAME(page);

    // the shell still navigates to other routes
    await page.getByRole('link', { name: 'Poker' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cosmic Poker' })).toBeVisible();

    // once the remote is reachable again, Retry loads it without a page reload
    await page.unroute('**/remotes/games/remoteEntry.js');
    await page.getByRole('link', { name: 'Games' }).click();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Cosmic Adventure' })).toBeVisible();
  });
});

test('the API answers health and OpenAPI under /api', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  const body = await health.json();
  expect(body.database.ok).toBe(true);
  expect(body.chain.ok).toBe(true);
  const docs = await request.get('/api/docs');
  expect(docs.ok()).toBe(true);
  expect(await docs.text()).toContain('swagger');
});
