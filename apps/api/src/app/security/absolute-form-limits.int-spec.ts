import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { listenLoopback, rawRequest, type RawAnswer } from '../../test/raw-http';
import { securityEnv, TEST_PASSWORDS } from '../../test/security';

/** The global per-address limit of this suite (RATE_LIMIT_PER_MINUTE); above the 10 password exchanges. */
const API_PER_MINUTE = 25;

/**
 * Issue 37 item 2: Fastify routes an absolute-form request target (`POST http://host/api/...`,
 * RFC 9112 §3.2.2) and a percent-encoded one (`/%61pi/...`) like its path, so a limit that looks at
 * the raw URL for `/api/` let them through uncounted. Each limit is tried with such targets from one
 * address, through a real socket (inject() would rewrite the target to origin-form first).
 */
describe('rate limits count absolute-form and encoded request targets (issue 37 item 2, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let port: number;
  let origin: string;
  let player: TestPlayer;

  beforeAll(async () => {
    // each case its own client address, as the loopback proxy (nginx in docker) says in X-Forwarded-For
    app = await createIntApp(
      securityEnv({ RATE_LIMIT_PER_MINUTE: String(API_PER_MINUTE), TRUSTED_PROXIES: '127.0.0.1' }),
    );
    port = await listenLoopback(app);
    origin = `http://127.0.0.1:${port}`;
    player = await signIn(app);
  });
  afterAll(() => app.close());

  const from = (ip: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...headers });
  const exchange = (ip: string, target: string) =>
    rawRequest(port, 'POST', target, { body: { password: TEST_PASSWORDS.operator }, headers: from(ip) });
  const dice = (ip: string, target: string) =>
    rawRequest(port, 'POST', target, {
      body: { walletAddress: player.walletAddress, currency: 'HC', betAmount: '1', betType: 'high' },
      headers: from(ip, { cookie: player.cookie }),
    });
  const liveBets = (ip: string, target: string) => rawRequest(port, 'GET', target, { headers: from(ip) });
  const statuses = (answers: RawAnswer[]) => answers.map((a) => a.status);
  async function times(n: number, send: (i: number) => Promise<RawAnswer>): Promise<RawAnswer[]> {
    const out: RawAnswer[] = [];
    for (let i = 0; i < n; i++) out.push(await send(i));
    return out;
  }
  const refused = (a: RawAnswer) => {
    expect(a).toMatchObject({ status: 429, body: { message: 'Too many requests: slow down' } });
    expect(Number(a.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  };

  it('the password exchange: after ten 200 and two 429, five absolute-form exchanges from that address are 429 too', async () => {
    const ip = '198.51.100.21';
    const plain = await times(12, () => exchange(ip, '/api/security/session'));
    expect(statuses(plain)).toEqual([...Array(10).fill(200), 429, 429]);
    const absolute = await times(5, () => exchange(ip, `${origin}/api/security/session`));
    expect(statuses(absolute)).toEqual(Array(5).fill(429));
    absolute.forEach(refused);
  });

  it('the password exchange: absolute-form, foreign-host and encoded targets alone are held to ten a minute', async () => {
    const ip = '198.51.100.22';
    const targets = [
      `${origin}/api/security/session`,
      'http://evil.example/api/security/session',
      'https://127.0.0.1/api/security/session',
      '/%61pi/security/session',
    ];
    const answers = await times(12, (i) => exchange(ip, targets[i % targets.length]));
    expect(statuses(answers)).toEqual([...Array(10).fill(200), 429, 429]);
    // the vault exchange (a parametric route) shares the stricter limit
    const vault = await rawRequest(port, 'POST', `${origin}/api/security/sentinel/vault/session`, {
      body: { password: TEST_PASSWORDS.vault },
      headers: from(ip, { authorization: `Bearer ${answers[0].body.token}` }),
    });
    refused(vault);
  });

  it(`the global limit on a dice bet: once an address has made ${API_PER_MINUTE} requests, absolute-form bets are 429`, async () => {
    const ip = '198.51.100.23';
    const plain = await times(API_PER_MINUTE, () => dice(ip, '/api/games/dice'));
    expect(statuses(plain)).toEqual(Array(API_PER_MINUTE).fill(200));
    const absolute = await times(5, () => dice(ip, `${origin}/api/games/dice`));
    expect(statuses(absolute)).toEqual(Array(5).fill(429));
    absolute.forEach(refused);
    // and absolute-form bets alone are counted from the first
    const other = '198.51.100.24';
    const only = await times(API_PER_MINUTE + 2, () => dice(other, `${origin}/api/games/dice`));
    expect(statuses(only)).toEqual([...Array(API_PER_MINUTE).fill(200), 429, 429]);
  });

  it(`the global limit on GET /api/live-bets: absolute-form and encoded reads count like the others`, async () => {
    const ip = '198.51.100.25';
    const plain = await times(API_PER_MINUTE, () => liveBets(ip, '/api/live-bets'));
    expect(statuses(plain)).toEqual(Array(API_PER_MINUTE).fill(200));
    const absolute = await times(5, () => liveBets(ip, `${origin}/api/live-bets?tab=all`));
    expect(statuses(absolute)).toEqual(Array(5).fill(429));
    absolute.forEach(refused);
    const other = '198.51.100.26';
    const targets = [`${origin}/api/live-bets`, '/%61pi/live-bets', `${origin}/%61pi/live-bets?tab=high`];
    const only = await times(API_PER_MINUTE + 2, (i) => liveBets(other, targets[i % targets.length]));
    expect(statuses(only)).toEqual([...Array(API_PER_MINUTE).fill(200), 429, 429]);
  });

  it('an unknown /api route is counted whatever its target form, and the health probes never are', async () => {
    const ip = '198.51.100.27';
    const unknown = await times(API_PER_MINUTE + 1, () => liveBets(ip, `${origin}/api/nowhere`));
    expect(statuses(unknown)).toEqual([...Array(API_PER_MINUTE).fill(404), 429]);
    for (const target of ['/api/health/live', `${origin}/api/health/live`, '/%61pi/health/live'])
      expect((await liveBets(ip, target)).status).toBe(200);
  });
});
