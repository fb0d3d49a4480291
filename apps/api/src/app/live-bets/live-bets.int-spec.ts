import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { get, type IncomingMessage } from 'node:http';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { Drain } from '../health/drain';
import type { LiveReveal } from '@cosmic/contracts';
import { LiveBetsService, type LiveBetDto } from './live-bets.service';

/** An open SSE connection: every `bets` event's rows, in arrival order. */
interface Stream {
  rows: LiveBetDto[];
  /** Every `revealed` event's seeds, in arrival order. */
  reveals: LiveReveal[];
  res: IncomingMessage;
  ended: Promise<void>;
  /** Resolves with the first row that matches, or rejects after `ms`. */
  waitFor(match: (r: LiveBetDto) => boolean, ms?: number): Promise<LiveBetDto>;
  close(): void;
}

async function listen(app: NestFastifyApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const addr = app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${addr.port}`;
}

function openStream(base: string, cookie?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = get(`${base}/api/live-bets/stream`, { headers: cookie ? { cookie } : {} }, (res) => {
      const rows: LiveBetDto[] = [];
      const reveals: LiveReveal[] = [];
      const waiters: Array<() => void> = [];
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let at: number;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const event = buf.slice(0, at);
          buf = buf.slice(at + 2);
          const data = event.split('\n').find((l) => l.startsWith('data: '));
          if (event.startsWith('event: bets') && data) rows.push(...(JSON.parse(data.slice(6)) as LiveBetDto[]));
          if (event.startsWith('event: revealed') && data) reveals.push(...(JSON.parse(data.slice(6)) as LiveReveal[]));
        }
        for (const w of waiters) w();
      });
      const ended = new Promise<void>((done) => res.once('close', () => done()));
      resolve({
        rows,
        reveals,
        res,
        ended,
        close: () => req.destroy(),
        waitFor: (match, ms = 2000) =>
          new Promise((ok, fail) => {
            const check = () => {
              const hit = rows.find(match);
              if (hit) {
                clearTimeout(timer);
                ok(hit);
              }
            };
            const timer = setTimeout(
              () => fail(new Error(`no matching row within ${ms} ms; got ${rows.map((r) => r.id).join(',')}`)),
              ms,
            );
            waiters.push(check);
            check();
          }),
      });
    });
    req.on('error', reject);
  });
}

const dice = (p: TestPlayer, betAmount = '10') =>
  p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount, betType: 'high' });
const latestBetId = async (p: TestPlayer) => String((await p.get('/api/bets?limit=1')).body[0].id);

describe('live bets (real PostgreSQL, two API instances)', () => {
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  let baseA: string;
  let baseB: string;

  beforeAll(async () => {
    a = await createIntApp();
    b = await createIntApp();
    baseA = await listen(a);
    baseB = await listen(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivers a bet settled on one instance to the streams of both within 2 s, with the username and not the address', async () => {
    const p = await signIn(a);
    const [sa, sb] = await Promise.all([openStream(baseA), openStream(baseB)]);
    try {
      expect(sa.res.statusCode).toBe(200);
      expect(sa.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      // the poller reads where the feed starts before the bet is placed
      await new Promise((r) => setTimeout(r, 700));
      expect((await dice(p)).status).toBe(200);
      const id = await latestBetId(p);
      const started = Date.now();
      const [ra, rb] = await Promise.all([sa.waitFor((r) => r.id === id), sb.waitFor((r) => r.id === id)]);
      expect(Date.now() - started).toBeLessThan(2000);
      const user = (await p.get(`/api/users/${p.walletAddress}`)).body as { username: string };
      expect(user.username).toMatch(/\S/);
      for (const r of [ra, rb]) {
        expect(r).toMatchObject({
          id,
          game: 'dice',
          username: user.username,
          currency: 'HC',
          amount: '10',
          mine: false,
          highRoller: false,
        });
        expect(JSON.stringify(r)).not.toContain(p.walletAddress);
        expect(r.verify).toMatchObject({
          clientSeed: expect.any(String),
          serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
          serverSeed: null,
          params: { betType: 'high' },
        });
      }
      expect(sa.rows.filter((r) => r.id === id)).toHaveLength(1);
    } finally {
      sa.close();
      sb.close();
    }
  });

  it('marks the session’s own bets `mine` on its stream only, and GET ?tab=mine lists only its bets', async () => {
    const me = await signIn(a);
    const other = await signIn(a);
    const [mine, anon] = await Promise.all([openStream(baseB, me.cookie), openStream(baseB)]);
    let myId = '';
    let otherId = '';
    try {
      await new Promise((r) => setTimeout(r, 700));
      await dice(me);
      myId = await latestBetId(me);
      await dice(other);
      otherId = await latestBetId(other);
      expect(await mine.waitFor((r) => r.id === myId)).toMatchObject({ mine: true });
      expect(await mine.waitFor((r) => r.id === otherId)).toMatchObject({ mine: false });
      expect(await anon.waitFor((r) => r.id === myId)).toMatchObject({ mine: false });
    } finally {
      mine.close();
      anon.close();
    }
    const list = await me.get('/api/live-bets?tab=mine');
    expect(list.status).toBe(200);
    expect(list.body.map((r: LiveBetDto) => r.id)).toEqual([myId]);
    expect(list.body.map((r: LiveBetDto) => r.id)).not.toContain(otherId);
    expect(list.body.every((r: LiveBetDto) => r.mine)).toBe(true);
    const none = await a.inject({ method: 'GET', url: '/api/live-bets?tab=mine' });
    expect(none.json()).toEqual([]);
  });

  it('lists high rollers only (HC ≥ 100) under ?tab=high, newest first, at most 20', async () => {
    const p = await signIn(a);
    await dice(p, '100');
    const big = await latestBetId(p);
    await dice(p, '99'); // House Coins are whole coins: 99 is the largest bet under the 100 HC line
    const small = await latestBetId(p);
    const high = (await p.get('/api/live-bets?tab=high')).body as LiveBetDto[];
    expect(high[0]).toMatchObject({ id: big, amount: '100', highRoller: true, mine: true });
    expect(high.map((r) => r.id)).not.toContain(small);
    expect(high.every((r) => r.highRoller)).toBe(true);
    const all = (await p.get('/api/live-bets')).body as LiveBetDto[];
    expect(all[0]).toMatchObject({ id: small, highRoller: false });
    expect(all.length).toBeLessThanOrEqual(20);
    expect(await p.get('/api/live-bets?tab=whales')).toMatchObject({
      status: 400,
      body: { message: 'tab must be one of all, high, mine' },
    });
  });

  it('ends open streams once the API drains, so the drain does not wait for them', async () => {
    const c = await createIntApp();
    const base = await listen(c);
    const s = await openStream(base);
    expect(c.get(LiveBetsService).clients).toBe(1);
    const drain = c.get(Drain);
    expect(drain.requestsInFlight).toBe(1);
    drain.begin();
    expect(await drain.idle(2000)).toBe(true);
    await s.ended;
    expect(c.get(LiveBetsService).clients).toBe(0);
    await c.close();
  });

  it('opens each stream with the latest 20 bets, so a bet committed between the page’s GET and its stream is not lost', async () => {
    const p = await signIn(b);
    await dice(p);
    const id = await latestBetId(p);
    const s = await openStream(baseA, p.cookie);
    try {
      expect(await s.waitFor((r) => r.id === id)).toMatchObject({ mine: true });
      const latest = (await p.get('/api/live-bets')).body as LiveBetDto[];
      expect(latest.length).toBeGreaterThan(1);
      expect(s.rows.map((r) => r.id)).toEqual(latest.map((r) => r.id));
      expect(s.rows[0].id).toBe(id);
    } finally {
      s.close();
    }
  });

  it('sends a `revealed` event to the streams of every instance when a player rotates, so the rows of that pair become verifiable', async () => {
    const p = await signIn(a);
    const [sa, sb] = await Promise.all([openStream(baseA), openStream(baseB)]);
    try {
      await new Promise((r) => setTimeout(r, 700));
      await dice(p);
      const id = await latestBetId(p);
      const row = await sb.waitFor((r) => r.id === id);
      expect(row.verify.serverSeed).toBeNull();
      const rotated = await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress });
      expect(rotated.status).toBe(200);
      const started = Date.now();
      const hash = row.verify.serverSeedHash;
      const seen = (s: Stream) =>
        new Promise<LiveReveal>((ok, fail) => {
          const t = setInterval(() => {
            const hit = s.reveals.find((r) => r.serverSeedHash === hash);
            if (hit) {
              clearInterval(t);
              ok(hit);
            } else if (Date.now() - started > 2000) {
              clearInterval(t);
              fail(new Error(`no revealed event for ${hash}`));
            }
          }, 20);
        });
      const [ra, rb] = await Promise.all([seen(sa), seen(sb)]);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(ra).toEqual({ serverSeedHash: hash, serverSeed: rotated.body.revealed.serverSeed });
      expect(rb).toEqual(ra);
      // once, however many polls look back over it
      await new Promise((r) => setTimeout(r, 700));
      expect(sb.reveals.filter((r) => r.serverSeedHash === hash)).toHaveLength(1);
      const latest = (await p.get('/api/live-bets?tab=mine')).body as LiveBetDto[];
      expect(latest.find((r) => r.id === id)?.verify.serverSeed).toBe(rotated.body.revealed.serverSeed);
    } finally {
      sa.close();
      sb.close();
    }
  });

  it('gives a blackjack row the actions that played it (the verifier replays them)', async () => {
    const p = await signIn(a);
    let state = (
      await p.post('/api/games/blackjack/deal', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '10' })
    ).body;
    const taken: string[] = [];
    while (!state.gameOver) {
      const action = state.legalActions.includes('double') ? 'double' : 'stand';
      taken.push(action);
      state = (await p.post(`/api/games/blackjack/${action}`, { walletAddress: p.walletAddress })).body;
    }
    const row = ((await p.get('/api/live-bets?tab=mine')).body as LiveBetDto[]).find(
      (r) => r.id === String(state.betId),
    )!;
    expect(row.verify.params).toMatchObject({ actions: taken });
    expect(row.verify.params).not.toHaveProperty('hands');
  });

  it('forgets a client that goes away', async () => {
    const s = await openStream(baseA);
    const live = a.get(LiveBetsService);
    expect(live.clients).toBe(1);
    s.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(live.clients).toBe(0);
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(a)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining(['GET /api/live-bets']),
    });
  });
});
