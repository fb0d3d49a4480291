import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createIntApp } from '../../test/int-app';

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

  it('reports the chain as down, and the API degraded, when the node is unreachable', async () => {
    const down = await createIntApp({ ALGOD_URL: 'http://127.0.0.1:9', INDEXER_URL: 'http://127.0.0.1:9' });
    try {
      const body = (await down.inject({ method: 'GET', url: '/api/health' })).json();
      expect(body.status).toBe('degraded');
      expect(body.chain.ok).toBe(false);
      expect(body.database.ok).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('refuses to start when the chain’s AMINA has other decimals than configured', async () => {
    await expect(createIntApp({ AMINA_DECIMALS: '6' })).rejects.toThrow(/decimals/);
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
    expect(res.json()).toEqual({ games: '/remotes/games/remoteEntry.js', cashier: '/remotes/cashier/remoteEntry.js', security: '/remotes/security/remoteEntry.js' });
  });

  it('allows CORS only for configured origins', async () => {
    const ok = await app.inject({ method: 'OPTIONS', url: '/api/health', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' } });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const bad = await app.inject({ method: 'OPTIONS', url: '/api/health', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
  });
});
