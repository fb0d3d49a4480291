import { expect, test } from '@playwright/test';
import { betHistory, seriousViolations } from './support/play';

// Issue 24 item 1: a fresh guest (1,000 HC) sets a 30 HC daily loss limit, then runs an autobet
// of 20 dice bets on Seven that doubles the bet after every bet, in turbo. The limit refuses a
// bet long before the 20th (the run survives 20 bets with a chance of about 1 in 25,000): the run
// stops at once and says why, and the server recorded exactly the bets the run counted, each the
// double of the one before (capped at the 1,000 HC maximum).

test('an autobet of 20 dice bets stops on the daily loss limit, says why, and placed exactly the bets the server recorded', async ({
  page,
}) => {
  await page.goto('/responsible-gaming');
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
  const tools = page.getByRole('region', { name: 'Player tools' });
  await tools.getByLabel('Daily limit (HC)').fill('30');
  await tools.getByRole('button', { name: 'Save limit' }).click();
  await expect(tools.getByTestId('loss-status')).toHaveText('Limit 30 HC · lost today 0 HC');

  await page.goto('/game/dice');
  await expect(page.getByRole('heading', { level: 1, name: 'Nebula Dice' })).toBeVisible();
  await page.getByLabel('Bet amount').fill('10');
  const controls = page.getByRole('group', { name: 'Bet mode' });
  await controls.getByRole('button', { name: 'Auto' }).click();
  const auto = page.getByTestId('autobet');
  await page.getByRole('button', { name: /^Seven/ }).click();
  await expect(page.getByRole('button', { name: /^Seven/ })).toHaveAttribute('aria-pressed', 'true');
  await auto.getByLabel('Number of bets').fill('20');
  await auto.getByRole('group', { name: 'On win' }).getByRole('button', { name: 'Increase' }).click();
  await auto.getByLabel('On win increase by (%)').fill('100');
  await auto.getByRole('group', { name: 'On loss' }).getByRole('button', { name: 'Increase' }).click();
  await auto.getByLabel('On loss increase by (%)').fill('100');
  await page.getByRole('radio', { name: 'Instant' }).check();

  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/games/dice' && r.method() === 'POST')
      sent.push(r.headers()['idempotency-key'] ?? '');
  });
  await auto.getByRole('button', { name: 'Start autobet' }).click();

  const stopped = page.getByTestId('autobet-stopped');
  await expect(stopped).toContainText('Autobet stopped: Loss limit reached', { timeout: 60_000 });
  await expect(auto.getByRole('button', { name: 'Start autobet' })).toBeEnabled();
  const placed = Number(await page.getByTestId('autobet-placed').textContent());
  expect(placed).toBeGreaterThan(0);
  expect(placed).toBeLessThan(20);

  const bets = (await betHistory(page)).reverse();
  expect(bets.every((b) => b.game === 'dice')).toBe(true);
  expect(bets).toHaveLength(placed);
  expect(bets.map((b) => Number(b.amount))).toEqual(bets.map((_, i) => Math.min(10 * 2 ** i, 1000)));
  // every bet the run sent, and the refused one after them, had its own Idempotency-Key
  expect(sent).toHaveLength(placed + 1);
  expect(new Set(sent).size).toBe(sent.length);
  expect(sent.every((k) => k.length > 0)).toBe(true);

  // the header's balance is the start less the net the run lost, as the status says
  const net = bets.reduce((sum, b) => sum + Number(b.payout) - Number(b.amount), 0);
  await expect(page.getByTestId('hc-balance')).toHaveText(`${(1000 + net).toLocaleString('en-US')} HC`);
  await expect(page.getByTestId('autobet-status')).toContainText(
    `Bets ${placed} · Net ${net < 0 ? '−' : net > 0 ? '+' : ''}${Math.abs(net).toLocaleString('en-US')} HC`,
  );
});

for (const [game, title] of [
  ['plinko', 'Quantum Plinko'],
  ['slots', 'Cosmic Chaos Slots'],
] as const) {
  test(`${game}: an autobet of 3 bets in turbo places 3 bets, the Auto tab passes axe`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/game/${game}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
    await page.getByLabel('Bet amount').fill('1');
    await page.getByRole('group', { name: 'Bet mode' }).getByRole('button', { name: 'Auto' }).click();
    const auto = page.getByTestId('autobet');
    await expect(auto.getByRole('button', { name: 'Start autobet' })).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);

    // a bad field is named, and nothing is sent
    await auto.getByLabel('Number of bets').fill('three');
    await auto.getByRole('button', { name: 'Start autobet' }).click();
    await expect(page.getByTestId('autobet-error')).toHaveText(
      'Number of bets: enter a whole number (0 = until stopped)',
    );

    await auto.getByLabel('Number of bets').fill('3');
    await page.getByRole('radio', { name: 'Instant' }).check();
    await auto.getByRole('button', { name: 'Start autobet' }).click();
    await expect(page.getByTestId('autobet-stopped')).toHaveText('Autobet finished: 3 bets placed', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('autobet-placed')).toHaveText('3');

    const bets = await betHistory(page);
    // slots: free spins a paid spin awarded are played out too, each its own settled spin
    expect(bets.filter((b) => b.game === game && Number(b.amount) > 0)).toHaveLength(3);
    const net = bets.reduce((sum, b) => sum + Number(b.payout) - Number(b.amount), 0);
    await expect(page.getByTestId('hc-balance')).toHaveText(
      `${(1000 + net).toLocaleString('en-US', { maximumFractionDigits: 8 })} HC`,
    );
  });
}
