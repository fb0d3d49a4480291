import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { decodeUnsignedTransaction, mnemonicToSecretKey } from 'algosdk';

// The wallet widget, the ownership proof and the provably fair panel against the real API, its
// PostgreSQL and the devnet (whose demo wallets come from GET /api/dev/wallets).

interface DevWallet {
  address: string;
  mnemonic: string;
  label: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
// Radix also announces a toast in a hidden live region: look inside the F8 notification area only.
const toast = (page: Page, title: string) => page.getByRole('region', { name: /Notifications/ }).locator('li').filter({ hasText: title });

async function devWallets(page: Page): Promise<DevWallet[]> {
  const res = await page.request.get('/api/dev/wallets');
  expect(res.ok(), 'the e2e server runs on the devnet, so GET /api/dev/wallets exists').toBe(true);
  return res.json();
}

/** First load: wait for the guest session. */
async function openAsGuest(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
  await expect.poll(() => storage(page, 'guestUserId')).toMatch(/^GUEST_/);
}

async function connectDevWallet(page: Page, wallet: DevWallet) {
  await page.getByRole('button', { name: 'Dev wallet' }).click();
  await page.getByRole('dialog', { name: 'Dev wallet' }).getByRole('button', { name: new RegExp(`^${wallet.label}\\b`) }).click();
  await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
}

test.describe('wallet widget', () => {
  test('first load creates a guest: GUEST_ id in localStorage, 1,000 HC shown and on the server', async ({ page }) => {
    await openAsGuest(page);
    const guest = await storage(page, 'guestUserId');
    expect(guest).toMatch(/^GUEST_\d{13}[a-z0-9]{9}$/);
    const res = await page.request.get(`/api/users/${guest}`);
    expect(await res.json()).toMatchObject({ walletAddress: guest, isGuest: true, houseBalance: '1000', aminaBalance: '0' });

    // a reload keeps the same guest
    await page.reload();
    await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
    expect(await storage(page, 'guestUserId')).toBe(guest);
  });

  test("Connect Wallet without Pera: 'Pera Connection Failed' and the Manual dialog opens", async ({ page }) => {
    await openAsGuest(page);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(toast(page, 'Pera Connection Failed')).toContainText(' - Try manual entry instead.');
    await expect(page.getByRole('dialog', { name: 'Enter Wallet Address' })).toBeVisible();
  });

  test('manual connect refuses a bad address, connects a good one watch-only, and disconnect returns to a new guest', async ({ page }) => {
    const [wallet] = await devWallets(page);
    await openAsGuest(page);
    const firstGuest = await storage(page, 'guestUserId');

    await page.getByRole('button', { name: 'Manual' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Wallet Address' });
    await expect(dialog.getByText('Address must be exactly 58 characters')).toBeVisible();
    const input = dialog.getByRole('textbox', { name: 'Wallet address' });
    const connect = dialog.getByRole('button', { name: 'Connect', exact: true });
    await input.fill(wallet.address.slice(0, 57));
    await expect(connect).toBeDisabled();

    // 58 characters but a broken checksum
    await input.fill(`${wallet.address.slice(0, 57)}${wallet.address.endsWith('A') ? 'B' : 'A'}`);
    await connect.click();
    await expect(toast(page, 'Invalid Address')).toContainText('Please enter a valid 58-character Algorand wallet address');
    await expect(dialog).toBeVisible();

    await input.fill(wallet.address);
    await connect.click();
    await expect(toast(page, 'Manual Wallet Connected!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
    await expect(page.getByTestId('amina-balance')).toHaveText(/^\d[\d,]*\.\d{3} AMINA$/);
    await expect(page.getByText('Watch-only', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify ownership' })).toBeVisible();
    expect(await storage(page, 'walletConnected')).toBe('true');
    expect(await storage(page, 'walletAddress')).toBe(wallet.address);

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(toast(page, 'Wallet Disconnected')).toBeVisible();
    await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
    expect(await storage(page, 'walletConnected')).toBeNull();
    expect(await storage(page, 'walletAddress')).toBeNull();
    await expect.poll(() => storage(page, 'guestUserId')).toMatch(/^GUEST_/);
    expect(await storage(page, 'guestUserId')).not.toBe(firstGuest);
  });

  test('the dev wallet proves ownership by signing the server challenge', async ({ page }) => {
    const wallets = await devWallets(page);
    const wallet = wallets[1];
    await openAsGuest(page);
    await connectDevWallet(page, wallet);
    expect(await storage(page, 'walletKind')).toBe('dev');
    const before = await (await page.request.get(`/api/users/${wallet.address}`)).json();
    expect(before.ownershipVerified).toBe(false);

    await page.getByRole('button', { name: 'Verify ownership' }).click();
    await expect(toast(page, 'Ownership verified')).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify ownership' })).toBeHidden();
    const after = await (await page.request.get(`/api/users/${wallet.address}`)).json();
    expect(after.ownershipVerified).toBe(true);

    // the proof belongs to the session: a reload keeps it
    await page.reload();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  });

  test('a manual wallet proves ownership with a blob signed elsewhere (here: algosdk in the test)', async ({ page }) => {
    const wallet = (await devWallets(page))[3];
    await openAsGuest(page);
    await page.getByRole('button', { name: 'Manual' }).click();
    await page.getByRole('textbox', { name: 'Wallet address' }).fill(wallet.address);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByTestId('wallet-address')).toBeVisible();

    await page.getByRole('button', { name: 'Verify ownership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify ownership' });
    const unsigned = dialog.getByRole('textbox', { name: /Sign this transaction/ });
    await expect(unsigned).toHaveValue(/^[A-Za-z0-9+/]+=*$/);
    const verify = dialog.getByRole('button', { name: 'Verify', exact: true });
    await expect(verify).toBeDisabled();

    // what a player does with any wallet or CLI: sign the transaction with the account's key
    const txn = decodeUnsignedTransaction(Buffer.from(await unsigned.inputValue(), 'base64'));
    const signed = Buffer.from(txn.signTxn(mnemonicToSecretKey(wallet.mnemonic).sk)).toString('base64');
    await dialog.getByRole('textbox', { name: /Paste the signed transaction/ }).fill(signed);
    await verify.click();
    await expect(toast(page, 'Ownership verified')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  });
});

test.describe('provably fair panel', () => {
  test('rotating the server seed reveals the old one; its SHA-256 is the hash shown before', async ({ page }) => {
    const wallets = await devWallets(page);
    await openAsGuest(page);
    await connectDevWallet(page, wallets[2]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fairness' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Provably Fair' })).toBeVisible();

    const hashCell = page.getByTestId('server-seed-hash');
    await expect(hashCell).toHaveText(/^[0-9a-f]{64}$/);
    const oldHash = (await hashCell.textContent())!;
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    // committed before the rotation: the next server seed becomes the active one
    const nextCell = page.getByTestId('next-server-seed-hash');
    await expect(nextCell).toHaveText(/^[0-9a-f]{64}$/);
    const nextHash = (await nextCell.textContent())!;

    await page.getByRole('button', { name: 'Generate New Server Seed' }).click();
    await expect(toast(page, 'New server seed generated')).toBeVisible();
    await expect(hashCell).toHaveText(nextHash);
    await expect(nextCell).not.toHaveText(nextHash);
    await expect(page.getByTestId('nonce')).toHaveText('0');

    const revealed = page.getByTestId('revealed-seed').filter({ hasText: oldHash });
    await expect(revealed).toBeVisible();
    const serverSeed = (await revealed.getByTestId('revealed-server-seed').textContent())!;
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(serverSeed)).toBe(oldHash);
    await expect(revealed.getByText('SHA-256 matches')).toBeVisible();

    // its verify link recomputes in the browser and checks the commitment
    await revealed.getByRole('link', { name: /verify/i }).click();
    await expect(page).toHaveURL(new RegExp(`serverSeed=${serverSeed}`));
    await expect(page.getByTestId('computed-hash')).toHaveText(oldHash);
    await expect(page.getByText('Matches the committed hash')).toBeVisible();
    await expect(page.getByTestId('verified-outcome')).toContainText('Dice');
  });

  test("an empty client seed says 'Invalid seed'; a new one rotates the pair", async ({ page }) => {
    await openAsGuest(page);
    await page.goto('/fairness');
    await expect(page.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Update Client Seed' }).click();
    await expect(toast(page, 'Invalid seed')).toContainText('Please enter a client seed');

    await page.getByRole('textbox', { name: 'New client seed' }).fill('my lucky stars');
    await page.getByRole('button', { name: 'Update Client Seed' }).click();
    await expect(toast(page, 'Client seed updated')).toBeVisible();
    await expect(page.getByTestId('client-seed')).toHaveText('my lucky stars');
    await expect(page.getByTestId('revealed-seed')).toHaveCount(1);
  });

  test('/fairness deep link prefills the verifier and shows the paytables', async ({ page }) => {
    const serverSeed = 'ab'.repeat(32);
    await page.goto(`/fairness?game=dice&serverSeed=${serverSeed}&clientSeed=stars&nonce=4&betType=seven`);
    await expect(page.getByRole('textbox', { name: 'Server seed', exact: true })).toHaveValue(serverSeed);
    await expect(page.getByRole('textbox', { name: 'Client seed', exact: true })).toHaveValue('stars');
    await expect(page.getByRole('textbox', { name: 'Nonce' })).toHaveValue('4');
    await expect(page.getByTestId('computed-hash')).toHaveText(sha256(serverSeed));
    await expect(page.getByTestId('verified-outcome')).toContainText('seven');
    await expect(page.getByRole('table').filter({ hasText: 'Nebula Dice' })).toBeVisible();
  });
});
