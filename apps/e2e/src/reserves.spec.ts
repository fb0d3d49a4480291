import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import * as algosdk from 'algosdk';
import { exactAmina, takeSnapshot } from './support/reserves';
import { connectDemoWallet, devWallet, openAsGuest, type DevWallet } from './support/wallet';

// Issue 30 in the browser: a player with AMINA opens /fairness/reserves after a snapshot, presses
// "Check my balance", sees their balance proven in the anchored root (checked in the browser), and
// the downloaded proof passes `npm run verify -- --reserves` too. A proof altered on the way is refused.

const root = resolve(__dirname, '../../..');

/** Deposits through the API with the page's session: build, sign with the demo key, submit, notify. */
async function depositAmina(page: Page, wallet: DevWallet, amount: string) {
  const built = await page.request.post('/api/crypto/build-deposit', {
    data: { walletAddress: wallet.address, amount },
  });
  expect(built.ok()).toBe(true);
  const txn = algosdk.decodeUnsignedTransaction(Buffer.from((await built.json()).txnB64, 'base64'));
  const signedTxnB64 = Buffer.from(txn.signTxn(algosdk.mnemonicToSecretKey(wallet.mnemonic).sk)).toString('base64');
  const sub = await page.request.post('/api/crypto/submit-deposit', {
    data: { walletAddress: wallet.address, signedTxnB64 },
  });
  expect(sub.ok()).toBe(true);
  const { txId } = await sub.json();
  await expect
    .poll(
      async () =>
        (
          await (
            await page.request.post('/api/crypto/notify-deposit', { data: { walletAddress: wallet.address, txId } })
          ).json()
        ).status,
      { timeout: 30_000 },
    )
    .toBe('credited');
}

test.describe('proof of reserves', () => {
  test('a player with AMINA checks their inclusion in the anchored root and downloads a proof the CLI verifies', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const wallet = await devWallet(page, 'player-1');
    await openAsGuest(page, '/fairness/reserves');
    await expect(page.getByRole('heading', { name: 'Check my balance' })).toBeVisible();
    await expect(page.getByText('Connect your wallet to check your AMINA balance.', { exact: false })).toBeVisible();

    await connectDemoWallet(page, wallet);
    await depositAmina(page, wallet, '1.5');
    const snapshot = await takeSnapshot(page);
    const balance = (await (await page.request.get(`/api/users/${wallet.address}`)).json()).aminaBalance as string;

    await page.goto('/fairness/reserves');
    const latest = page.getByTestId('reserves-latest');
    await expect(latest.getByRole('heading', { name: `Snapshot ${snapshot.id}` })).toBeVisible();
    await expect(latest).toContainText(snapshot.rootHash);
    await expect(latest).toContainText(snapshot.anchor.txId);
    await expect(latest.getByText('Fully covered')).toBeVisible();

    await page.getByRole('button', { name: 'Check my balance' }).click();
    const verdict = page.getByTestId('reserves-verdict');
    await expect(verdict.getByText('Included')).toBeVisible();
    await expect(verdict).toContainText(`Your balance of ${exactAmina(balance)} is in snapshot ${snapshot.id}`);
    await expect(verdict).toContainText(`the root published in transaction ${snapshot.anchor.txId}`);

    // the downloaded proof is what the CLI checks, against the root and total listed
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      verdict.getByRole('link', { name: 'Download proof (JSON)' }).click(),
    ]);
    const file = await download.path();
    const proof = JSON.parse(readFileSync(file, 'utf8'));
    expect(proof).toMatchObject({
      version: 2,
      snapshotId: snapshot.id,
      root: { hash: snapshot.rootHash, sum: snapshot.liabilities },
      anchor: { txId: snapshot.anchor.txId },
    });
    // the balance split into 8 shares, each with its own path
    expect(proof.leaves).toHaveLength(8);
    const cli = spawnSync(
      process.execPath,
      ['tools/scripts/verify.mjs', '--reserves', file, '--root', snapshot.rootHash, '--total', snapshot.liabilities],
      { cwd: root, encoding: 'utf8', timeout: 120_000 },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({
      ok: true,
      snapshotId: snapshot.id,
      balance: proof.balance,
      shares: 8,
      anchoredRootChecked: true,
    });

    // the browser verifies for itself: a proof altered on the way is refused
    await page.route('**/api/reserves/proof*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      // one share raised by 1 AMINA, and the balance with it: the shares add up, the path does not
      const leaves = body.leaves.map((l: { amount: string }, i: number) =>
        i === 0 ? { ...l, amount: (BigInt(l.amount) + 100_000_000n).toString() } : l,
      );
      const balance = (BigInt(body.balance) + 100_000_000n).toString();
      await route.fulfill({ response, json: { ...body, balance, leaves } });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Check my balance' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The proof does not verify' })).toContainText(
      /leaves\[0\]: the path leads to [0-9a-f]{64}, not to the root/,
    );
  });
});
