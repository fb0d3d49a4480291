// JS bytes (gzip) needed to render `/` and each game screen, measured in Debian's chromium against
// the built product (the stylesheets' bytes are reported beside them). Targets (issues 20 and 23):
// `/` ≤ 125 KiB of JS with no remoteEntry fetched; each game ≤ 60 KiB more. Then the wallet: `/`
// must fetch no wallet code (use-wallet); clicking "Connect Wallet" fetches the chooser and the
// use-wallet chunk; picking Pera fetches Pera Connect. It prints its figures, then exits 1 naming
// every target missed.
//
//   node tools/bench/web-bench.mjs [--port 3310]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const { values: opts } = parseArgs({ options: { port: { type: 'string', default: '3310' } } });
const port = Number(opts.port);
const base = `http://127.0.0.1:${port}`;
const HOME_BUDGET_KIB = 125;
const GAME_BUDGET_KIB = 60;
const ROUTES = [
  ['/', 'Cosmic Casino'],
  ['/casino', 'Choose Your Cosmic Adventure'],
  ['/game/dice', 'Nebula Dice'],
  ['/game/plinko', 'Quantum Plinko'],
  ['/game/hilo', 'Cosmic Hi-Lo'],
  ['/game/blackjack', 'Galaxy Blackjack'],
  ['/game/slots', 'Cosmic Chaos Slots'],
];

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** Loads `path` in a fresh context until its heading shows; sums the gzip size of every script it fetched. */
async function measure(browser, path, heading) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  const styles = [];
  const repeated = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const url = new URL(res.url()).pathname;
    const list = type === 'script' ? scripts : styles;
    // a file asked for twice (a preload and webpack's own request for it) is code the page runs once
    if (list.some((s) => s.url === url)) return void repeated.push(url);
    const entry = { url, gzip: 0, raw: 0 }; // listed before the body arrives, so a second response of it is seen
    list.push(entry);
    const body = await res.body().catch(() => Buffer.alloc(0));
    Object.assign(entry, { gzip: gzipSync(body, { level: 9 }).length, raw: body.length });
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  // the screen itself, not just a quiet network (a busy machine can pause longer than networkidle's 500 ms before a lazy route asks for its chunks)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await context.close();
  const gzip = scripts.reduce((a, s) => a + s.gzip, 0);
  return {
    path,
    bytes: gzip,
    kib: +(gzip / 1024).toFixed(1),
    scripts: scripts.map((s) => `${s.url} (${(s.gzip / 1024).toFixed(1)})`),
    cssKib: +(styles.reduce((a, s) => a + s.gzip, 0) / 1024).toFixed(1),
    remoteEntries: scripts.filter((s) => s.url.includes('remoteEntry')).map((s) => s.url),
    repeated,
  };
}

// use-wallet's localStorage key: a script that contains it is wallet library code.
const WALLET_MARK = '@txnlab/use-wallet';

/** Scripts fetched from now on (url, gzip bytes, whether it is wallet library code). */
function recordScripts(page) {
  const scripts = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const url = new URL(res.url()).pathname;
    if (scripts.some((s) => s.url === url)) return;
    const entry = { url, gzip: 0, wallet: false };
    scripts.push(entry);
    const body = await res.body().catch(() => Buffer.alloc(0));
    Object.assign(entry, { gzip: gzipSync(body, { level: 9 }).length, wallet: body.includes(WALLET_MARK) });
  });
  return scripts;
}

const kib = (list) => +(list.reduce((a, s) => a + s.gzip, 0) / 1024).toFixed(1);
const step = (list) => ({
  kib: kib(list),
  walletCode: list.some((s) => s.wallet),
  scripts: list.map((s) => `${s.url} (${(s.gzip / 1024).toFixed(1)})`),
});

/** `/`, then "Connect Wallet" (the chooser and use-wallet), then "Pera Wallet" (Pera Connect): what each step fetches. */
async function measureWallet(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto(base + '/', { waitUntil: 'networkidle' });
  await page.getByTestId('hc-balance').waitFor();
  await page.waitForTimeout(500);
  const home = scripts.splice(0);
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  const chooser = page.getByRole('dialog', { name: 'Connect Wallet' });
  await chooser.locator('img[src^="data:image/svg+xml"]').nth(2).waitFor(); // use-wallet's icons: the library is loaded
  await page.waitForLoadState('networkidle');
  const connect = scripts.splice(0);
  await chooser.getByRole('button', { name: /Pera Wallet/ }).click();
  await page.getByText('Connect with Pera Mobile').waitFor({ timeout: 30_000 }); // Pera's own screen (no internet: it waits there)
  await page.waitForTimeout(500);
  const pera = scripts.splice(0);
  await context.close();
  return { home: step(home), connectWallet: step(connect), pickPera: step(pera) };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cosmic-web-bench-'));
  const api = spawn(process.execPath, ['dist/apps/api/apps/api/src/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(port + 20000),
      DEVNET_ALGOD_PORT: '0',
      DEVNET_INDEXER_PORT: '0',
      LOG_LEVEL: 'error',
      JOBS_ENABLED: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    await waitFor(`${base}/api/health`, 60_000);
    const results = [];
    for (const [path, heading] of ROUTES) results.push(await measure(browser, path, heading));
    const home = results[0].kib;
    const wallet = await measureWallet(browser);
    const summary = {
      date: new Date().toISOString(),
      home: {
        kib: home,
        cssKib: results[0].cssKib,
        budgetKib: HOME_BUDGET_KIB,
        remoteEntries: results[0].remoteEntries,
        withinTarget: results[0].bytes <= HOME_BUDGET_KIB * 1024 && results[0].remoteEntries.length === 0,
      },
      routes: results.slice(1).map((r) => ({
        ...r,
        moreThanHome: +(r.kib - home).toFixed(1),
        withinTarget: r.path === '/casino' || r.kib - home <= GAME_BUDGET_KIB,
      })),
      wallet: { ...wallet, withinTarget: !wallet.home.walletCode && wallet.connectWallet.walletCode },
    };
    console.log(JSON.stringify(summary, null, 2));
    const missed = [
      ...(results[0].bytes > HOME_BUDGET_KIB * 1024
        ? [`'/' fetches ${home} KiB of JS (gzip), more than ${HOME_BUDGET_KIB} KiB`]
        : []),
      ...results[0].remoteEntries.map((url) => `'/' fetches ${url}`),
      ...summary.routes
        .filter((r) => !r.withinTarget)
        .map((r) => `${r.path} fetches ${r.moreThanHome} KiB of JS more than '/', more than ${GAME_BUDGET_KIB} KiB`),
      ...(wallet.home.walletCode ? ["'/' fetches wallet library code"] : []),
      ...(wallet.connectWallet.walletCode ? [] : ["'Connect Wallet' fetched no wallet library code"]),
    ];
    if (missed.length) {
      console.error(`web bench: target missed:\n  ${missed.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
