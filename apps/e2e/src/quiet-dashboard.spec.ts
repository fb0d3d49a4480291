import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import type { HackersReport, OffenderView, SecurityFinding, VulnerabilitiesReport } from '@cosmic/contracts';
import { baseURL } from '../playwright.config';
import { connectDemoWallet, connectManually, devWallet, headerButton, openAsGuest } from './support/wallet';

// Issue 29 item 12: the dashboard does not cry wolf. A player's ordinary journeys — first visit,
// each game, the daily allowance, a demo wallet connecting and signing in through the chooser, the
// cashier and fairness pages, a reload, a typed watch-only address and "Play as guest", disconnect —
// raise no finding and make nobody an offender. Compared before and after, since the other specs
// share this server and some of them misbehave on purpose. Done at a 390×844 phone and a 1280×800
// desktop; screenshots of the journey and of the dashboard go to tmp/screenshots/<name>-<size>.png.

const SIZES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, wallet: 'player-2' },
  { name: '1280x800', viewport: { width: 1280, height: 800 }, wallet: 'player-3' },
] as const;

const OPERATOR_PASSWORD = 'e2e operator passphrase'; // SECURITY_PASSWORDS in apps/e2e/playwright.config.ts

interface Watch {
  findings(): Promise<SecurityFinding[]>;
  offenders(): Promise<OffenderView[]>;
}

async function operator(api: APIRequestContext): Promise<Watch> {
  const session = await api.post('/api/security/session', { data: { password: OPERATOR_PASSWORD } });
  expect(session.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await session.json()).token}` };
  return {
    findings: async () =>
      ((await (await api.get('/api/security/real-time-vulnerabilities', { headers })).json()) as VulnerabilitiesReport)
        .vulnerabilities,
    offenders: async () =>
      ((await (await api.get('/api/security/hackers', { headers })).json()) as HackersReport).offenders,
  };
}

async function playEachGame(page: Page, shot: (name: string) => string) {
  const outcome = page.getByTestId('game-outcome');
  await page.goto('/game/dice');
  await page.getByRole('textbox', { name: 'Bet amount' }).fill('1');
  await page.getByRole('button', { name: /^Low/ }).click();
  await expect(outcome).toHaveText(/Rolled \d+/);
  await page.screenshot({ path: shot('quiet-dice') });

  await page.goto('/game/plinko');
  await page.getByRole('button', { name: 'Drop ball' }).click();
  await expect(outcome).toHaveText(/\d+(\.\d+)?x — /, { timeout: 15_000 });

  await page.goto('/game/slots');
  await page.getByRole('button', { name: 'Spin', exact: true }).click();
  await expect(outcome).toHaveText(/Win!|No win this time|Returned/, { timeout: 20_000 });

  await page.goto('/game/hilo');
  await page.getByRole('button', { name: 'Start' }).click();
  const higher = page.getByRole('button', { name: /Higher/ });
  await expect(higher).toContainText('%');
  await ((await higher.isEnabled()) ? higher : page.getByRole('button', { name: /Lower/ })).click();
  await expect(outcome).toHaveText(/Correct! Streak 1|Wrong! Game over|Equal cards! Game over/);
  if ((await outcome.textContent())?.startsWith('Correct')) {
    await page.getByRole('button', { name: /Cash Out/ }).click();
    await expect(outcome).toHaveText(/Cashed out/);
  }

  await page.goto('/game/blackjack');
  await page.getByRole('button', { name: 'Deal' }).click();
  const over =
    /BLACKJACK! You win!|Bust! You lose|Push! Bet returned|Dealer wins|You win!|Dealer busts! You win!|Bust! Dealer wins/;
  for (let i = 0; i < 4 && !over.test((await outcome.textContent()) ?? ''); i++) {
    const stand = page.getByRole('button', { name: 'Stand' });
    if (await stand.isEnabled()) await stand.click();
    await page.waitForTimeout(300);
  }
  await expect(outcome).toHaveText(over);
  await page.screenshot({ path: shot('quiet-blackjack') });
}

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport });
    const shot = (name: string) => `tmp/screenshots/${name}-${size.name}.png`;

    test('ordinary player journeys raise no finding and make nobody an offender', async ({ page }) => {
      test.setTimeout(180_000);
      const api = await playwrightRequest.newContext({ baseURL });
      const watch = await operator(api);
      const known = new Set((await watch.findings()).map((f) => f.id));
      const offendersBefore = new Map((await watch.offenders()).map((o) => [o.ip, o]));

      // a first visit, the lobby, each game, the allowance
      await openAsGuest(page, '/casino');
      await playEachGame(page, shot);
      await page.goto('/cashier');
      await page.goto('/fairness');
      await page.reload();

      // a demo wallet connects and signs in through the chooser, plays, reloads, disconnects
      const wallet = await devWallet(page, size.wallet);
      await page.goto('/');
      await connectDemoWallet(page, wallet);
      await page.goto('/game/dice');
      await page.getByRole('textbox', { name: 'Bet amount' }).fill('1');
      await page.getByRole('button', { name: /^Low/ }).click();
      await expect(page.getByTestId('game-outcome')).toHaveText(/Rolled \d+/);
      await page.goto('/cashier');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Cashier' })).toBeVisible();
      await expect(page.getByTestId('cashier-amina-balance')).toHaveText(/^\d[\d,]*\.\d{8}$/);
      await page.screenshot({ path: shot('quiet-cashier-signed-in') });
      await (await headerButton(page, 'Disconnect')).click();
      await expect(await headerButton(page, 'Connect Wallet')).toBeVisible();

      // a typed address is watch-only; "Play as guest" goes back to the guest
      await connectManually(page, (await devWallet(page, 'player-4')).address);
      await page.goto('/game/dice');
      await page.getByRole('button', { name: 'Play as guest' }).click();
      await expect(page.getByTestId('hc-balance')).toHaveText(/^[\d,]+ HC$/); // in the closed Menu on a phone
      await expect(page.getByRole('button', { name: 'Play as guest' })).toHaveCount(0);

      const raised = (await watch.findings()).filter((f) => !known.has(f.id));
      expect(raised.map((f) => `${f.severity} ${f.type} at ${f.location}: ${f.details}`)).toEqual([]);
      const grew = (await watch.offenders()).filter((o) => {
        const was = offendersBefore.get(o.ip);
        return (
          !was ||
          o.rejected > was.rejected ||
          o.sessionAbuse > was.sessionAbuse ||
          o.hostile > was.hostile ||
          o.failedLogins > was.failedLogins
        );
      });
      expect(
        grew.map(
          (o) => `${o.ip} ${o.threat} (rejected ${o.rejected}, session abuse ${o.sessionAbuse}, last ${o.lastPath})`,
        ),
      ).toEqual([]);

      // what the operator sees: the dashboard, unlocked
      await page.goto('/security');
      await page.getByPlaceholder('Operator password').fill(OPERATOR_PASSWORD);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await expect(page.getByRole('heading', { name: 'Guards' })).toBeVisible();
      await page.screenshot({ path: shot('quiet-dashboard'), fullPage: true });
      await api.dispose();
    });
  });
}
