// The production topology without Docker: two API processes on one database behind a loopback
// round-robin proxy, and each remote served from its own origin (its own port), read by the shell
// from /remotes.json at run time.
import { expect, test } from '@playwright/test';
import { ChildProcess, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request, Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import WebSocket from 'ws';

const root = resolve(__dirname, '../../..');
const MAIN = join(root, 'dist/apps/api/apps/api/src/main.js');
const PORTS = {
  a: 3521,
  b: 3522,
  proxy: 3520,
  games: 3531,
  cashier: 3532,
  security: 3533,
  pg: 17520,
  algod: 3541,
  indexer: 3542,
};
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** A static file server for one remote's build, on its own origin. */
function serveRemote(folder: string, port: number): Promise<Server> {
  const dir = join(root, 'dist/apps', folder);
  const server = createServer((req, res) => {
    const file = join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
    });
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
    const up = request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  return new Promise((r) => server.listen(port, '127.0.0.1', () => r(server)));
}

async function startApi(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), LOG_LEVEL: 'error', ...env },
    stdio: 'ignore',
  });
  const until = Date.now() + 100_000; // a first start runs initdb and every migration: slow on a busy 2-core machine
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
    test.setTimeout(240_000);
    servers.push(
      await serveRemote('games-mfe', PORTS.games),
      await serveRemote('cashier-mfe', PORTS.cashier),
      await serveRemote('security-mfe', PORTS.security),
    );
    const shared = {
      REMOTE_GAMES_URL: remoteUrl(PORTS.games),
      REMOTE_CASHIER_URL: remoteUrl(PORTS.cashier),
      REMOTE_SECURITY_URL: remoteUrl(PORTS.security),
      CORS_ORIGINS: `http://127.0.0.1:${PORTS.proxy}`,
    };
    // instance A brings the embedded database and devnet; instance B joins them
    apis.push(
      await startApi(PORTS.a, {
        ...shared,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(PORTS.pg),
        DEVNET_ALGOD_PORT: String(PORTS.algod),
        DEVNET_INDEXER_PORT: String(PORTS.indexer),
      }),
    );
    const house = (await (await fetch(`http://127.0.0.1:${PORTS.a}/api/crypto/house-info`)).json()) as {
      assetId: string;
      houseAddress: string;
    };
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
      if (a.exitCode !== null || a.signalCode !== null) continue; // killed by a test
      await new Promise((r) => {
        a.once('exit', r);
        a.kill('SIGTERM');
      });
    }
    // a SIGKILLed instance A leaves its embedded PostgreSQL running: stop it
    const pidFile = join(dataDir, 'pg', 'postmaster.pid');
    if (existsSync(pidFile)) {
      try {
        process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
      } catch {
        /* already gone */
      }
      for (let i = 0; i < 50 && existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the shell behind the proxy loads each remote from its own origin and plays on both instances', async ({
    page,
  }) => {
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
      await fetch('/api/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ walletAddress }),
      });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await fetch('/api/games/dice', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ walletAddress, currency: 'HC', betAmount: '1', betType: 'low' }),
        });
        statuses.push(r.status);
      }
      return statuses;
    });
    expect(guest).toEqual([200, 200, 200, 200, 200, 200]);
    expect(hits.get(PORTS.a)).toBeGreaterThan(2);
    expect(hits.get(PORTS.b)).toBeGreaterThan(2);
  });

  test('poker: players on the two instances meet at one table, play to a showdown, and the table survives its owner being killed', async () => {
    test.setTimeout(150_000);
    const a = `http://127.0.0.1:${PORTS.a}`;
    const b = `http://127.0.0.1:${PORTS.b}`;
    // instance A started first: it runs the tables; B forwards to it and relays it
    const p1 = await guest(a);
    const p2 = await guest(b);
    const s1 = await tableSocket(a, p1);
    const s2 = await tableSocket(b, p2);
    expect((await post(a, p1, '/api/poker/tables/pulsar/buy-in', { amount: 10 })).status).toBe(200);
    expect((await post(b, p2, '/api/poker/tables/pulsar/buy-in', { amount: 10 })).status).toBe(200);
    const dealt = await s2.until(
      (v) => v.seats.filter((x) => x?.kind === 'human').length === 2 && v.hand !== null && !v.hand.finished,
    );
    const seat2 = dealt.you!.seat;
    const seat1 = dealt.seats.find((x) => x?.kind === 'human' && x.seat !== seat2)!.seat;
    expect((await s1.until((v) => v.hand?.handNo === dealt.hand!.handNo)).you!.seat).toBe(seat1);

    // call, check it down to the showdown; B's moves are played on A
    for (let i = 0; i < 20; i++) {
      const v = await s2.until((x) => x.hand!.finished || x.hand!.toAct !== null);
      if (v.hand!.finished) break;
      const actor = v.hand!.toAct === seat2 ? s2 : s1;
      expect(
        await actor.act(
          v.hand!.currentBet > (v.hand!.players.find((p) => p.seat === v.hand!.toAct)!.bet ?? 0) ? 'call' : 'check',
        ),
      ).toEqual({ ok: true, id: expect.any(Number) });
      await s2.until((x) => x.hand!.events.length > v.hand!.events.length);
    }
    const end = await s2.until((v) => v.hand!.finished);
    expect(end.hand!.street).toBe('showdown');
    expect(end.hand!.players.every((p) => p.cards?.length === 2)).toBe(true);
    expect((await s1.until((v) => v.hand!.finished && v.hand!.handNo === end.hand!.handNo)).hand!.result).toEqual(
      end.hand!.result,
    );

    // A dies (SIGKILL: no clean shutdown); B takes the table over when A's lease runs out, and
    // the socket on B keeps working
    s1.close();
    apis[0].kill('SIGKILL');
    const back = await s2.until(
      (v) => v.hand === null || v.fairness.current?.serverSeedHash !== end.fairness.current!.serverSeedHash,
      60_000,
    );
    expect(back.seats.filter((x) => x?.kind === 'human')).toHaveLength(2);
    expect(back.you!.seat).toBe(seat2);

    // both cash out through B: the 2,000 chips bought come back whole (hand 1 is zero-sum, a hand in play at the kill is void)
    const out1 = await post(b, p1, '/api/poker/cash-out');
    const out2 = await post(b, p2, '/api/poker/cash-out');
    expect([out1.status, out2.status]).toEqual([200, 200]);
    expect(out1.body.chips + out2.body.chips).toBe(2000);
    s2.close();
  });
});

interface Guest {
  cookie: string;
}
interface View {
  seats: Array<{ seat: number; kind: string } | null>;
  hand: {
    handNo: number;
    finished: boolean;
    toAct: number | null;
    currentBet: number;
    street: string;
    events: unknown[];
    players: Array<{ seat: number; bet: number; cards: number[] | null }>;
    result: unknown;
  } | null;
  you: { seat: number } | null;
  fairness: { current: { serverSeedHash: string } | null };
}

async function guest(base: string): Promise<Guest> {
  const r = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress: `GUEST_poker${Date.now()}${Math.floor(Math.random() * 1e6)}` }),
  });
  expect(r.status).toBe(200);
  return { cookie: String(r.headers.get('set-cookie')).split(';')[0] };
}

async function post(
  base: string,
  who: Guest,
  path: string,
  body: unknown = {},
): Promise<{ status: number; body: { chips: number } }> {
  const r = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: who.cookie },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as { chips: number } };
}

/** A poker socket on one instance, watching Pulsar: its views and a way to act. */
async function tableSocket(base: string, who: Guest) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/poker/ws`, { headers: { cookie: who.cookie } });
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  const views: View[] = [];
  const acks = new Map<number, (a: unknown) => void>();
  const waiters = new Set<() => void>();
  let nextId = 1;
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { event: string; data: View & { id: number } };
    if (m.event === 'table') views.push(m.data);
    if (m.event === 'ack') acks.get(m.data.id)?.(m.data);
    waiters.forEach((w) => w());
  });
  const until = (pred: (v: View) => boolean, timeoutMs = 15_000) =>
    new Promise<View>((ok, fail) => {
      let seen = Math.max(0, views.length - 1);
      const check = () => {
        for (; seen < views.length; seen++) {
          if (pred(views[seen])) {
            waiters.delete(check);
            clearTimeout(timer);
            return ok(views[seen]);
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        fail(new Error(`no matching poker view within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const act = (action: string) =>
    new Promise((ok) => {
      const id = nextId++;
      acks.set(id, ok);
      ws.send(JSON.stringify({ event: 'act', data: { tableId: 'pulsar', action, id } }));
    });
  ws.send(JSON.stringify({ event: 'watch', data: { tableId: 'pulsar' } }));
  await until(() => true);
  return { until, act, close: () => ws.close() };
}
