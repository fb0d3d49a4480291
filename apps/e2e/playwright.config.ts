// Browser tests against the built product, in Debian's chromium (tools/scripts/ensure-chromium.sh).
// The server is the real `npm start` output on its own port, database and devnet, started fresh.
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');
const port = Number(process.env['E2E_PORT'] ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env['E2E_DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'cosmic-e2e-'));

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
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
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
      DEVNET_ALGOD_PORT: '0',
      DEVNET_INDEXER_PORT: '0',
      LOG_LEVEL: 'warn',
    },
  },
});
