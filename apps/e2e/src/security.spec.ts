import { expect, test, type Page } from '@playwright/test';

// Must match SECURITY_PASSWORDS in apps/e2e/playwright.config.ts (hashed into the server's env there).
const OPERATOR_PASSWORD = 'e2e operator passphrase';
const VAULT_PASSWORD = 'e2e vault passphrase';

/** Every /api/security request the page makes, with its Authorization header. */
function recordSecurityCalls(page: Page) {
  const calls: Array<{ url: string; method: string; auth?: string; body?: string | null }> = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/security/'))
      calls.push({ url: r.url(), method: r.method(), auth: r.headers()['authorization'], body: r.postData() });
  });
  return calls;
}

async function unlockDashboard(page: Page) {
  await page.goto('/security');
  await page.getByPlaceholder('Operator password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { name: 'Guards' })).toBeVisible();
}

test.describe('/security dashboard', () => {
  test('refuses a wrong password, unlocks with the right one, shows live panels and locks again', async ({ page }) => {
    const calls = recordSecurityCalls(page);
    await page.goto('/security');
    await expect(page.getByRole('heading', { level: 1, name: 'Security Dashboard' })).toBeVisible();
    await page.getByPlaceholder('Operator password').fill('not the password');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('alert')).toHaveText('Access Denied - Incorrect Password');
    await expect(page.getByRole('heading', { name: 'Guards' })).toHaveCount(0);

    await page.getByPlaceholder('Operator password').fill(OPERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    for (const panel of [
      'Real-time stats',
      'Stats',
      'Recent vulnerabilities',
      'Hackers',
      'Domain report',
      'DOM protection',
      'Emergency domain fix',
      'Vault',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: panel, exact: true })).toBeVisible();
    }
    for (const persona of ['Sentinel', 'Warden', 'Auditor', 'Treasurer'])
      await expect(page.getByRole('heading', { level: 3, name: persona })).toBeVisible();
    // the wrong password just now is a real finding of the running API
    await expect(page.locator('.cs-persona--sentinel')).toContainText(/[1-9]\d* bad password/);
    await expect(page.getByRole('img', { name: /API requests per second over the last minute/ })).toBeVisible();

    // polled every second, with the bearer token in a header and never a secret in a URL
    // (a poll starts a second after the last answer, so a loaded machine may take longer than 2 s for two)
    const overviews = () => calls.filter((c) => c.url.endsWith('/api/security/comprehensive')).length;
    const before = overviews();
    await expect.poll(overviews, { timeout: 10_000 }).toBeGreaterThan(before + 1);
    const telemetry = calls.filter((c) => c.method === 'GET');
    expect(telemetry.length).toBeGreaterThan(8);
    for (const c of telemetry) expect(c.auth).toMatch(/^Bearer cc1\./);
    for (const c of calls) expect(c.url).not.toMatch(/passphrase|password=|cc1\./);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain('cc1.');

    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(page.getByPlaceholder('Operator password')).toBeVisible();
  });

  test("opens the vault behind its own password ('Access Denied - {name} Only' first)", async ({ page }) => {
    const calls = recordSecurityCalls(page);
    await unlockDashboard(page);
    const vault = page.getByRole('region', { name: 'Vault' });
    await vault.getByRole('tab', { name: 'Warden' }).click();
    await vault.getByPlaceholder('Vault password').fill(OPERATOR_PASSWORD);
    await vault.getByRole('button', { name: 'Open vault' }).click();
    await expect(vault.getByRole('alert')).toHaveText('Access Denied - Warden Only');

    await vault.getByPlaceholder('Vault password').fill(VAULT_PASSWORD);
    await vault.getByRole('button', { name: 'Open vault' }).click();
    for (const block of [
      'Server status',
      'System health',
      'Crypto security',
      'Hacker attempts',
      'Recent activity',
      'Protected by',
    ]) {
      await expect(vault.getByRole('heading', { level: 3, name: block })).toBeVisible();
    }
    await expect(vault).toContainText('scrypt N=16384 r=8 p=1');
    await expect(vault).toContainText(/Refresh cycle 5 min/);
    const logs = calls.find((c) => c.url.endsWith('/api/security/warden/vault'));
    expect(logs?.auth).toMatch(/^Bearer cc1\./);
    // the passwords travel in POST bodies only
    expect(calls.filter((c) => c.url.endsWith('/api/security/warden/vault/session')).map((c) => c.body)).toEqual([
      JSON.stringify({ password: OPERATOR_PASSWORD }),
      JSON.stringify({ password: VAULT_PASSWORD }),
    ]);

    await vault.getByRole('tab', { name: 'Auditor' }).click();
    await expect(vault.getByRole('heading', { level: 3, name: 'Server status' })).toBeVisible();

    // sentinel's attempts by type: a session reading another player's account is one ('Session abuse');
    // every bar label is shown whole (they wrap: 'Session a…' was cut before)
    const guest = await page.request.post('/api/users', { data: { walletAddress: `GUEST_${Date.now()}vaultlabels` } });
    expect(guest.ok()).toBe(true);
    expect((await page.request.get('/api/users/GUEST_1700000000000someoneelse')).status()).toBe(403);
    await vault.getByRole('tab', { name: 'Sentinel' }).click();
    const labels = vault.locator('.cs-bars__label');
    await expect(labels.filter({ hasText: /Session abuse/i })).toBeVisible();
    for (const label of await labels.all())
      expect(
        await label.evaluate(
          (el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis',
        ),
      ).toBe(true);
    await vault.getByRole('button', { name: 'Lock vault' }).click();
    await expect(vault.getByPlaceholder('Vault password')).toBeVisible();
  });
});
