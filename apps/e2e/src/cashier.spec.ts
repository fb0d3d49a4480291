import { expect, test } from '@playwright/test';
import { connectDemoWallet, connectManually, devWallet, openAsGuest, toast } from './support/wallet';

// The /cashier screen against the real API, its PostgreSQL and the devnet: a demo account signs in
// through the wallet chooser, deposits 1 AMINA signed by its wallet app, sees it credited, then
// withdraws 0.5 AMINA back to itself. A watch-only wallet may deposit but not withdraw.

const amina = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

test.describe('cashier', () => {
  test('a guest is asked to connect an Algorand wallet; Back to Casino goes to /games', async ({ page }) => {
    await page.goto('/cashier');
    await expect(page.getByRole('heading', { level: 1, name: 'Cashier' })).toBeVisible();
    await expect(page.getByTestId('cashier-amina-balance')).toHaveText('0.00000000');
    await expect(page.getByText(/Connect an Algorand wallet/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Deposit AMINA' })).toBeHidden();
    await page.getByRole('link', { name: 'Back to Casino' }).click();
    await expect(page).toHaveURL(/\/games$/);
  });

  test('deposit 1 AMINA with the dev wallet, see it credited, withdraw 0.5', async ({ page }) => {
    test.setTimeout(120_000);
    const wallet = await devWallet(page, 'player-1');
    await openAsGuest(page);
    await connectDemoWallet(page, wallet); // signs in in the same step
    await page.goto('/cashier');
    const balance = page.getByTestId('cashier-amina-balance');
    await expect(balance).toHaveText(/^\d[\d,]*\.\d{8}$/);
    const start = amina(await balance.textContent());

    // validation toasts, from the one Deposit button
    const depositButton = page.getByRole('button', { name: 'Deposit', exact: true });
    await depositButton.click();
    await expect(toast(page, 'Missing Amount')).toContainText('Please enter deposit amount');
    const depositAmount = page.getByRole('textbox', { name: 'Deposit amount (AMINA)' });
    await depositAmount.fill('11');
    await depositButton.click();
    await expect(toast(page, 'Invalid Amount')).toContainText('Deposit amount must be between 0.00000001 and 10 AMINA');

    // the fallback: input → transaction → Back → input
    const create = page.getByRole('button', { name: 'Sign elsewhere? Paste a signed transaction' });
    await depositAmount.fill('1');
    await create.click();
    await expect(toast(page, 'Transaction Ready')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Transaction to sign (base64)' })).toHaveValue(/^[A-Za-z0-9+/]+=*$/);
    await page.getByRole('button', { name: 'Submit Deposit' }).click();
    await expect(toast(page, 'Missing Transaction ID')).toContainText('Please enter the transaction ID after signing');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(depositAmount).toHaveValue('1');

    // the transaction step's wallet button: the connected wallet app (use-wallet) signs, then submit, notify; credited
    await create.click();
    await page.getByRole('button', { name: 'Sign with Dev Wallet' }).click();
    await expect(toast(page, 'Deposit Submitted')).toBeVisible();
    await expect(depositAmount).toHaveValue('');
    await expect(page.getByTestId('deposit-status')).toContainText('Credited', { timeout: 60_000 });
    await expect(balance).toHaveText((start + 1).toFixed(8), { timeout: 15_000 });
    await expect(
      page.getByTestId('cashier-history').locator('li').filter({ hasText: 'credited' }).first(),
    ).toContainText('+1 AMINA');

    // withdrawal: more than the balance is refused, 0.5 is sent to the connected wallet
    const withdrawAmount = page.getByRole('textbox', { name: 'Withdrawal amount (AMINA)' });
    await withdrawAmount.fill('1000');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(toast(page, 'Insufficient Balance')).toContainText("You don't have enough AMINA tokens");
    await withdrawAmount.fill('0.5');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(toast(page, 'Withdrawal Sent')).toContainText(/0\.5 AMINA sent\. Transaction ID: [A-Z2-7]{52}/);
    await expect(balance).toHaveText((start + 0.5).toFixed(8));
    await expect(page.getByTestId('cashier-history').locator('li').filter({ hasText: 'Withdrawal' })).toContainText(
      '0.5 AMINA',
    );

    // CASHIER_SHOTS=dir: screenshots of the finished screen at desktop and phone sizes
    const shots = process.env['CASHIER_SHOTS'];
    if (shots) {
      for (const [w, h] of [
        [1440, 900],
        [360, 780],
      ]) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: `${shots}/cashier-${w}x${h}.png`, fullPage: true });
      }
    }
  });

  test('a watch-only wallet gets the deposit panel (anyone may pay in) and is asked to sign in to withdraw', async ({
    page,
  }) => {
    const wallet = await devWallet(page, 'player-2');
    await openAsGuest(page);
    await connectManually(page, wallet.address);
    await page.goto('/cashier');
    await expect(page.getByRole('heading', { name: 'Deposit AMINA' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Deposit amount (AMINA)' }).fill('1');
    // no wallet app here: the one Deposit button shows the transfer to sign elsewhere
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(toast(page, 'Transaction Ready')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Transaction to sign (base64)' })).toHaveValue(/^[A-Za-z0-9+/]+=*$/);
    await expect(page.getByRole('textbox', { name: 'Signed transaction or its transaction ID' })).toBeVisible();
    // withdrawals stay behind the proof
    await expect(
      page.getByText('This wallet is watch-only: sign in with it to withdraw AMINA', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Withdrawal amount (AMINA)' })).toHaveCount(0);
    await page
      .locator('.cc-cashier__panel')
      .filter({ hasText: 'Withdraw AMINA' })
      .getByRole('button', { name: 'Sign in with wallet' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Sign in with wallet' })).toBeVisible();
  });
});
