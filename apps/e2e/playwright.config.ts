// Browser tests against the built product, in Debian's chromium (tools/scripts/ensure-chromium.sh).
// The server is the real `npm start` output on its own port, database and devnet, started fresh.
import { defineConfig } from '@playwright/test';
import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const port = Number(process.env['E2E_PORT'] ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
/** The devnet's algod, for tests that move funds as a wallet app would (apps/e2e/src/support/chain.ts). */
export const algodPort = port + 21000;
const dataDir = process.env['E2E_DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'cosmic-e2e-'));

/** The security dashboard's passwords in the e2e run (apps/e2e/src/security.spec.ts types them). */
const SECURITY_PASSWORDS = { operator: 'e2e operator passphrase', vault: 'e2e vault passphrase' };
/** The API's scrypt hash format (npm run hash-password), at a cost cheap enough for a test run. */
function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export default defineConfig({
  testDir: './src',
  outputDir: join(root, 'tmp/e2e-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: join(root, 'tmp/test-results/e2e.json') }]],
  use: {
    baseURL,
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `node --enable-source-maps dist/apps/api/apps/api/src/main.js`,
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(port + 20000),
      DEVNET_ALGOD_PORT: String(algodPort),
      DEVNET_INDEXER_PORT: '0',
      LOG_LEVEL: 'warn',
      // bets are anchored on the devnet every 2 s, so a bet's details show their anchor within the test
      BET_ANCHOR_SECONDS: '2',
      // a reality-check interval short enough for apps/e2e/src/reality-check.spec.ts to wait out
      REALITY_CHECK_TEST_SECONDS: '10',
      OPERATOR_PASSWORD_HASH: scryptHash(SECURITY_PASSWORDS.operator),
      VAULT_PASSWORD_HASH: scryptHash(SECURITY_PASSWORDS.vault),
    },
  },
});
