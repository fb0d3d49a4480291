// The production topology without Docker: two API processes on one database behind a loopback
// round-robin proxy, and each remote served from its own origin (its own port), read by the shell
// from /remotes.json at run time.
import { expect, test } from '@playwright/test';
import { ChildProcess, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, request, Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');
const MAIN = join(root, 'dist/apps/api/apps/api/src/main.js');
const PORTS = { a: 3521, b: 3522, proxy: 3520, games: 3531, cashier: 3532, security: 3533, pg: 55520, algod: 3541, indexer: 3542 };
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** A static file server for one remote's build, on its own origin. */
function serveRemote(folder: string, port: number): Promise<Server> {
  const dir = join(root, 'dist/apps', folder);
  const server = createServer((req, res) => {
    const file = join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' });
    createReadStream(file).pipe(res);
  });
  return new Promise((r) => server.listen(port, '127.0.0.1', () => r(server)));
}

/** Round-robin reverse proxy over the API instances; counts what each one served. */
function proxy(port: number, targets: number[], hits: Map<number, number>): Promise<Server> {
  let next = 0;
  const server = createServer((req, res) => {
    const target = targets[next++ % targets.length];
    hits.set(target, (hits.get(target) ?? 0) + 1);
    const up = request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  return new Promise((r) => server.listen(port, '127.0.0.1', () => r(server)));
}

async function startApi(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], { cwd: root, env: { ...process.env, NODE_ENV: 'test', PORT: String(port), LOG_LEVEL: 'error', ...env }, stdio: 'ignore' });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API ${port} did not start`);
}

test.describe('production topology on loopback', () => {
  const hits = new Map<number, number>();
  const servers: Server[] = [];
  const apis: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'cosmic-topology-'));
  const remoteUrl = (port: number) => `http://127.0.0.1:${port}/remoteEntry.js`;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    servers.push(await serveRemote('games-mfe', PORTS.games), await serveRemote('cashier-mfe', PORTS.cashier), await serveRemote('security-mfe', PORTS.security));
    const shared = {
      REMOTE_GAMES_URL: remoteUrl(PORTS.games),
      REMOTE_CASHIER_URL: remoteUrl(PORTS.cashier),
      REMOTE_SECURITY_URL: remoteUrl(PORTS.security),
      CORS_ORIGINS: `http://127.0.0.1:${PORTS.proxy}`,
    };
    // instance A brings the embedded database and devnet; instance B joins them
    apis.push(await startApi(PORTS.a, { ...shared, DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(PORTS.pg), DEVNET_ALGOD_PORT: String(PORTS.algod), DEVNET_INDEXER_PORT: String(PORTS.indexer) }));
    const house = (await (await fetch(`http://127.0.0.1:${PORTS.a}/api/crypto/house-info`)).json()) as { assetId: string; houseAddress: string };
    apis.push(
      await startApi(PORTS.b, {
        ...shared,
        DATABASE_URL: `postgresql://cosmic:cosmic-local@127.0.0.1:${PORTS.pg}/cosmic`,
        ALGOD_URL: `http://127.0.0.1:${PORTS.algod}`,
        ALGOD_TOKEN: 'a'.repeat(64),
        INDEXER_URL: `http://127.0.0.1:${PORTS.indexer}`,
        INDEXER_TOKEN: 'a'.repeat(64),
        AMINA_ASSET_ID: house.assetId,
        HOUSE_ADDRESS: house.houseAddress,
        ALGORAND_NETWORK: 'devnet',
        JOBS_ENABLED: 'false',
      }),
    );
    servers.push(await proxy(PORTS.proxy, [PORTS.a, PORTS.b], hits));
  });

  test.afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
    for (const a of apis.reverse()) {
      await new Promise((r) => {
        a.once('exit', r);
        a.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the shell behind the proxy loads each remote from its own origin and plays on both instances', async ({ page }) => {
    const remoteHosts = new Set<string>();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('remoteEntry.js')) remoteHosts.add(u.host);
    });
    const base = `http://127.0.0.1:${PORTS.proxy}`;
    await page.goto(`${base}/casino`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Cosmic Adventure' })).toBeVisible();
    await page.goto(`${base}/cashier`);
    await expect(page.getByRole('heading', { level: 1, name: /Cashier/ })).toBeVisible();
    expect([...remoteHosts].sort()).toEqual([`127.0.0.1:${PORTS.games}`, `127.0.0.1:${PORTS.cashier}`]);

    // the same session works on both instances: sessions live in PostgreSQL
    const guest = await page.evaluate(async () => {
      const walletAddress = `GUEST_topo${Date.now()}`;
      await fetch('/api/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ walletAddress }) });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await fetch('/api/games/dice', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ walletAddress, currency: 'HC', betAmount: '1', betType: 'low' }) });
        statuses.push(r.status);
      }
      return statuses;
    });
    expect(guest).toEqual([200, 200, 200, 200, 200, 200]);
    expect(hits.get(PORTS.a)).toBeGreaterThan(2);
    expect(hits.get(PORTS.b)).toBeGreaterThan(2);
  });
});
