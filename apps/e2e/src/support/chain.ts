import { expect, type Page } from '@playwright/test';
import * as algosdk from 'algosdk';
import { algodPort } from '../../playwright.config';
import { devWallet } from './wallet';

// The devnet as a wallet app sees it: algod at a known port (apps/e2e/playwright.config.ts), for
// tests that need an account of their own (one no other test shares) or a transfer the casino did
// not build.

/** The devnet's well-known sandbox token (the API's ALGOD_TOKEN default on the embedded devnet). */
const DEVNET_TOKEN = 'a'.repeat(64);

export const algod = () => new algosdk.Algodv2(DEVNET_TOKEN, 'http://127.0.0.1', algodPort);

/** The casino's AMINA asset and house address, as the product publishes them. */
export async function houseInfo(page: Page): Promise<{ assetId: bigint; houseAddress: string }> {
  const res = await page.request.get('/api/crypto/house-info');
  expect(res.ok()).toBe(true);
  const info = await res.json();
  return { assetId: BigInt(info.assetId), houseAddress: info.houseAddress };
}

async function send(client: algosdk.Algodv2, txn: algosdk.Transaction, sk: Uint8Array): Promise<string> {
  const { txid } = await client.sendRawTransaction(txn.signTxn(sk)).do();
  await algosdk.waitForConfirmation(client, txid, 10);
  return txid;
}

/**
 * Waits until the casino has credited `address` (the page's signed-in wallet) to hold `amina`, asking
 * the API as the page's session (page.request shares its cookies): the deposit watcher credits a
 * transfer at its own pace, slower on a loaded machine. A test reloads the page once after it,
 * rather than reloading against a short timeout, which a slow reload alone can exhaust.
 */
export async function untilCredited(page: Page, address: string, amina: string, timeout = 90_000) {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/users/${address}`);
        return res.ok() ? ((await res.json()) as { aminaBalance: string }).aminaBalance : `${res.status()}`;
      },
      { timeout, intervals: [500, 1000] },
    )
    .toBe(amina);
}

/** An AMINA transfer signed with `sk`, sent and confirmed; its txid. */
export async function sendAmina(
  page: Page,
  from: { address: string; sk: Uint8Array },
  to: string,
  baseUnits: bigint,
  note?: string,
): Promise<string> {
  const client = algod();
  const { assetId } = await houseInfo(page);
  const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
    sender: from.address,
    receiver: to,
    amount: baseUnits,
    assetIndex: assetId,
    suggestedParams: await client.getTransactionParams().do(),
    note: note ? new TextEncoder().encode(note) : undefined,
  });
  return send(client, txn, from.sk);
}

/**
 * A new account of the test's own, funded from the demo account `funder`: 1 ALGO for fees, opted
 * in to AMINA, and `amina` base units of it.
 */
export async function freshAccount(
  page: Page,
  amina: bigint,
  funder = 'player-4',
): Promise<{ address: string; sk: Uint8Array; mnemonic: string }> {
  const client = algod();
  const account = algosdk.generateAccount();
  const address = account.addr.toString();
  const from = await devWallet(page, funder);
  const fromSk = algosdk.mnemonicToSecretKey(from.mnemonic).sk;
  const params = await client.getTransactionParams().do();
  await send(
    client,
    algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: from.address,
      receiver: address,
      amount: 1_000_000n,
      suggestedParams: params,
    }),
    fromSk,
  );
  await sendAmina(page, { address, sk: account.sk }, address, 0n); // the opt-in: a zero transfer to itself
  if (amina > 0n) await sendAmina(page, { address: from.address, sk: fromSk }, address, amina);
  return { address, sk: account.sk, mnemonic: algosdk.secretKeyToMnemonic(account.sk) };
}

/** Makes `rounds` empty blocks on the devnet (its loopback admin route): time passes for the chain, e.g. past a transfer's lastValid. */
export async function advanceRounds(rounds: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${algodPort}/devnet/advance`, {
    method: 'POST',
    headers: { 'X-Algo-API-Token': DEVNET_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ rounds }),
  });
  expect(res.ok).toBe(true);
}
