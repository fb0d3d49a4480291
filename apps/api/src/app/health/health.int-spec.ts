import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import * as algosdk from 'algosdk';
import { connect, createServer, type Socket } from 'node:net';
import { answerWatch, createIntApp, intChain, intDatabaseUrl } from '../../test/int-app';
import { securityEnv } from '../../test/security';
import { Drain, DRAINING_ANSWER } from './drain';

/** A TCP relay to `target` that can be closed (the node goes away) and opened again on its port. */
async function tcpProxy(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    open: () => listen(port),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

describe('GET /api/health (real PostgreSQL)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createIntApp();
  });
  afterAll(() => app.close());

  it('reports the database and the chain (round and network) as reachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.database.ok).toBe(true);
    expect(typeof body.database.latencyMs).toBe('number');
    expect(body.chain).toMatchObject({ ok: true, network: 'devnet', round: expect.stringMatching(/^\d+$/) });
    expect(body.status).toBe('ok');
  });

  it('reports the chain as down, and the API degraded, when the node goes away — without any error text', async () => {
    const node = await tcpProxy(new URL(intChain().algodUrl));
    const down = await createIntApp({ ALGOD_URL: node.url });
    try {
      expect((await down.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        status: 'ok',
        chain: { ok: true },
      });
      await node.close();
      const body = (await down.inject({ method: 'GET', url: '/api/health' })).json();
      expect(body).toEqual({
        status: 'degraded',
        uptimeSeconds: expect.any(Number),
        database: { ok: true, latencyMs: expect.any(Number) },
        chain: { ok: false },
      });
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|failed|error/i);
      // the process is still up (no restart), but it should get no traffic
      const live = await down.inject({ method: 'GET', url: '/api/health/live' });
      expect([live.statusCode, live.json().status]).toEqual([200, 'live']);
      const ready = await down.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not ready',
        database: { ok: true },
        chain: { ok: false },
        migrations: { ok: true },
        draining: false,
      });
    } finally {
      await down.close();
      await node.close();
    }
  });

  it('waits at boot for a node that does not answer yet, then checks it (never skips the checks)', async () => {
    const node = await tcpProxy(new URL(intChain().algodUrl));
    await node.close();
    const started = Date.now();
    const booting = createIntApp({ ALGOD_URL: node.url });
    let booted = false;
    void booting.then(
      () => (booted = true),
      () => undefined,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(booted).toBe(false);
    await node.open();
    const late = await booting;
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      expect((await late.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        status: 'ok',
        chain: { ok: true, network: 'devnet' },
      });
    } finally {
      await late.close();
      await node.close();
    }
  });

  it.each([
    [
      'the node serves another network',
      { ALGORAND_NETWORK: 'mainnet' },
      /^ALGORAND_NETWORK is mainnet but the node at ALGOD_URL serves genesis "cosmic-devnet-v1"/,
    ],
    [
      'HOUSE_MNEMONIC does not sign for HOUSE_ADDRESS',
      { HOUSE_MNEMONIC: algosdk.secretKeyToMnemonic(algosdk.generateAccount().sk) },
      /^HOUSE_MNEMONIC does not control the house address/,
    ],
    ["the chain's AMINA has other decimals than configured", { AMINA_DECIMALS: '6' }, /^AMINA_DECIMALS: .*decimals/],
  ])('refuses to start when %s, naming the variable', async (_name, env, message) => {
    await expect(createIntApp(env)).rejects.toThrow(message);
  });

  it('answers /api/health/live with the process up, asking no dependency', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'live', uptimeSeconds: expect.any(Number) });
  });

  it('answers /api/health/ready 200 when the database and the node answer, all migrations are applied and it is not draining', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: { ok: true },
      chain: { ok: true },
      migrations: { ok: true },
      draining: false,
    });
  });

  it('answers /api/health/ready 503 while a migration of this build is not applied, naming how many', async () => {
    const fresh = await createIntApp();
    const ds = fresh.get(DataSource);
    const [last] = await ds.query(`SELECT id, name FROM migrations ORDER BY id DESC LIMIT 1`);
    try {
      // as if the newest migration had not run yet (it ran at this app's boot, so it is put back below)
      await ds.query(`UPDATE migrations SET name = name || '-hidden' WHERE id = $1`, [last.id]);
      const res = await fresh.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        database: { ok: true },
        chain: { ok: true },
        migrations: { ok: false, pending: 1 },
        draining: false,
      });
    } finally {
      await ds.query(`UPDATE migrations SET name = $2 WHERE id = $1`, [last.id, last.name]);
    }
    try {
      expect((await fresh.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('while draining (SIGTERM): ready answers 503, live 200, and any other request 503 with Connection: close', async () => {
    const draining = await createIntApp();
    try {
      expect((await draining.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      draining.get(Drain).begin();
      const ready = await draining.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not ready',
        database: { ok: true },
        chain: { ok: true },
        migrations: { ok: true },
        draining: true,
      });
      expect(ready.headers['connection']).toBe('close');
      expect((await draining.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const other = await draining.inject({
        method: 'POST',
        url: '/api/users',
        payload: { walletAddress: 'GUEST_drain_test_0001' },
      });
      expect(other.statusCode).toBe(503);
      expect(other.json()).toEqual(DRAINING_ANSWER);
      expect(other.headers['connection']).toBe('close');
      expect(draining.get(Drain).requestsInFlight).toBe(0);
    } finally {
      await draining.close();
    }
  });

  it('never rate limits /api/health, /api/health/live or /api/health/ready (orchestrators poll them), while other calls from that address are limited', async () => {
    const limited = await createIntApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const probes = ['/api/health', '/api/health?probe=1', '/api/health/live', '/api/health/ready'];
      const health: number[] = [];
      for (let i = 0; i < 12; i++)
        health.push(
          (await limited.inject({ method: 'GET', url: probes[i % probes.length], remoteAddress: '10.5.5.5' }))
            .statusCode,
        );
      expect(health).toEqual(Array(12).fill(200));
      const other: number[] = [];
      for (let i = 0; i < 4; i++)
        other.push(
          (await limited.inject({ method: 'GET', url: '/api/does-not-exist', remoteAddress: '10.5.5.5' })).statusCode,
        );
      expect(other).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });

  it('serves Swagger outside production, and not in production unless API_DOCS=1', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/docs-json' })).statusCode).toBe(200);
    const prod = await createIntApp(
      securityEnv({
        NODE_ENV: 'production',
        DATABASE_URL: intDatabaseUrl(),
        SESSION_SECRET: 's'.repeat(40),
        METRICS_PORT: 'off',
      }),
    );
    try {
      expect((await prod.inject({ method: 'GET', url: '/api/docs-json' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it('ran the migrations at start (never synchronize)', async () => {
    const ds = app.get(DataSource);
    expect(ds.options.synchronize).toBe(false);
    const rows = await ds.query(`SELECT name FROM migrations ORDER BY id`);
    expect(rows.map((r: { name: string }) => r.name)).toContain('Initial1763700000000');
    const t = await ds.query(`SELECT to_regclass('public.app_state') AS t`);
    expect(t[0].t).toBe('app_state');
  });

  it('answers security headers and a CSP without third-party script origins', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*https?:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with a JSON 404, not the shell', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /api/does-not-exist' });
  });

  it('serves the remotes manifest at /remotes.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.json()).toEqual({
      games: '/remotes/games/remoteEntry.js',
      cashier: '/remotes/cashier/remoteEntry.js',
      security: '/remotes/security/remoteEntry.js',
    });
  });

  it('allows CORS only for configured origins', async () => {
    const ok = await app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const bad = await app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'GET /api/health',
        'GET /api/health/live',
        'GET /api/health/ready',
        'GET /remotes.json',
      ]),
    });
  });
});
