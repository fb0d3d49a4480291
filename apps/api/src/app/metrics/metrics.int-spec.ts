import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createIntApp } from '../../test/int-app';
import { signIn } from '../../test/player';
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
      const r = await p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '2', betType: 'low' });
      expect(r.status).toBe(200);
      paid += Number(r.body.winAmount);
    }
    // a refused bet is not settled
    expect((await p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '5000', betType: 'low' })).status).toBe(400);
    const after = await scrape();
    const labels = 'game="dice",currency="HC"';
    expect(sample(after, 'casino_bets_settled_total', labels) - sample(before, 'casino_bets_settled_total', labels)).toBe(10);
    expect(sample(after, 'casino_wagered_total', labels) - sample(before, 'casino_wagered_total', labels)).toBe(20);
    expect(sample(after, 'casino_paid_out_total', labels) - sample(before, 'casino_paid_out_total', labels)).toBeCloseTo(paid, 6);
    expect(await app.get(MetricsService).value('casino_bets_settled_total', { game: 'dice', currency: 'HC' })).toBe(sample(after, 'casino_bets_settled_total', labels));
  });

  it('rounds count once they are settled and committed: a blackjack hand, a slots spin', async () => {
    const p = await signIn(app);
    const before = await scrape();
    const spin = await p.post('/api/games/slots', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' });
    expect(spin.status).toBe(200);
    const deal = await p.post('/api/games/blackjack/deal', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' });
    if (deal.body.gameOver !== true) expect((await p.post('/api/games/blackjack/stand', { walletAddress: p.walletAddress })).status).toBe(200);
    const after = await scrape();
    expect(sample(after, 'casino_bets_settled_total', 'game="slots",currency="HC"') - sample(before, 'casino_bets_settled_total', 'game="slots",currency="HC"')).toBe(1);
    expect(sample(after, 'casino_bets_settled_total', 'game="blackjack",currency="HC"') - sample(before, 'casino_bets_settled_total', 'game="blackjack",currency="HC"')).toBe(1);
  });

  it('exports HTTP latency by route pattern and status, the PostgreSQL pool and Node defaults; nothing else is served there', async () => {
    const text = await scrape();
    expect(text).toMatch(/casino_http_request_duration_seconds_bucket\{le="[0-9.]+",method="POST",route="\/api\/games\/dice",status="200"\}/);
    expect(text).toMatch(/casino_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/casino_db_pool_connections\{state="waiting"\} \d+/);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404);
  });
});
