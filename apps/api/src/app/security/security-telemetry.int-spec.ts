import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SchedulerRegistry } from '@nestjs/schedule';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn } from '../../test/player';
import { call, securityEnv, unlock } from '../../test/security';
import { SqlService } from '../database/sql.service';
import { Auditor } from './personas/auditor';
import { Treasurer } from './personas/treasurer';
import { DomainReportService } from './report/domain-report.service';

describe('security telemetry: personas fed by the running API (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  let token: string;
  let vaultToken: string;
  const OPERATOR_IP = '10.2.0.1';

  beforeAll(async () => {
    app = await createIntApp(securityEnv({ RATE_LIMIT_PER_MINUTE: '60' }));
    sql = app.get(SqlService);
    ({ operator: token, vault: vaultToken } = await unlock(app, OPERATOR_IP));
  });
  afterAll(() => app.close());

  const get = async (path: string) => {
    const r = await call(app, 'GET', `/api/security/${path}`, { token, ip: OPERATOR_IP });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  it('a flood of bad requests from one address shows up in warden and sentinel stats', async () => {
    const flooder = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 75; i++) {
      statuses.push(
        (await call(app, 'POST', '/api/users', { body: { walletAddress: 42, isAdmin: true }, ip: flooder })).status,
      );
    }
    const hostile = await call(app, 'GET', '/api/nowhere/%3Cscript%3Ealert(1)%3C%2Fscript%3E', { ip: flooder });
    // 60 requests a minute get through (and are refused as bad input), the rest are throttled
    expect(statuses.filter((s) => s === 400)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(hostile.status).toBe(429);

    const warden = await get('warden/stats');
    expect(warden.rejected).toBeGreaterThanOrEqual(60);
    expect(warden.byKind['unknown-field'] + warden.byKind.validation).toBeGreaterThanOrEqual(60);
    expect(warden.topRoutes[0]).toEqual({ route: 'POST /api/users', rejected: expect.any(Number) });
    expect(warden.rejectedPerSecond.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThanOrEqual(60);
    expect(warden.status).toBe('WATCH');

    const sentinel = await get('sentinel/stats');
    expect(sentinel.rateLimits).toMatchObject({ perMinute: 60, sessionExchangesPerMinute: 10 });
    expect(sentinel.rateLimits.limited).toBeGreaterThanOrEqual(16);

    const { vulnerabilities } = await get('real-time-vulnerabilities');
    expect(vulnerabilities).toContainEqual(
      expect.objectContaining({
        type: 'input-flood',
        source: 'warden',
        severity: 'medium',
        autoFixed: true,
        location: 'POST /api/users',
      }),
    );
    expect(vulnerabilities).toContainEqual(
      expect.objectContaining({
        type: 'rate-limit',
        source: 'sentinel',
        details: `${flooder} went over 60 requests per minute`,
      }),
    );

    const hackers = await get('hackers');
    expect(hackers.offenders[0]).toMatchObject({ ip: flooder, rateLimited: 16, threat: 'high' });
    expect(hackers.offenders[0].rejected + hackers.offenders[0].hostile).toBe(60);

    const overview = await get('comprehensive');
    expect(
      overview.realTimeStats.rateLimitedPerSecond.reduce((a: number, b: number) => a + b, 0),
    ).toBeGreaterThanOrEqual(16);
    expect(overview.realTimeStats.requestsPerSecond).toHaveLength(60);
    expect(overview.stats.rateLimited).toBeGreaterThanOrEqual(16);
    expect(overview.stats.status).not.toBe('SECURE');
  });

  it('warden reports a hostile shape once per address and kind', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 3; i++)
      expect((await call(app, 'GET', '/api/nowhere/..%2F..%2Fetc%2Fpasswd', { ip })).status).toBe(404);
    expect((await call(app, 'GET', "/api/nowhere/1'%20UNION%20SELECT%20password%20FROM%20users", { ip })).status).toBe(
      404,
    );
    const warden = await get('warden/stats');
    expect(warden.byPattern['path-traversal']).toBeGreaterThanOrEqual(3);
    expect(warden.byPattern['sql-injection']).toBeGreaterThanOrEqual(1);
    const mine = (await get('real-time-vulnerabilities')).vulnerabilities.filter((f: any) =>
      f.details.endsWith(`from ${ip}`),
    );
    expect(mine.map((f: any) => f.type).sort()).toEqual(['path-traversal', 'sql-injection']);
    expect(mine.find((f: any) => f.type === 'sql-injection')).toMatchObject({
      severity: 'high',
      source: 'warden',
      fixedCode: 'rejected with 404; parameterised SQL and the CSP keep it inert',
    });
  });

  it('counts session abuse: someone else’s wallet (403) and calls without a session (401)', async () => {
    const ip = '198.51.100.8';
    const me = await signIn(app);
    const other = await signIn(app);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/users/${other.walletAddress}`,
      headers: { cookie: me.cookie },
      remoteAddress: ip,
    });
    expect(foreign.statusCode).toBe(403);
    const anonymous = await call(app, 'GET', `/api/users/${other.walletAddress}`, { ip });
    expect(anonymous.status).toBe(401);
    const sentinel = await get('sentinel/stats');
    expect(sentinel.sessionAbuse.foreignWallet).toBeGreaterThanOrEqual(1);
    expect(sentinel.sessionAbuse.missingSession).toBeGreaterThanOrEqual(1);
    const findings = (await get('real-time-vulnerabilities')).vulnerabilities;
    expect(findings).toContainEqual(
      expect.objectContaining({
        type: 'session-abuse',
        details: `${ip}: walletAddress does not match your session`,
        fixedCode: 'refused with 403',
      }),
    );
  });

  it('a ledger tampered in the database becomes one auditor finding, and clears when repaired', async () => {
    const p = await signIn(app);
    const auditor = app.get(Auditor);
    await sql.query(`UPDATE balances SET amount = amount + 7 WHERE user_id = $1 AND currency = 'HC'`, [p.id]);
    try {
      const report = await auditor.run();
      expect(report?.ok).toBe(false);
      expect(report?.ledger.mismatches).toContainEqual({
        userId: p.id,
        currency: 'HC',
        balance: String(1000n * 100_000_000n + 7n),
        ledgerSum: String(1000n * 100_000_000n),
      });
      await auditor.run(); // the same problem again: still one finding

      const stats = await get('auditor/stats');
      expect(stats.status).toBe('ALERT');
      expect(stats.checks.ledger.mismatches).toBeGreaterThanOrEqual(1);
      expect(stats.checks.rtp).toEqual({ checked: 10, mismatches: 0 });
      expect(stats.lastRun.ranOnThisInstance).toBe(true);
      const findings = (await get('real-time-vulnerabilities')).vulnerabilities.filter(
        (f: any) => f.location === `balances user ${p.id} HC`,
      );
      expect(findings).toEqual([
        expect.objectContaining({
          type: 'ledger-mismatch',
          severity: 'critical',
          source: 'auditor',
          autoFixed: false,
          details: `balance ${1000n * 100_000_000n + 7n} ≠ ledger sum ${1000n * 100_000_000n} (base units)`,
        }),
      ]);
    } finally {
      await sql.query(`UPDATE balances SET amount = amount - 7 WHERE user_id = $1 AND currency = 'HC'`, [p.id]);
    }
    const repaired = await auditor.run();
    expect(repaired?.ledger.mismatches.filter((m) => m.userId === p.id)).toEqual([]);
  });

  it('a server seed whose published hash was altered becomes an auditor finding', async () => {
    const p = await signIn(app);
    await p.get('/api/game-seeds/current');
    const [pair] = await sql.query<{ id: string; server_seed_hash: string }>(
      `SELECT id, server_seed_hash FROM seed_pairs WHERE user_id = $1 AND active`,
      [p.id],
    );
    await sql.query(`UPDATE seed_pairs SET server_seed_hash = $2 WHERE id = $1`, [pair.id, '0'.repeat(64)]);
    try {
      const report = await app.get(Auditor).run();
      expect(report?.seeds.mismatches).toContainEqual({ pairId: String(pair.id), userId: p.id });
      const findings = (await get('real-time-vulnerabilities')).vulnerabilities;
      expect(findings).toContainEqual(
        expect.objectContaining({
          type: 'seed-hash-mismatch',
          location: `seed pair ${pair.id} (user ${p.id})`,
          severity: 'critical',
        }),
      );
    } finally {
      await sql.query(`UPDATE seed_pairs SET server_seed_hash = $2 WHERE id = $1`, [pair.id, pair.server_seed_hash]);
    }
  });

  it('the treasurer counts deposits and withdrawals from the database into memory', async () => {
    const counts = await app.get(Treasurer).refresh();
    const [db] = await sql.query<{ credited: string; parked: string }>(
      `SELECT count(*) FILTER (WHERE status = 'credited') AS credited, count(*) FILTER (WHERE status = 'parked') AS parked FROM chain_deposits`,
    );
    expect(counts.deposits).toMatchObject({ credited: Number(db.credited), parked: Number(db.parked) });
    const stats = await get('treasurer/stats');
    expect(stats.counts).toEqual(JSON.parse(JSON.stringify(counts)));
    expect(stats.liabilitiesHistory.length).toBeGreaterThanOrEqual(1);
  });

  it('checks its own deployment: domain report and the browser-facing protections of a real response', async () => {
    await app.get(DomainReportService).checkup();
    const report = await get('domain/report');
    expect(report).toMatchObject({
      environment: 'test',
      intervalSeconds: 30,
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      removedOrigins: [],
    });
    expect(report.checks.map((c: any) => c.id)).toEqual([
      'cors-allow-list',
      'cookie-flags',
      'security-headers',
      'default-secrets',
      'https',
      'trusted-proxies',
      'shell-headers',
      'production-defaults',
    ]);
    expect(report.checks.find((c: any) => c.id === 'security-headers').status).toBe('pass');
    const check = (id: string) => report.checks.find((c: any) => c.id === id);
    // the live server ignored a forged X-Forwarded-For; the shell (served here) has its headers; the chain was checked at boot
    expect(check('trusted-proxies')).toMatchObject({
      status: 'info',
      detail:
        'no proxy trusted: the connecting address is the client; a forged X-Forwarded-For from 203.0.113.77 is ignored',
    });
    expect(check('shell-headers')).toMatchObject({
      status: 'pass',
      detail: 'CSP, framing protection, nosniff on http://localhost:3000, http://127.0.0.1:3000',
    });
    expect(check('production-defaults').status).toBe('info');
    expect(check('production-defaults').detail).toMatch(
      /node genesis cosmic-devnet-v1 matches ALGORAND_NETWORK=devnet, AMINA 8 decimals, house key verified$/,
    );
    expect(report.checks.find((c: any) => c.id === 'cors-allow-list').status).toBe('pass');
    expect(Date.now() - Date.parse(report.lastCheckup)).toBeLessThan(10_000);
    expect(report.activeIssues).toBe(
      report.checks.filter((c: any) => c.status === 'warn' || c.status === 'fail').length,
    );

    const dom = await get('dom');
    expect(dom).toMatchObject({
      status: 'PROTECTED',
      thirdPartyScriptOrigins: [],
      inlineScriptsAllowed: false,
      evalAllowed: false,
      framing: 'denied',
      plugins: 'blocked',
    });
    expect(dom.csp['script-src']).toEqual(["'self'"]);
  });

  it('answers every telemetry GET from memory: no database query while serving them', async () => {
    const scheduler = app.get(SchedulerRegistry);
    for (const name of scheduler.getIntervals()) clearInterval(scheduler.getInterval(name));
    const query = jest.spyOn(sql.pool, 'query');
    const connect = jest.spyOn(sql.pool, 'connect');
    try {
      for (const path of [
        'comprehensive',
        'dom',
        'hackers',
        'real-time-vulnerabilities',
        'domain/report',
        'sentinel/stats',
        'warden/stats',
        'auditor/stats',
        'treasurer/stats',
      ]) {
        await get(path);
      }
      for (const persona of ['sentinel', 'treasurer']) {
        expect(
          (await call(app, 'GET', `/api/security/${persona}/vault`, { token: vaultToken, ip: OPERATOR_IP })).status,
        ).toBe(200);
      }
      expect(query).not.toHaveBeenCalled();
      expect(connect).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
      connect.mockRestore();
    }
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'GET /api/security/comprehensive',
        'GET /api/security/dom',
        'GET /api/security/hackers',
        'GET /api/security/real-time-vulnerabilities',
        'GET /api/security/domain/report',
        'GET /api/security/:name/stats',
        'GET /api/security/:name/vault',
      ]),
    });
  });
});

describe('domain report against a deployment behind proxies (real PostgreSQL)', () => {
  it('checks the trusted proxies on the live server and the headers a separate shell origin really sends', async () => {
    // a shell served without the security headers (an nginx without the snippet)
    const bare = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>'),
    );
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
    const shell = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    const app = await createIntApp(securityEnv({ TRUSTED_PROXIES: '10.99.0.0/24', CORS_ORIGINS: shell }));
    try {
      const report = await app.get(DomainReportService).checkup();
      const check = (id: string) => report.checks.find((c) => c.id === id);
      expect(check('trusted-proxies')).toMatchObject({
        status: 'pass',
        detail:
          'X-Forwarded-For believed only from 10.99.0.0/24; a forged X-Forwarded-For from 203.0.113.77 is ignored',
      });
      expect(check('shell-headers')).toMatchObject({
        status: 'fail',
        detail: `${shell} lacks CSP, framing protection, nosniff`,
      });
      expect(report.status).toBe('AT_RISK');
    } finally {
      await app.close();
      await new Promise((r) => bare.close(r));
    }
  });
});
