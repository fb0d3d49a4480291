import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PERSONA_NAMES, type SecurityFinding, type SentinelStats, type TreasurerStats } from '@cosmic/contracts';
import { paytables } from '@cosmic/game-engine';
import { answerWatch, createIntApp } from '../../test/int-app';
import { chainClients, deposit, verifiedPlayer } from '../../test/chain';
import { signIn } from '../../test/player';
import { clearPokerFloor } from '../../test/poker';
import { call, securityEnv, unlock } from '../../test/security';
import { DepositsService } from '../cashier/deposits.service';
import { PokerTables } from '../poker/poker-tables.service';
import { SEVERITIES } from '../security/findings.service';
import { Treasurer } from '../security/personas/treasurer';
import { MetricsService } from './metrics.service';

// Issue 25 item 2: Prometheus metrics on their own port, counting what was committed.

describe('metrics (prom-client, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    app = await createIntApp({ METRICS_PORT: '0' });
    await app.init();
    url = `http://127.0.0.1:${app.get(MetricsService).port()}/metrics`;
  });
  afterAll(() => app.close());

  const scrape = async () => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const sample = (text: string, name: string, labels: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('10 dice bets raise casino_bets_settled_total{game="dice",currency="HC"} by exactly 10, and wagered/paid by their coins', async () => {
    const before = await scrape();
    const p = await signIn(app);
    let paid = 0;
    for (let i = 0; i < 10; i++) {
      const r = await p.post('/api/games/dice', {
        walletAddress: p.walletAddress,
        currency: 'HC',
        betAmount: '2',
        betType: 'low',
      });
      expect(r.status).toBe(200);
      paid += Number(r.body.winAmount);
    }
    // a refused bet is not settled
    expect(
      (
        await p.post('/api/games/dice', {
          walletAddress: p.walletAddress,
          currency: 'HC',
          betAmount: '5000',
          betType: 'low',
        })
      ).status,
    ).toBe(400);
    const after = await scrape();
    const labels = 'game="dice",currency="HC"';
    expect(
      sample(after, 'casino_bets_settled_total', labels) - sample(before, 'casino_bets_settled_total', labels),
    ).toBe(10);
    expect(sample(after, 'casino_wagered_total', labels) - sample(before, 'casino_wagered_total', labels)).toBe(20);
    expect(
      sample(after, 'casino_paid_out_total', labels) - sample(before, 'casino_paid_out_total', labels),
    ).toBeCloseTo(paid, 6);
    expect(await app.get(MetricsService).value('casino_bets_settled_total', { game: 'dice', currency: 'HC' })).toBe(
      sample(after, 'casino_bets_settled_total', labels),
    );
  });

  it('rounds count once they are settled and committed: a blackjack hand, a slots spin', async () => {
    const p = await signIn(app);
    const before = await scrape();
    const spin = await p.post('/api/games/slots', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' });
    expect(spin.status).toBe(200);
    const deal = await p.post('/api/games/blackjack/deal', {
      walletAddress: p.walletAddress,
      currency: 'HC',
      betAmount: '1',
    });
    if (deal.body.gameOver !== true)
      expect((await p.post('/api/games/blackjack/stand', { walletAddress: p.walletAddress })).status).toBe(200);
    const after = await scrape();
    expect(
      sample(after, 'casino_bets_settled_total', 'game="slots",currency="HC"') -
        sample(before, 'casino_bets_settled_total', 'game="slots",currency="HC"'),
    ).toBe(1);
    expect(
      sample(after, 'casino_bets_settled_total', 'game="blackjack",currency="HC"') -
        sample(before, 'casino_bets_settled_total', 'game="blackjack",currency="HC"'),
    ).toBe(1);
  });

  it('exports HTTP latency by route pattern and status, the PostgreSQL pool and Node defaults; nothing else is served there', async () => {
    const text = await scrape();
    expect(text).toMatch(
      /casino_http_request_duration_seconds_bucket\{le="[0-9.]+",method="POST",route="\/api\/games\/dice",status="200"\}/,
    );
    expect(text).toMatch(/casino_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/casino_db_pool_connections\{state="waiting"\} \d+/);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404);
  });
});

// Issue 25: the security personas and Prometheus read one source, so the dashboard and Grafana
// never disagree. Activity first (a flood, hostile input, a deposit and a withdrawal, a poker
// seat), then the scrape and each persona's report over HTTP, figure by figure.
describe('the personas and /metrics read the same numbers (real PostgreSQL, devnet)', () => {
  const LIMIT = 40;
  const FLOODER = '10.25.0.7';
  let app: NestFastifyApplication;
  let url: string;
  let token: string;
  const net = chainClients();

  beforeAll(async () => {
    await clearPokerFloor();
    app = await createIntApp(securityEnv({ METRICS_PORT: '0', RATE_LIMIT_PER_MINUTE: String(LIMIT) }));
    url = `http://127.0.0.1:${app.get(MetricsService).port()}/metrics`;
    token = (await unlock(app)).operator;
  });
  afterAll(() => app?.close());

  /** Every sample of the scrape as `name{labels}` → value. */
  const scrape = async (): Promise<Map<string, number>> => {
    const text = await (await fetch(url)).text();
    const out = new Map<string, number>();
    for (const line of text.split('\n')) {
      const m = /^([a-z_:]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
      if (m) out.set(m[1], Number(m[2]));
    }
    return out;
  };
  const report = async <T>(persona: string): Promise<T> => {
    const r = await call(app, 'GET', `/api/security/${persona}/stats`, { token });
    expect(r.status).toBe(200);
    return r.body as T;
  };

  it('rate-limit refusals: casino_rate_limited_total is what sentinel and the overview report', async () => {
    const before = await scrape();
    const answers: number[] = [];
    for (let i = 0; i < LIMIT + 7; i++)
      answers.push((await call(app, 'GET', '/api/fairness/paytables', { ip: FLOODER })).status);
    expect(answers.filter((s) => s === 429)).toHaveLength(7);
    const after = await scrape();
    const sentinel = await report<SentinelStats>('sentinel');
    const api = after.get('casino_rate_limited_total{bucket="api"}')!;
    const session = after.get('casino_rate_limited_total{bucket="session"}')!;
    expect(api - (before.get('casino_rate_limited_total{bucket="api"}') ?? 0)).toBe(7);
    expect(sentinel.rateLimits.limited).toBe(api + session);
    expect(sentinel.rateLimits.limitedSessionExchanges).toBe(session);
    const overview = await call(app, 'GET', '/api/security/comprehensive', { token });
    expect(overview.body.stats.rateLimited).toBe(api + session);
  });

  it('findings: casino_security_findings_total by persona and severity is what each persona and the overview count', async () => {
    // hostile input for warden (a high finding), on top of sentinel's rate-limit finding above
    expect(
      (await call(app, 'GET', "/api/nowhere/1'%20UNION%20SELECT%20password%20FROM%20users", { ip: '10.25.0.8' }))
        .status,
    ).toBe(404);
    const m = await scrape();
    const overview = (await call(app, 'GET', '/api/security/comprehensive', { token })).body;
    const findings = (await call(app, 'GET', '/api/security/real-time-vulnerabilities', { token })).body;
    const count = (persona: string | null, severity: string | null) =>
      [...m]
        .filter(
          ([k]) =>
            k.startsWith('casino_security_findings_total{') &&
            (!persona || k.includes(`persona="${persona}"`)) &&
            (!severity || k.includes(`severity="${severity}"`)),
        )
        .reduce((n, [, v]) => n + v, 0);
    for (const persona of PERSONA_NAMES) {
      expect({ persona, findings: (await report<{ findings: number }>(persona)).findings }).toEqual({
        persona,
        findings: count(persona, null),
      });
      expect(overview.personas[persona].findings).toBe(count(persona, null));
    }
    for (const severity of SEVERITIES)
      expect({ severity, n: overview.stats.bySeverity[severity] }).toEqual({ severity, n: count(null, severity) });
    expect(overview.stats.totalFindings).toBe(count(null, null));
    expect(count('sentinel', 'medium')).toBeGreaterThanOrEqual(1);
    expect(count('warden', null)).toBeGreaterThanOrEqual(1);
    expect(
      findings.vulnerabilities.some((f: SecurityFinding) => f.source === 'warden' && f.type === 'sql-injection'),
    ).toBe(true);
  });

  it('deposits and withdrawals by state, and the deposit watcher lag: the treasurer reports the very gauges', async () => {
    const w = net.chain.wallets.find((x) => x.label === 'player-2')!;
    // transfers other suites left on the chain without a notice are recorded first, so the deltas below are this test's own
    await app.get(DepositsService).scan();
    await app.get(Treasurer).refresh();
    const before = await scrape();
    const p = await verifiedPlayer(app, w);
    const txId = await deposit(p, w.mnemonic, '1');
    expect((await p.post('/api/crypto/notify-deposit', { walletAddress: w.address, txId })).body.status).toBe(
      'credited',
    );
    const out = await p.post('/api/crypto/withdraw', { walletAddress: w.address, amount: '0.25', toAddress: '' });
    expect(out.status).toBe(200);
    await app.get(DepositsService).scan(); // the watcher caught up with the node

    const treasurer = app.get(Treasurer);
    await treasurer.refresh();
    const after = await scrape();
    const t = (await report<TreasurerStats>('treasurer')).counts!;
    const g = (name: string, state: string) => after.get(`${name}{state="${state}"}`)!;
    expect(g('casino_withdrawals', 'confirmed') - (before.get('casino_withdrawals{state="confirmed"}') ?? 0)).toBe(1);
    expect(
      g('casino_withdrawals_amina', 'confirmed') - (before.get('casino_withdrawals_amina{state="confirmed"}') ?? 0),
    ).toBeCloseTo(0.25, 8);
    expect(g('casino_deposits', 'credited') - (before.get('casino_deposits{state="credited"}') ?? 0)).toBe(1);
    expect(t.withdrawals).toMatchObject({
      confirmed: g('casino_withdrawals', 'confirmed'),
      inFlight: g('casino_withdrawals', 'pending') + g('casino_withdrawals', 'signed'),
      refunded: g('casino_withdrawals', 'refunded'),
    });
    expect(Number(t.withdrawals.confirmedAmina)).toBeCloseTo(g('casino_withdrawals_amina', 'confirmed'), 8);
    expect(t.deposits).toMatchObject({
      credited: g('casino_deposits', 'credited'),
      parked: g('casino_deposits', 'parked'),
    });
    expect(Number(t.deposits.creditedAmina)).toBeCloseTo(g('casino_deposits_amina', 'credited'), 8);
    expect(t.depositWatcherLagRounds).toBe(0);
    expect(after.get('casino_deposit_watcher_lag_rounds')).toBe(0);

    // the node moves on and the watcher does not (jobs are off here): both see the same lag
    await net.advance(4);
    await treasurer.refresh();
    expect((await scrape()).get('casino_deposit_watcher_lag_rounds')).toBe(4);
    expect((await report<TreasurerStats>('treasurer')).counts!.depositWatcherLagRounds).toBe(4);
  });

  it('poker: tables run here and the humans seated at them, as the table service holds them', async () => {
    const p = await signIn(app);
    const before = await scrape();
    expect((await p.post('/api/poker/tables/pulsar/buy-in', { amount: 5 })).status).toBe(200);
    const after = await scrape();
    const tables = app.get(PokerTables).all();
    expect(after.get('casino_poker_tables')).toBe(tables.length);
    expect(tables.length).toBeGreaterThan(0);
    expect(after.get('casino_poker_seated_humans')).toBe(tables.reduce((n, t) => n + t.summary().humans, 0));
    expect(after.get('casino_poker_seated_humans')! - before.get('casino_poker_seated_humans')!).toBe(1);
    expect((await p.post('/api/poker/cash-out')).status).toBe(200);
    expect((await scrape()).get('casino_poker_seated_humans')).toBe(before.get('casino_poker_seated_humans'));
  });

  it('answers GET /api/fairness/paytables whole: the engine’s paytables as JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/fairness/paytables' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(paytables)));
  });

  it('published RTPs: casino_published_rtp is GET /api/fairness/paytables', async () => {
    const m = await scrape();
    expect(m.get('casino_published_rtp{game="dice",variant="seven"}')).toBe(paytables.dice.bets.seven.rtp);
    expect(m.get('casino_published_rtp{game="plinko",variant="high"}')).toBe(paytables.plinko.high.rtp);
    expect(m.get('casino_published_rtp{game="blackjack",variant="basic-strategy"}')).toBe(paytables.blackjack.rtp);
    expect(m.get('casino_published_rtp{game="slots",variant="bonus-buy"}')).toBe(paytables.slots.bonusBuyRtp);
    expect(m.get('casino_published_rtp{game="hilo",variant="step"}')).toBe(paytables.hilo.rtpPerStep);
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining(['GET /api/fairness/paytables']),
    });
  });
});
