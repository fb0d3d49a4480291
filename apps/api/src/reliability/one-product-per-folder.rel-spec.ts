// Issue 27 item 9, tried as a new user would: `npm start` twice in one folder. The second start
// must say the product is already running and leave the first one's database and devnet alone;
// a start that fails must stop only what it started itself.
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { httpGuest } from './api-process';

const ROOT = join(__dirname, '../../../..');
// PostgreSQL ports below 32768, Linux's ephemeral range, so no client socket can hold them
const PORTS = {
  api: 3471,
  pg: 17471,
  algod: 3472,
  indexer: 3473,
  otherApi: 3474,
  otherPg: 17474,
  busyApi: 3475,
  busyPg: 17475,
  busyAlgod: 3476,
  busyIndexer: 3477,
};
const LOCK = 'cosmic-casino.pid';

interface Start {
  child: ChildProcess;
  output(): string;
  exit: Promise<number | null>;
}

/** `node tools/scripts/start.mjs` (no build) with a new user's environment: nothing configured but folders and ports. */
function npmStart(
  dataDir: string,
  ports: { api: number; pg: number; algod: number; indexer: number },
  script = 'tools/scripts/start.mjs',
): Start {
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? tmpdir(),
    SKIP_BUILD: '1',
    DATA_DIR: dataDir,
    PORT: String(ports.api),
    EMBEDDED_PG_PORT: String(ports.pg),
    DEVNET_ALGOD_PORT: String(ports.algod),
    DEVNET_INDEXER_PORT: String(ports.indexer),
    METRICS_PORT: 'off',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

async function healthy(port: number, start: Start, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (start.child.exitCode !== null) throw new Error(`start exited with ${start.child.exitCode}: ${start.output()}`);
    try {
      const body = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { status: string };
      if (body.status === 'ok') return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`no healthy API on ${port}: ${start.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stop(start: Start): Promise<number | null> {
  if (start.child.exitCode === null && start.child.signalCode === null) start.child.kill('SIGTERM');
  const timer = setTimeout(() => start.child.kill('SIGKILL'), 30_000);
  const code = await start.exit;
  clearTimeout(timer);
  return code;
}

/** A postmaster still running in `dataDir` (a cleanup of last resort). */
function killPostmaster(dataDir: string): void {
  const file = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    /* already gone */
  }
}

describe('one product per data folder (two real `npm start`s)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cosmic-twice-'));
  const otherDir = mkdtempSync(join(tmpdir(), 'cosmic-other-'));
  const started: Start[] = [];

  afterAll(async () => {
    for (const s of started) await stop(s);
    killPostmaster(dataDir);
    killPostmaster(otherDir);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(otherDir, { recursive: true, force: true });
  });

  it('a second start exits with a clear message and the first keeps serving; a failed start stops nothing it did not start', async () => {
    const first = npmStart(dataDir, PORTS);
    started.push(first);
    await healthy(PORTS.api, first);
    const holder = JSON.parse(readFileSync(join(dataDir, LOCK), 'utf8')) as { pid: number; url: string };
    expect(holder.url).toBe(`http://localhost:${PORTS.api}`);
    const message = `Cosmic Casino is already running from this folder (pid ${holder.pid}, http://localhost:${PORTS.api})`;

    // `npm start` again: refused before building or touching anything
    const second = npmStart(dataDir, PORTS);
    started.push(second);
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(message);

    // the API itself holds the same lock (a start that raced past start.mjs's look, or `node main.js`)
    const direct = npmStart(dataDir, PORTS, 'dist/apps/api/apps/api/src/main.js');
    started.push(direct);
    expect(await direct.exit).toBe(1);
    expect(direct.output()).toContain(message);

    // another folder on the same devnet port fails — and stops only its own database
    const clash = npmStart(otherDir, {
      api: PORTS.otherApi,
      pg: PORTS.otherPg,
      algod: PORTS.algod,
      indexer: PORTS.indexer,
    });
    started.push(clash);
    expect(await clash.exit).not.toBe(0);
    expect(existsSync(join(otherDir, LOCK))).toBe(false);

    // the first casino still answers with its database and devnet
    const guest = await httpGuest(`http://127.0.0.1:${PORTS.api}`);
    expect(guest.id).toMatch(/^\d+$/);
    expect((await guest.bet(`http://127.0.0.1:${PORTS.api}`)).ok).toBe(true);
    const health = (await (await fetch(`http://127.0.0.1:${PORTS.api}/api/health`)).json()) as {
      database: { ok: boolean };
      chain: { ok: boolean };
    };
    expect(health).toMatchObject({ database: { ok: true }, chain: { ok: true } });

    expect(await stop(first)).toBe(0);
    expect(existsSync(join(dataDir, LOCK))).toBe(false);
  });

  it('a lock left by a killed run does not block the next start', async () => {
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(join(dataDir, LOCK), JSON.stringify({ pid: gone.pid, url: `http://localhost:${PORTS.api}` }));
    const again = npmStart(dataDir, PORTS);
    started.push(again);
    await healthy(PORTS.api, again);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK), 'utf8')).pid).not.toBe(gone.pid);
    expect(await stop(again)).toBe(0);
  });

  it('a database port another program holds: the start names the port, the folder and what PostgreSQL said', async () => {
    const busyDir = mkdtempSync(join(tmpdir(), 'cosmic-busy-'));
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(PORTS.busyPg, '127.0.0.1', resolve));
    try {
      const start = npmStart(busyDir, {
        api: PORTS.busyApi,
        pg: PORTS.busyPg,
        algod: PORTS.busyAlgod,
        indexer: PORTS.busyIndexer,
      });
      started.push(start);
      expect(await start.exit).toBe(1);
      const out = start.output();
      expect(out).toContain(
        `embedded PostgreSQL (port ${PORTS.busyPg}, data ${join(busyDir, 'pg')}) exited while starting`,
      );
      expect(out).toMatch(/could not bind IPv4 address "127\.0\.0\.1": Address already in use/);
      expect(out).not.toContain('API failed to start: undefined');
      expect(existsSync(join(busyDir, LOCK))).toBe(false);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      killPostmaster(busyDir);
      rmSync(busyDir, { recursive: true, force: true });
    }
  });
});
