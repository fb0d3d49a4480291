import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createIntApp } from '../../test/int-app';

/** Every line the app writes, as written (one JSON object per line). */
function captureLog() {
  const raw: string[] = [];
  return {
    destination: { write: (s: string) => void raw.push(s) },
    text: () => raw.join(''),
    lines: () =>
      raw
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request log (pino, real API on PostgreSQL)', () => {
  const log = captureLog();
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createIntApp({ LOG_LEVEL: 'info' }, { logDestination: log.destination });
  });
  afterAll(() => app.close());

  const requestLines = (correlationId: string) =>
    log.lines().filter((l) => l['msg'] === 'request' && l['correlationId'] === correlationId);

  it('writes one line per request: method, route pattern, status, latency and the correlation id answered in X-Request-Id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/GUEST_nobody_here?x=1' });
    expect(res.statusCode).toBe(401);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(UUID);
    const lines = requestLines(id);
    expect(lines).toEqual([
      {
        level: 'info',
        time: expect.any(Number),
        pid: process.pid,
        correlationId: id,
        method: 'GET',
        route: '/api/users/:walletAddress',
        status: 401,
        latencyMs: expect.any(Number),
        msg: 'request',
      },
    ]);
    expect(lines[0]['latencyMs']).toBeGreaterThan(0);
  });

  it("keeps a proxy's X-Request-Id as the correlation id, and makes a new one for a malformed id", async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'nginx-3f2a9c1e77b0' },
    });
    expect(kept.headers['x-request-id']).toBe('nginx-3f2a9c1e77b0');
    expect(requestLines('nginx-3f2a9c1e77b0')).toMatchObject([
      { method: 'GET', route: '/api/health/live', status: 200 },
    ]);

    const bad = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'a b"<script>' },
    });
    expect(bad.headers['x-request-id']).toMatch(UUID);
    expect(requestLines(String(bad.headers['x-request-id']))).toHaveLength(1);
  });

  it('a failed request carrying a mnemonic, a password, a cookie and a bearer token writes its line and none of them', async () => {
    const secrets = {
      mnemonic: 'abandon ability able about above absent absorb abstract absurd abuse access accident unique0mnemonic',
      password: 'hunter2-unique-password-7731',
      cookie: 'cosmic_session=unique-cookie-value-5521',
      token: 'unique-bearer-token-9087',
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/security/session',
      remoteAddress: '10.77.0.1',
      headers: {
        cookie: secrets.cookie,
        authorization: `Bearer ${secrets.token}`,
        'x-request-id': 'failed-login-0001',
      },
      payload: { password: secrets.password, mnemonic: secrets.mnemonic },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(requestLines('failed-login-0001')).toMatchObject([
      { method: 'POST', route: '/api/security/session', status: res.statusCode },
    ]);
    const text = log.text();
    for (const s of [secrets.mnemonic, secrets.password, 'unique-cookie-value-5521', secrets.token])
      expect(text).not.toContain(s);
  });

  it('redacts secret fields wherever a log call puts them: Nest loggers and the request logger', async () => {
    new Logger('Wallet').warn({
      msg: 'import failed',
      body: { mnemonic: 'unique-mnemonic-A', nested: { passphrase: 'unique-pass-B' } },
      headers: { cookie: 'unique-cookie-C' },
    });
    // (Fastify's own req/res serializers write no headers at all)
    app
      .getHttpAdapter()
      .getInstance()
      .log.warn(
        {
          headers: {
            authorization: 'Bearer unique-token-D',
            cookie: 'unique-cookie-E',
            'set-cookie': 'unique-set-cookie-G',
          },
          body: { password: 'unique-password-F' },
        },
        'fastify line',
      );
    const wallet = log.lines().find((l) => l['msg'] === 'import failed');
    expect(wallet).toMatchObject({
      level: 'warn',
      context: 'Wallet',
      body: { mnemonic: '[redacted]', nested: { passphrase: '[redacted]' } },
      headers: { cookie: '[redacted]' },
    });
    const fastifyLine = log.lines().find((l) => l['msg'] === 'fastify line');
    expect(fastifyLine).toMatchObject({
      headers: { authorization: '[redacted]', cookie: '[redacted]', 'set-cookie': '[redacted]' },
      body: { password: '[redacted]' },
    });
    expect(log.text()).not.toMatch(/unique-(mnemonic|pass|cookie|token|password|set-cookie)-[A-G]/);
  });
});
