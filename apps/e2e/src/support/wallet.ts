import { expect, type Locator, type Page } from '@playwright/test';
import { mnemonicToSecretKey, signBytes } from 'algosdk';

// Wallet helpers of the browser tests: the devnet's demo accounts (GET /api/dev/wallets) connect
// through the chooser's "Devnet demo wallets", i.e. use-wallet's Mnemonic wallet, the same
// connect / sign / disconnect code a real wallet app goes through.

/** A devnet demo account. */
export interface DevWallet {
  address: string;
  mnemonic: string;
  label: string;
  optedIn?: boolean;
}

/** The toast with this title, inside the F8 notification area (Radix also announces it in a hidden live region). */
export const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .filter({ hasText: title });
/** "ABCDEF…WXYZ", as the widget shows an address. */
export const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
/** A localStorage value of the page. */
export const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The devnet's demo accounts. */
export async function devWallets(page: Page): Promise<DevWallet[]> {
  const res = await page.request.get('/api/dev/wallets');
  expect(res.ok(), 'the e2e server runs on the devnet, so GET /api/dev/wallets exists').toBe(true);
  return res.json();
}

/** The demo account with this label. */
export async function devWallet(page: Page, label: string): Promise<DevWallet> {
  const wallet = (await devWallets(page)).find((w) => w.label === label);
  if (!wallet) throw new Error(`no devnet wallet ${label}`);
  return wallet;
}

/** First load: wait for the guest session. */
export async function openAsGuest(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
  await expect.poll(() => storage(page, 'guestUserId')).toMatch(/^GUEST_/);
}

/**
 * A button of the header (the banner). On a narrow screen the header folds its wallet buttons into
 * its labelled 'Menu': that is opened first when it is there and closed.
 */
export async function headerButton(page: Page, name: string): Promise<Locator> {
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return banner.getByRole('button', { name, exact: true });
}

/** Opens the chooser from the header's 'Connect Wallet'. */
export async function openChooser(page: Page) {
  await (await headerButton(page, 'Connect Wallet')).click();
  const chooser = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(chooser).toBeVisible();
  return chooser;
}

/** Connects a demo account through the chooser; it signs in in the same step ('Dev Wallet Connected!', Signed in). */
export async function connectDemoWallet(page: Page, wallet: DevWallet) {
  const chooser = await openChooser(page);
  await chooser.getByRole('button', { name: new RegExp(`^${wallet.label}\\b`) }).click();
  await expect(toast(page, 'Dev Wallet Connected!')).toContainText(`${short(wallet.address)} is proven`);
  await expect(page.getByTestId('wallet-address')).toHaveText(short(wallet.address));
  // attached, not visible: on a phone the wallet summary sits in the header's closed Menu
  await expect(page.getByLabel('Connected wallet').getByText('Signed in', { exact: true })).toBeAttached();
}

/** Types an address in the Manual dialog: watch-only. */
export async function connectManually(page: Page, address: string) {
  await (await headerButton(page, 'Manual')).click(); // the header's, not a game's Manual/Auto switch
  await page.getByRole('textbox', { name: 'Wallet address' }).fill(address);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(toast(page, 'Manual Wallet Connected!')).toContainText('is connected watch-only');
  await expect(page.getByTestId('wallet-address')).toHaveText(short(address));
}

/**
 * Signs in a typed (watch-only) address the way a player with any wallet or CLI can: 'Sign in with
 * wallet' → 'Paste a signature made elsewhere' → the message signed with the account's key
 * (algosdk signBytes: "MX" + the message) → Verify.
 */
export async function proveBySignature(page: Page, address: string, mnemonic: string) {
  await (await headerButton(page, 'Sign in with wallet')).click();
  const chooser = page.getByRole('dialog', { name: 'Sign in with wallet' });
  await expect(chooser).toContainText(`Sign in as ${short(address)}`);
  await chooser.getByRole('button', { name: 'Paste a signature made elsewhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prove ownership' });
  await dialog.getByText('Or sign the message itself').click();
  const message = (await dialog.getByTestId('challenge-message').textContent()) ?? '';
  expect(JSON.parse(message)).toMatchObject({ account_address: address });
  const signature = Buffer.from(signBytes(new TextEncoder().encode(message), mnemonicToSecretKey(mnemonic).sk));
  await dialog.getByRole('textbox', { name: /Paste the signed transaction/ }).fill(signature.toString('base64'));
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(toast(page, 'Signed in')).toContainText(`${short(address)} is proven`);
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Connected wallet').getByText('Signed in', { exact: true })).toBeAttached();
}
