import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { answerWatch, createIntApp } from '../../test/int-app';
import { chainClients, deposit, verifiedPlayer } from '../../test/chain';
import { guestId } from '../../test/player';
import { ledgerExact } from '../../test/seeds';
import { call, securityEnv, unlock } from '../../test/security';
import { SqlService } from '../database/sql.service';
import { CorsPolicy } from '../http/cors-policy';

const PARTNER = 'https://partner.example';
const ENV = securityEnv({ CORS_ORIGINS: `http://localhost:3000,${PARTNER}` });

describe('emergency domain fix: allow-list, sessions, AMINA pause (real PostgreSQL, devnet)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  let token: string;
  const net = chainClients();
  // player-3 ends this suite with no AMINA, as the cashier suite expects of it
  const wallet = net.chain.wallets.find((w) => w.label === 'player-3')!;

  beforeAll(async () => {
    app = await createIntApp(ENV);
    sql = app.get(SqlService);
    token = (await unlock(app)).operator;
  });
  afterAll(async () => {
    await sql.query(`UPDATE operator_switches SET active = false WHERE name = 'amina_paused'`);
    await sql.query(`DELETE FROM app_state WHERE key = 'security.blocked_origins'`);
    await withdrawAll().catch(() => undefined); // even when a test failed half-way
    await app.close();
  });

  /** Withdraws all of player-3's AMINA to its wallet; answers the balance left. */
  const withdrawAll = async (): Promise<string> => {
    const p = await verifiedPlayer(app, wallet);
    const left = BigInt((await ledgerExact(sql, p.id))['AMINA'] ?? '0');
    if (left > 0n) {
      const amount = `${left / 100_000_000n}.${String(left % 100_000_000n).padStart(8, '0')}`;
      const out = await p.post('/api/crypto/withdraw', { walletAddress: wallet.address, amount });
      expect(out.body).toMatchObject({ status: 'sent' });
    }
    return (await ledgerExact(sql, p.id))['AMINA'];
  };

  const partnerSession = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { walletAddress: guestId() },
      headers: { origin: PARTNER },
    });
    expect(res.statusCode).toBe(200);
    return { cookie: String(res.headers['set-cookie']).split(';')[0], id: res.json().id as string };
  };
  const corsFor = async (origin: string) =>
    (await app.inject({ method: 'GET', url: '/api/health', headers: { origin } })).headers[
      'access-control-allow-origin'
    ];

  it('refuses a malformed domain with a 400 naming the field, changing nothing', async () => {
    const bad = await call(app, 'POST', '/api/security/emergency-domain-fix', {
      token,
      body: { domain: 'not a domain!' },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'domain must be an origin like https://casino.example or a host name like casino.example' },
    });
    const missing = await call(app, 'POST', '/api/security/emergency-domain-fix', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^domain must be /);
    expect(app.get(CorsPolicy).isAllowed(PARTNER)).toBe(true);
  });

  it('drops the origin, revokes its sessions and pauses AMINA bets and withdrawals until an operator resumes', async () => {
    const p = await verifiedPlayer(app, wallet);
    const txId = await deposit(p, wallet.mnemonic, '0.5');
    expect((await p.post('/api/crypto/notify-deposit', { walletAddress: wallet.address, txId })).body.status).toBe(
      'credited',
    );
    const dice = (currency: 'AMINA' | 'HC', betAmount: string) =>
      p.post('/api/games/dice', { walletAddress: wallet.address, currency, betAmount, betType: 'low' });
    expect((await dice('AMINA', '0.01')).status).toBe(200);

    const partner = await partnerSession();
    expect(
      (await app.inject({ method: 'GET', url: `/api/users/${partner.id}`, headers: { cookie: partner.cookie } }))
        .statusCode,
    ).toBe(200);
    expect(await corsFor(PARTNER)).toBe(PARTNER);

    const fix = await call(app, 'POST', '/api/security/emergency-domain-fix', {
      token,
      body: { domain: 'partner.example' },
    });
    expect(fix.status).toBe(200);
    expect(fix.body).toMatchObject({
      domain: 'partner.example',
      removedFromAllowList: [PARTNER],
      aminaPaused: true,
      allowedOrigins: ['http://localhost:3000'],
    });
    expect(fix.body.sessionsRevoked).toBeGreaterThanOrEqual(1);
    expect(fix.body.steps.map((s: any) => [s.type, s.source])).toEqual([
      ['cors-origin-removed', 'sentinel'],
      ['sessions-revoked', 'sentinel'],
      ['amina-paused', 'treasurer'],
    ]);

    // each step took effect
    expect(await corsFor(PARTNER)).toBeUndefined();
    expect(await corsFor('http://localhost:3000')).toBe('http://localhost:3000');
    expect(
      (await app.inject({ method: 'GET', url: `/api/users/${partner.id}`, headers: { cookie: partner.cookie } }))
        .statusCode,
    ).toBe(401);
    const before = await ledgerExact(sql, p.id);
    const bet = await dice('AMINA', '0.01');
    expect(bet.status).toBe(423);
    expect(bet.body.message).toMatch(/^AMINA play and withdrawals are paused/);
    const withdrawal = await p.post('/api/crypto/withdraw', { walletAddress: wallet.address, amount: '0.1' });
    expect(withdrawal.status).toBe(423);
    expect(withdrawal.body.message).toMatch(/paused/);
    expect(await ledgerExact(sql, p.id)).toEqual(before);
    expect((await dice('HC', '1')).status).toBe(200); // House Coins play goes on

    const overview = (await call(app, 'GET', '/api/security/comprehensive', { token })).body;
    expect(overview.stats.status).toBe('LOCKDOWN');
    expect(overview.emergency).toMatchObject({
      aminaPaused: true,
      blockedOrigins: expect.arrayContaining([PARTNER]),
      reason: 'emergency fix for partner.example',
    });
    const domain = (await call(app, 'GET', '/api/security/domain/report', { token })).body;
    expect(domain.removedOrigins).toEqual([PARTNER]);
    expect(domain.totalIssuesFixed).toBeGreaterThanOrEqual(1);

    // another API instance on the same database follows the incident state
    const other = await createIntApp(ENV);
    try {
      expect(other.get(CorsPolicy).isAllowed(PARTNER)).toBe(false);
    } finally {
      await other.close();
    }

    const resumed = await call(app, 'POST', '/api/security/resume-amina', { token });
    expect(resumed.body).toMatchObject({ aminaPaused: false, blockedOrigins: ['http://partner.example', PARTNER] });
    expect((await dice('AMINA', '0.01')).status).toBe(200);
    // the player takes the AMINA home again, which also leaves player-3 at zero for other suites
    expect(await withdrawAll()).toBe('0');
    expect((await call(app, 'GET', '/api/security/comprehensive', { token })).body.emergency.aminaPaused).toBe(false);
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'POST /api/security/emergency-domain-fix',
        'POST /api/security/resume-amina',
        'GET /api/security/comprehensive',
        'GET /api/security/domain/report',
      ]),
    });
  });
});
