import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { listenLoopback } from '../../test/raw-http';
import { LiveBetsService } from './live-bets.service';

/** One GET /api/live-bets/stream: a 200 stays open until close(); a refusal is read whole. */
interface Opened {
  status: number;
  retryAfter: string | undefined;
  body: any;
  res: IncomingMessage;
  close(): void;
}

function openStream(port: number, headers: Record<string, string> = {}): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(
      { host: '127.0.0.1', port, path: '/api/live-bets/stream', headers, agent: false },
      (res) => {
        const opened = {
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'] as string | undefined,
          body: undefined as unknown,
          res,
          close: () => req.destroy(),
        };
        if (opened.status === 200) return resolve(opened);
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ ...opened, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

/** Issue 37 item 4: the live-bets stream was unbounded (300 streams from one address → 300 × 200). */
describe('live bets stream caps (issue 37 item 4, real PostgreSQL)', () => {
  describe('with the default caps', () => {
    let app: NestFastifyApplication;
    let port: number;

    beforeAll(async () => {
      app = await createIntApp();
      port = await listenLoopback(app);
    });
    afterAll(() => app.close());

    it('300 concurrent streams from one address: 10 are served, the other 290 are 429 with Retry-After', async () => {
      const all = await Promise.all(Array.from({ length: 300 }, () => openStream(port)));
      try {
        const served = all.filter((s) => s.status === 200);
        const refused = all.filter((s) => s.status !== 200);
        expect(served).toHaveLength(10);
        expect(refused).toHaveLength(290);
        for (const r of refused) {
          expect(r.status).toBe(429);
          expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
          expect(r.body).toEqual({
            statusCode: 429,
            error: 'TOO_MANY_STREAMS',
            message: 'Too many open live-bet streams from your address (at most 10): close another tab and try again',
          });
        }
        expect(app.get(LiveBetsService).clients).toBe(10);
      } finally {
        for (const s of all) s.close();
      }
      // closed streams give their slots back: the address is served again
      await until('every slot is free', () => app.get(LiveBetsService).clients === 0);
      expect(app.get(LiveBetsService).clients).toBe(0);
      const again = await Promise.all(Array.from({ length: 10 }, () => openStream(port)));
      expect(again.map((s) => s.status)).toEqual(Array(10).fill(200));
      for (const s of again) s.close();
      await until('every slot is free again', () => app.get(LiveBetsService).clients === 0);
    });
  });

  describe('with small caps (3 per address, 5 in all, 16 KiB unsent)', () => {
    let app: NestFastifyApplication;
    let port: number;
    let dir: string;
    let unix: Server | undefined;

    beforeAll(async () => {
      // each client its own address, as the loopback proxy says in X-Forwarded-For
      app = await createIntApp({
        TRUSTED_PROXIES: '127.0.0.1',
        LIVE_STREAMS_PER_ADDRESS: '3',
        LIVE_STREAMS_TOTAL: '5',
        LIVE_STREAM_BUFFER_BYTES: '16384',
      });
      port = await listenLoopback(app);
      dir = mkdtempSync(join(tmpdir(), 'cosmic-sse-'));
    });
    afterAll(async () => {
      unix?.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('answers 429 over the per-address cap and 503 over the total, each with Retry-After; a closed stream frees its slot', async () => {
      const opened: Opened[] = [];
      const open = async (ip: string) => {
        const s = await openStream(port, from(ip));
        opened.push(s);
        return s;
      };
      const a = await Promise.all([1, 2, 3].map(() => open('198.51.100.41')));
      const b = await Promise.all([1, 2].map(() => open('198.51.100.42')));
      try {
        expect([...a, ...b].map((s) => s.status)).toEqual(Array(5).fill(200));
        const fourth = await open('198.51.100.41');
        expect(fourth).toMatchObject({ status: 429, body: { error: 'TOO_MANY_STREAMS' } });
        expect(Number(fourth.retryAfter)).toBeGreaterThanOrEqual(1);
        const full = await open('198.51.100.43');
        expect(full).toMatchObject({
          status: 503,
          body: {
            statusCode: 503,
            error: 'STREAMS_FULL',
            message: 'The live bets feed is full right now: try again in a moment',
          },
        });
        expect(Number(full.retryAfter)).toBeGreaterThanOrEqual(1);
        a[0].close();
        await until('the closed stream is forgotten', () => app.get(LiveBetsService).clients === 4);
        expect((await open('198.51.100.43')).status).toBe(200);
      } finally {
        for (const s of opened) s.close();
      }
      await until('every slot is free', () => app.get(LiveBetsService).clients === 0);
    });

    it('drops a client that never reads once its unsent events pass the bound, and keeps serving one that reads', async () => {
      // A Unix socket into the same HTTP server: over loopback TCP the kernel alone would take
      // ~4 MB before anything stays in the process; a Unix socket takes ~200 KB, so the bound is
      // reached with a few hundred bets. The client never reads past the response's first bytes.
      const path = join(dir, 'api.sock');
      const server = app.getHttpServer();
      unix = createServer((sock) => {
        // a Unix socket has no peer address: give it the trusted proxy's, X-Forwarded-For says the rest
        Object.defineProperty(sock, 'remoteAddress', { value: '127.0.0.1' });
        server.emit('connection', sock);
      });
      await new Promise<void>((r) => unix!.listen(path, () => r()));
      const stalled: Socket = createConnection(path);
      const head = await new Promise<string>((resolve) => {
        stalled.once('data', (chunk: Buffer) => {
          stalled.pause();
          resolve(chunk.toString('latin1'));
        });
        stalled.write('GET /api/live-bets/stream HTTP/1.1\r\nHost: casino\r\nX-Forwarded-For: 198.51.100.51\r\n\r\n');
      });
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      const reader = await openStream(port, from('198.51.100.52'));
      expect(reader.status).toBe(200);
      // the ids of every bet the reader's `bets` events carried
      const ids = new Set<string>();
      let text = '';
      reader.res.setEncoding('utf8');
      reader.res.on('data', (chunk: string) => {
        text += chunk;
        let at: number;
        while ((at = text.indexOf('\n\n')) >= 0) {
          const event = text.slice(0, at);
          text = text.slice(at + 2);
          if (!event.startsWith('event: bets\n')) continue;
          for (const r of JSON.parse(event.slice(event.indexOf('data: ') + 6)) as Array<{ id: string }>) ids.add(r.id);
        }
      });
      const live = app.get(LiveBetsService);
      expect(live.clients).toBe(2);

      const players: TestPlayer[] = await Promise.all(Array.from({ length: 20 }, () => signIn(app)));
      const bet = (p: TestPlayer) =>
        p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'high' });
      let rounds = 0;
      try {
        // each round: 20 bets committed, then one read of the feed sends them to both streams (~7 KB)
        while (live.clients === 2 && rounds < 150) {
          rounds++;
          const answers = await Promise.all(players.map(bet));
          expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
          await live.poll();
          await sleep(10);
        }
        // rounds shown on a failure: how far the bets went without the stalled client being dropped
        expect({ clients: live.clients, rounds }).toEqual({ clients: 1, rounds: expect.any(Number) });
        // the reader kept its stream and got the bets up to the newest
        const newest = (await app.inject({ method: 'GET', url: '/api/live-bets' })).json()[0].id as string;
        await until('the reader has the newest bet', () => ids.has(newest));
        expect(reader.res.destroyed).toBe(false);
      } finally {
        stalled.destroy();
        reader.close();
      }
      await until('every slot is free', () => live.clients === 0);
    });
  });

  it('ends a stream at its lifetime (LIVE_STREAM_MAX_SECONDS) and frees its slot; the browser reconnects', async () => {
    const app = await createIntApp({ LIVE_STREAM_MAX_SECONDS: '1' });
    try {
      const port = await listenLoopback(app);
      const s = await openStream(port);
      expect(s.status).toBe(200);
      let ended = false;
      s.res.once('end', () => (ended = true));
      s.res.resume();
      const started = Date.now();
      await until('the server ends the stream', () => ended, 3000);
      expect(Date.now() - started).toBeLessThan(1500);
      await until('the slot is free', () => app.get(LiveBetsService).clients === 0);
    } finally {
      await app.close();
    }
  });
});
