import { expect, request, test, type Page } from '@playwright/test';
import {
  connectDemoWallet,
  connectManually,
  devWallet,
  openAsGuest,
  openChooser,
  short,
  storage,
  toast,
} from './support/wallet';

// Issue 20 in the browser: a devnet demo account connects through the wallet chooser (use-wallet's
// Mnemonic wallet, the code path of every wallet app), signs the sign-in challenge in the same
// step, deposits with the wallet signing, plays AMINA dice, withdraws to its proven address and to
// another one with a wallet-signed challenge; disconnect revokes the session on
// the server. A typed address stays watch-only: the games say so and "Play as guest" returns to the
// player's own guest and its balance.

const WATCH_ONLY = 'Watch-only wallet: sign in with your wallet to play with it';
const user = async (page: Page, address: string) => (await page.request.get(`/api/users/${address}`)).json();

test.describe('sign-in with a wallet', () => {
  test('a demo account signs in through use-wallet, deposits signed by the wallet, plays AMINA dice, withdraws to itself and to another address (wallet-signed challenge); disconnect ends the session on the server', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const wallet = await devWallet(page, 'player-4');
    await openAsGuest(page);
    const guest = await storage(page, 'guestUserId');

    await connectDemoWallet(page, wallet);
    expect(await user(page, wallet.address)).toMatchObject({ walletAddress: wallet.address, ownershipVerified: true });
    expect(await storage(page, 'walletKind')).toBe('dev');
    expect(await storage(page, 'guestUserId')).toBe(guest); // kept for "Play as guest" / disconnect

    // deposit 2 AMINA by pressing Deposit: the connected wallet app (use-wallet's Mnemonic wallet,
    // the same signTransactions a Pera or Lute goes through) signs the transfer the server built
    await page.goto('/cashier');
    const balance = page.getByTestId('cashier-amina-balance');
    await expect(balance).toHaveText(/^\d[\d,]*\.\d{8}$/);
    const start = Number((await balance.textContent())!.replace(/,/g, ''));
    await expect(page.getByText('Your Dev Wallet signs the transfer.', { exact: false })).toBeVisible();
    await page.getByRole('textbox', { name: 'Deposit amount (AMINA)' }).fill('2');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(toast(page, 'Deposit Submitted')).toBeVisible();
    await expect(page.getByTestId('deposit-status')).toContainText('Credited', { timeout: 60_000 });
    await expect(balance).toHaveText((start + 2).toFixed(8), { timeout: 15_000 });

    // an AMINA dice bet
    await page.goto('/game/dice');
    await expect(page.getByText(WATCH_ONLY)).toBeHidden();
    const amina = page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'AMINA' });
    await amina.click();
    await page.getByRole('textbox', { name: 'Bet amount' }).fill('0.01');
    await expect(amina).toHaveAttribute('aria-pressed', 'true');
    const before = (await user(page, wallet.address)).aminaBalance;
    await expect(page.getByLabel('Bet amount')).toHaveValue('0.01');
    await page.getByRole('button', { name: /^Low/ }).click();
    // the roll's result; were the bet refused, the failure says the toast's words instead
    await expect
      .poll(async () => {
        const outcome = (await page.getByTestId('game-outcome').textContent()) ?? '';
        const said = await page
          .getByRole('region', { name: /Notifications/ })
          .locator('li')
          .allTextContents();
        return outcome || said.join(' | ');
      })
      .toMatch(/Rolled \d+/);
    await expect.poll(async () => (await user(page, wallet.address)).aminaBalance).not.toBe(before);

    // withdraw 0.5 AMINA: the destination left blank is the proven address
    await page.goto('/cashier');
    await page.getByRole('textbox', { name: 'Withdrawal amount (AMINA)' }).fill('0.5');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(toast(page, 'Withdrawal Sent')).toContainText(/0\.5 AMINA sent\. Transaction ID: [A-Z2-7]{52}/);

    // withdraw 0.25 AMINA to a second demo address: the wallet signs the challenge naming it and the amount
    const second = await devWallet(page, 'player-3');
    const withdrawals = (
      await (await page.request.get(`/api/crypto/transactions?walletAddress=${wallet.address}`)).json()
    ).filter((t: { kind: string }) => t.kind === 'withdrawal').length;
    await page.getByRole('textbox', { name: 'Withdrawal amount (AMINA)' }).fill('0.25');
    await page.getByRole('textbox', { name: 'Destination address (optional)' }).fill(second.address);
    await expect(page.getByText('Your Dev Wallet signs this withdrawal to another address.')).toBeVisible();
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(toast(page, 'Withdrawal Sent')).toContainText(/0\.25 AMINA sent\. Transaction ID: [A-Z2-7]{52}/);
    const history = (await (
      await page.request.get(`/api/crypto/transactions?walletAddress=${wallet.address}`)
    ).json()) as Array<{ kind: string; amount: string; address: string }>;
    expect(history.filter((t) => t.kind === 'withdrawal')).toHaveLength(withdrawals + 1);
    expect(history.find((t) => t.kind === 'withdrawal' && t.address === second.address)).toMatchObject({
      amount: '0.25',
    });

    // disconnect: the server session is revoked, use-wallet forgets the demo key, the same guest returns
    const walletCookies = await page.context().cookies();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(toast(page, 'Wallet Disconnected')).toBeVisible();
    await expect(page.getByTestId('hc-balance')).toBeVisible();
    expect(await storage(page, 'guestUserId')).toBe(guest);
    expect(await storage(page, '@txnlab/use-wallet:v4_mnemonic')).toBeNull();
    await page.reload();
    await expect(page.getByTestId('hc-balance')).toBeVisible();
    await expect(page.getByText('Guest', { exact: true })).toBeVisible();
    expect((await page.request.get(`/api/users/${wallet.address}`)).status()).toBe(403); // this browser is the guest now

    // the old cookie no longer opens anything, and a write with it is refused
    const old = await request.newContext({
      baseURL: new URL(page.url()).origin,
      storageState: { cookies: walletCookies, origins: [] },
    });
    try {
      expect((await old.get(`/api/users/${wallet.address}`)).status()).toBe(401);
      const bet = await old.post('/api/games/dice', {
        data: { walletAddress: wallet.address, currency: 'HC', betAmount: '1', betType: 'low' },
      });
      expect(bet.status()).toBe(401);
      const limit = await old.post('/api/responsible-gaming/self-exclude', {
        data: { walletAddress: wallet.address, days: 1 },
      });
      expect(limit.status()).toBe(401);
    } finally {
      await old.dispose();
    }
  });

  test("a typed address is watch-only: the games show why and 'Play as guest' plays on the player's own guest balance", async ({
    page,
  }, testInfo) => {
    const wallet = await devWallet(page, 'player-2');
    await openAsGuest(page, '/game/dice');
    const guest = (await storage(page, 'guestUserId'))!;
    await page.getByRole('button', { name: /^Low/ }).click();
    await expect(page.getByTestId('game-outcome')).toHaveText(/Rolled \d+/);
    await expect.poll(async () => (await user(page, guest)).houseBalance).not.toBe('1000');
    const guestHc = (await user(page, guest)).houseBalance as string;

    // the chooser, on a desktop and a phone
    await page.setViewportSize({ width: 1280, height: 800 });
    const chooser = await openChooser(page);
    await expect(chooser.locator('img[src^="data:image/svg+xml"]')).toHaveCount(3);
    await page.screenshot({ path: testInfo.outputPath('chooser-1280x800.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('chooser-390x844.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await chooser.getByRole('button', { name: 'Enter address manually' }).click();
    await page.getByRole('dialog', { name: 'Enter Wallet Address' }).getByRole('button', { name: 'Cancel' }).click();

    await connectManually(page, wallet.address);
    await expect(page.getByLabel('Connected wallet').getByText('Watch-only', { exact: true })).toBeVisible();
    const notice = page.getByTestId('watch-only-notice');
    await expect(notice).toContainText(WATCH_ONLY);
    await expect(notice).toContainText(short(wallet.address));
    await expect(page.getByRole('button', { name: /^Low/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('watch-only-1280x800.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('watch-only-390x844.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // the server agrees: a bet from this watch-only session is refused, and nothing changed
    const refused = await page.request.post('/api/games/dice', {
      data: { walletAddress: wallet.address, currency: 'HC', betAmount: '1', betType: 'low' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'OWNERSHIP_REQUIRED',
      message: 'Prove you own this wallet first: sign in with your wallet',
    });

    // 'Sign in with wallet' from the notice opens the chooser in sign-in mode for this address
    await notice.getByRole('button', { name: 'Sign in with wallet' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in with wallet' });
    await expect(signIn).toContainText(`Sign in as ${short(wallet.address)}`);
    await signIn.press('Escape');

    // 'Play as guest': back to the same guest and its balance, and the game plays again
    await notice.getByRole('button', { name: 'Play as guest' }).click();
    await expect(toast(page, 'Wallet Disconnected')).toBeVisible();
    await expect(page.getByTestId('hc-balance')).toHaveText(
      `${Number(guestHc).toLocaleString('en-US', { maximumFractionDigits: 8 })} HC`,
    );
    expect(await storage(page, 'guestUserId')).toBe(guest);
    await expect(notice).toBeHidden();
    await page.getByRole('button', { name: /^Low/ }).click();
    await expect.poll(async () => (await user(page, guest)).houseBalance).not.toBe(guestHc);
  });
});
