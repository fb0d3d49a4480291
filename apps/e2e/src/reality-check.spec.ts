// Issue 41 at a 390×844 phone and a 1280×800 desktop. Reality checks (RTS 13): a guest sets House
// Coins checks to the test interval (REALITY_CHECK_TEST_SECONDS in apps/e2e/playwright.config.ts,
// 10 s) and runs an autobet; when the check falls due the dialog pauses the run, shows the session's
// time and the net result the server recorded, and the API refuses a bet until it is answered.
// AMINA autobet (RTS 8) and the first-deposit limit prompt, as a signed-in wallet owner.
import { expect, test, type Page } from '@playwright/test';
import { PHONE_AND_DESKTOP } from './support/play';
import { freshAccount, houseInfo, sendAmina, untilCredited } from './support/chain';
import { connectManually, openAsGuest, proveBySignature, toast } from './support/wallet';

const TEST_INTERVAL = 10;

/** A call to the API as the page's session, naming the page's wallet. */
const call = (page: Page, path: string, body?: Record<string, unknown>) =>
  page.evaluate(
    async ({ path, body }) => {
      const walletAddress = localStorage.getItem('guestUserId');
      const query = `${path.includes('?') ? '&' : '?'}walletAddress=${encodeURIComponent(walletAddress ?? '')}`;
      const r = await fetch(body ? path : `${path}${query}`, {
        method: body ? 'POST' : 'GET',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: body ? JSON.stringify({ walletAddress, ...body }) : undefined,
      });
      return { status: r.status, body: await r.json() };
    },
    { path, body },
  );

/** The guest's net HC result over every bet it placed (at most 200), from the history API. */
const netFromHistory = async (page: Page) => {
  const r = await call(page, '/api/bets?limit=200');
  const bets = r.body as Array<{ amount: string; payout: string }>;
  return { bets: bets.length, net: bets.reduce((s, b) => s + Number(b.payout) - Number(b.amount), 0) };
};
const signed = (n: number) => `${n < 0 ? '−' : n > 0 ? '+' : ''}${Math.abs(n).toLocaleString('en-US')}`;

for (const size of PHONE_AND_DESKTOP) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport });
    const shot = (name: string) => `tmp/screenshots/${name}-${size.name}.png`;

    test('a reality check falls due, pauses autobet and the API, shows the net result, and Keep playing / Leave answer it', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.goto('/game/dice');
      await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
      // the balance shows before the guest's account exists on the server: ask until it does
      await expect
        .poll(
          async () =>
            (
              await call(page, '/api/responsible-gaming/reality-check/interval', {
                currency: 'HC',
                intervalSeconds: TEST_INTERVAL,
              })
            ).status,
        )
        .toBe(200);
      await page.reload();

      await page.getByLabel('Bet amount').fill('1');
      await page.getByRole('group', { name: 'Bet mode' }).getByRole('button', { name: 'Auto' }).click();
      const auto = page.getByTestId('autobet');
      // House Coins may still run until stopped; with its animations the run stays well under the history's 200 bets
      await auto.getByLabel('Number of bets').fill('0');
      await auto.getByRole('button', { name: 'Start autobet' }).click();

      const dialog = page.getByRole('dialog', { name: 'Reality check' });
      await expect(dialog).toBeVisible({ timeout: (TEST_INTERVAL + 15) * 1000 });
      await expect(page.getByTestId('autobet-paused')).toBeVisible();
      const placed = Number(await page.getByTestId('autobet-placed').textContent());
      expect(placed).toBeGreaterThan(0);
      // the server's session matches the history: every bet placed, and what they won or lost
      const history = await netFromHistory(page);
      expect(history.bets).toBe(placed);
      await expect(dialog.getByTestId('reality-bets')).toHaveText(String(placed));
      await expect(dialog.getByTestId('reality-net')).toHaveText(`${signed(history.net)} HC`);
      await expect(page.getByTestId('autobet-status')).toContainText(`Net ${signed(history.net)} HC`);
      await expect(dialog.getByTestId('reality-time')).toHaveText(/^([1-5]\d)s$|^\dm \d\ds$/);
      // play is paused: the run sends nothing, and the API refuses a bet until the check is answered
      const refused = await call(page, '/api/games/dice', { currency: 'HC', betAmount: '1', betType: 'low' });
      expect(refused).toMatchObject({ status: 428, body: { error: 'REALITY_CHECK' } });
      await page.waitForTimeout(1_000);
      await expect(page.getByTestId('autobet-placed')).toHaveText(String(placed));
      await page.screenshot({ path: shot('reality-check') });

      await dialog.getByRole('button', { name: 'Keep playing' }).click();
      await expect(dialog).toHaveCount(0);
      await expect
        .poll(async () => Number(await page.getByTestId('autobet-placed').textContent()), { timeout: 15_000 })
        .toBeGreaterThan(placed);
      await auto.getByRole('button', { name: 'Stop autobet' }).click();
      await expect(page.getByTestId('autobet-stopped')).toHaveText('Autobet stopped');

      // the next check, one interval after the answer: Leave ends the session and leaves the game
      await expect(dialog).toBeVisible({ timeout: (TEST_INTERVAL + 15) * 1000 });
      await dialog.getByRole('button', { name: 'Leave' }).click();
      await expect(page).toHaveURL(/\/casino$/);
      const after = await call(page, '/api/responsible-gaming/reality-check');
      expect(after.body.sessions[0]).toMatchObject({ currency: 'HC', startedAt: null, due: false });
    });

    test('first AMINA deposit: a skippable limit prompt; AMINA autobet runs 1-100 bets and only with a loss limit', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await openAsGuest(page, '/cashier');
      const account = await freshAccount(page, 200_000_000n); // 2 AMINA in the wallet
      await connectManually(page, account.address);
      await proveBySignature(page, account.address, account.mnemonic);

      const prompt = page.getByTestId('deposit-limit-prompt');
      await expect(prompt).toContainText('Before your first deposit: set a deposit limit?');
      await expect(page.getByRole('textbox', { name: 'Deposit amount (AMINA)' })).toBeVisible();
      await page.screenshot({ path: shot('deposit-limit-prompt') });
      if (size.name === '390x844') {
        await prompt.getByRole('button', { name: 'Skip for now' }).click();
        await expect(prompt).toHaveCount(0);
        await page.reload();
        await expect(page.getByRole('textbox', { name: 'Deposit amount (AMINA)' })).toBeVisible();
        await expect(prompt).toHaveCount(0);
      } else {
        await prompt.getByLabel('Deposit limit (AMINA)').fill('1.5');
        await prompt.getByLabel('Over').selectOption('7d');
        await prompt.getByRole('button', { name: 'Set limit' }).click();
        await expect(toast(page, 'Deposit limit set')).toContainText('7-day AMINA deposit limit is 1.5 AMINA');
        await expect(prompt).toHaveCount(0);
        const built = await page.request.post('/api/crypto/build-deposit', {
          data: { walletAddress: account.address, amount: '2' },
        });
        expect(built.status()).toBe(429);
        expect((await built.json()).error).toBe('DEPOSIT_LIMIT');
      }

      // 1 AMINA into the casino, sent straight from the wallet
      const { houseAddress } = await houseInfo(page);
      await sendAmina(page, account, houseAddress, 100_000_000n);
      await untilCredited(page, account.address, '1');
      await page.reload();
      await expect(page.getByTestId('cashier-amina-balance')).toHaveText('1.00000000');

      await page.goto('/game/dice');
      await expect(page.getByTestId('amina-balance')).toHaveText('1.000 AMINA', { timeout: 20_000 });
      await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'AMINA' }).click();
      // the switch to AMINA writes AMINA's default stake into the field: wait for it before typing,
      // or a slow phone appends it to what was typed ("0.010.01", which the panel refuses)
      await expect(page.getByLabel('Bet amount')).toHaveValue('0.01');
      await page.getByLabel('Bet amount').fill('0.01');
      await expect(page.getByLabel('Bet amount')).toHaveValue('0.01');
      await page.getByRole('group', { name: 'Bet mode' }).getByRole('button', { name: 'Auto' }).click();
      const auto = page.getByTestId('autobet');
      const error = page.getByTestId('autobet-error');
      const start = auto.getByRole('button', { name: 'Start autobet' });
      const sent: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/games/dice') sent.push(r.method());
      });
      await auto.getByLabel('Number of bets').fill('0');
      await start.click();
      await expect(error).toHaveText('Number of bets: AMINA autobet runs 1 to 100 bets, never until stopped');
      await auto.getByLabel('Number of bets').fill('101');
      await start.click();
      await expect(error).toHaveText('Number of bets: AMINA autobet runs 1 to 100 bets, never until stopped');
      await auto.getByLabel('Number of bets').fill('3');
      await start.click();
      await expect(error).toHaveText('Stop on loss (AMINA): AMINA autobet needs a loss limit');
      expect(sent).toEqual([]);
      await page.screenshot({ path: shot('amina-autobet-refused') });

      await auto.getByLabel('Stop on loss (AMINA)').fill('0.05');
      await page.getByRole('radio', { name: 'Instant' }).check(); // the dice's animation speed
      await start.click();
      await expect(error).toHaveCount(0);
      await expect(page.getByTestId('autobet-stopped')).toHaveText('Autobet finished: 3 bets placed', {
        timeout: 30_000,
      });
      expect(sent).toHaveLength(3);
    });
  });
}
