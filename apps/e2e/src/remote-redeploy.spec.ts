// Issue 42 item 2: a remote deployed alone shows its new first screen without a shell rebuild. After
// the normal build, the games remote is built again with Nebula Dice renamed
// (support/redeploy-games) into dist/apps/games-mfe, as its own deploy would replace it; the shell's
// files stay as they are. The API stitches the fragment that build published into the shell's page
// (apps/api/src/app/web/prerendered-pages.ts). dist/apps/games-mfe is put back afterwards.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { watchConsole } from './support/console';

const root = resolve(__dirname, '../../..');
const games = join(root, 'dist/apps/games-mfe');
const kept = join(root, 'tmp/e2e-games-mfe-before-redeploy');
const renderer = join(root, 'dist/prerender/games-mfe-redeployed');
const shell = join(root, 'dist/apps/shell');

/** Every file of the shell's build with its modification time: what a shell rebuild would change. */
const shellFiles = () =>
  readdirSync(shell, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((f) => `${f} ${statSync(join(shell, f)).mtimeMs}`);

test.describe('redeploying only the games remote', () => {
  let shellBefore: string[];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    shellBefore = shellFiles();
    rmSync(kept, { recursive: true, force: true });
    cpSync(games, kept, { recursive: true, preserveTimestamps: true });
    const webpack = join(root, 'node_modules/.bin/webpack');
    execFileSync(webpack, ['--config', 'apps/e2e/src/support/redeploy-games/webpack.config.js'], {
      cwd: root,
      stdio: 'pipe',
    });
    execFileSync(process.execPath, [join(renderer, 'fragments.js'), games], { cwd: root, stdio: 'pipe' });
  });

  test.afterAll(() => {
    if (!existsSync(kept)) return;
    rmSync(games, { recursive: true, force: true });
    cpSync(kept, games, { recursive: true, preserveTimestamps: true });
    rmSync(kept, { recursive: true, force: true });
    rmSync(renderer, { recursive: true, force: true });
  });

  test("/game/dice answers the remote's new first screen and the browser shows it", async ({ page, request }) => {
    const html = await (await request.get('/game/dice')).text();
    expect(html).toContain('>Nebula Dice, redeployed</h1>');
    expect(html).not.toContain('>Nebula Dice</h1>');
    expect(html).toContain('<title>Nebula Dice, redeployed — Cosmic Casino</title>');
    expect(readFileSync(join(games, 'fragments/game.dice.html'), 'utf8')).toContain('Nebula Dice, redeployed');

    const browserConsole = await watchConsole(page);
    // the server's HTML, before the app's script runs
    await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
    await page.goto('/game/dice');
    await expect(page.getByRole('heading', { level: 1, name: 'Nebula Dice, redeployed' })).toBeVisible();
    // drawn with the remote's own styles, which its fragment carries: where the remote will draw it
    expect(html).toContain('<style data-remote-styles="games">');
    const seven = page.getByRole('button', { name: /^Seven/ });
    const served = await seven.boundingBox();
    expect(served).not.toBeNull();
    await page.unroute(/\/main\.[0-9a-f]+\.js$/);
    browserConsole.clear();

    // the server's heading, kept before the app's script runs: the redeployed remote hydrates it in place
    await page.addInitScript(() =>
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { served: Element | null }).served = document.querySelector('main h1');
      }),
    );
    await page.goto('/game/dice');
    // hydrated by the redeployed remote's code: the guest's balance and a bet button
    await expect(page.getByLabel('Guest balance')).toBeVisible();
    await expect(page.getByTestId('bet-balance')).toContainText('1,000 HC');
    expect(await page.evaluate(() => (window as unknown as { served: Element | null }).served?.isConnected)).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Nebula Dice, redeployed' })).toBeVisible();
    await expect(seven).toBeEnabled();
    expect(await seven.boundingBox()).toEqual(served);
    await browserConsole.expectNone();
    // the shell was not rebuilt: not one of its files changed
    expect(shellFiles()).toEqual(shellBefore);
  });
});
