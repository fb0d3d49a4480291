import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { cardFromFloat, fairStream, floatAt, hiloValue, payout, playDice, verify } from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import type { SessionUser } from '../auth/session.service';
import { BetBatcher } from './bet-batcher';
import { settlementOver } from '../../test/settlement';
import { InstantBetService } from './instant-bet.service';
import { SeedCache } from './seed-cache';
import { SeedsRepository } from '../seeds/seeds.repository';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { forceSeeds, ledgerExact, VECTORS } from '../../test/seeds';

const U = 100_000_000n;

describe('dice, plinko and hi-lo through the API (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const v0 = VECTORS[0];
  /** The 24-hour loss limit's refusal, with what the limit leaves (responsible-gaming/sql/limit_usage.sql). */
  const lossLimitText = (left: string) =>
    `24-hour loss limit reached: this bet would take your net loss over the last 24 hours past the limit you set (${left} HC left)`;
  const setLimitHC = async (p: TestPlayer, dailyLossLimitHC: string) =>
    expect(
      (await p.post('/api/responsible-gaming/limits', { walletAddress: p.walletAddress, dailyLossLimitHC })).status,
    ).toBe(200);
  /** Today's loss measured without the code under test: settled bets, plus the ledger debits of open rounds. */
  async function lossToday(p: TestPlayer): Promise<bigint> {
    const [r] = await sql.query<{ lost: string }>(
      `SELECT COALESCE((SELECT sum(amount - payout) FROM bets WHERE user_id = $1 AND currency = 'HC' AND created_at >= date_trunc('day', now())), 0)
            + COALESCE((SELECT -sum(l.delta) FROM ledger l JOIN game_rounds r ON l.ref = 'round:' || r.id
                          WHERE r.user_id = $1 AND r.status = 'open' AND l.currency = 'HC'), 0) AS lost`,
      [p.id],
    );
    return BigInt(r.lost);
  }
  const dice = (p: TestPlayer, body: Record<string, unknown>) =>
    p.post('/api/games/dice', {
      walletAddress: p.walletAddress,
      currency: 'HC',
      betAmount: '10',
      betType: 'high',
      ...body,
    });

  describe('dice', () => {
    it('settles the known-answer vector exactly: 6 + 2 = 8, high pays 2x', async () => {
      const p = await signIn(app);
      await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, v0.nonce);
      const res = await dice(p, { betAmount: '10', betType: 'high' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        dice1: 6,
        dice2: 2,
        total: 8,
        isWin: true,
        winAmount: '20',
        betAmount: '10',
        multiplier: 2,
        nonce: 0,
        serverSeedHash: v0.serverSeedHash,
        clientSeed: 'client',
        currency: 'HC',
        balance: '1010',
      });
      expect(res.body.betId).toMatch(/^\d+$/);
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1010n * U), AMINA: '0' });
      // the next bet uses the next nonce
      const second = await dice(p, { betType: 'low' });
      expect(second.body.nonce).toBe(1);
    });

    it.each([
      [{ betType: 'low' }, false, '0'],
      [{ betType: 'seven' }, false, '0'],
    ])('loses %j on the vector (total 8)', async (body, isWin, winAmount) => {
      const p = await signIn(app);
      await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
      const res = await dice(p, body);
      expect(res.body).toMatchObject({ isWin, winAmount, balance: '990' });
    });

    it.each([
      [{ betType: 'middle' }, 'betType must be low, seven or high'],
      [{ betType: undefined }, 'betType must be low, seven or high'],
      [{ betAmount: '0' }, 'betAmount must be greater than 0'],
      [{ betAmount: '-5' }, 'betAmount: amount must not be negative'],
      [{ betAmount: '1.123456789' }, 'betAmount: amount has more than 8 decimals'],
      [{ betAmount: 'ten' }, 'betAmount: amount must be digits with an optional decimal point'],
      [{ betAmount: '1e3' }, 'betAmount must be a plain decimal without an exponent, at most 1000000000'],
      [{ betAmount: '1.5' }, 'betAmount must be a whole number of House Coins'],
      [{ betAmount: '1001' }, 'betAmount must be between 1 and 1000 HC'],
      [{ betAmount: '0.5' }, 'betAmount must be between 1 and 1000 HC'],
      [{ currency: 'BTC' }, 'currency must be HC or AMINA'],
      [{ betAmount: { $gt: 1 } }, 'betAmount must be a decimal number like "10" or "0.5"'],
      [{ extra: 1 }, 'property extra should not exist'],
    ])('refuses %j with a 400 naming the field and moves no money', async (body, message) => {
      const p = await signIn(app);
      const res = await dice(p, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1000n * U), AMINA: '0' });
      expect((await p.get('/api/game-seeds/current')).body.nonce).toBe(0);
    });

    it("answers 'Insufficient balance!' without moving money or the nonce", async () => {
      const p = await signIn(app);
      for (let i = 0; i < 2; i++) await dice(p, { betAmount: '500' }); // at most 1000 lost
      const before = await ledgerExact(sql, p.id);
      const nonce = (await p.get('/api/game-seeds/current')).body.nonce;
      await sql.query(`UPDATE balances SET amount = $2 WHERE user_id = $1 AND currency = 'HC'`, [p.id, String(5n * U)]);
      await sql.query(
        `INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref) VALUES ($1, 'HC', $2, $3, 'adjustment', 'adjustment:test')`,
        [p.id, String(5n * U - BigInt(before['HC'])), String(5n * U)],
      );
      const res = await dice(p, { betAmount: '6' });
      expect(res).toMatchObject({ status: 400, body: { message: 'Insufficient balance!' } });
      expect((await p.get('/api/game-seeds/current')).body.nonce).toBe(nonce);
      expect((await ledgerExact(sql, p.id))['HC']).toBe(String(5n * U));
    });

    it('refuses AMINA without a verified wallet (403) and for guests', async () => {
      const p = await signIn(app);
      const res = await dice(p, { currency: 'AMINA', betAmount: '0.01' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Guests play with House Coins only: connect an Algorand wallet to use AMINA');
    });

    it('keeps 50 concurrent bets of one player exact: distinct nonces, balance = ledger', async () => {
      const p = await signIn(app);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => dice(p, { betAmount: '1', betType: 'seven' })),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(results.map((r) => r.body.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
      const wins = results.filter((r) => r.body.isWin).length;
      expect((await ledgerExact(sql, p.id))['HC']).toBe(String((1000n - 50n + 4n * BigInt(wins)) * U));
      const bets = await p.get('/api/bets?limit=50');
      expect(bets.body).toHaveLength(50);
    });

    it('500 concurrent bets on one player from 10 sessions: no lost update, never negative', async () => {
      const first = await signIn(app);
      const sessions = [
        first,
        ...(await Promise.all(Array.from({ length: 9 }, () => signIn(app, first.walletAddress)))),
      ];
      // 100 HC against 500 one-HC bets: some must be refused, none may overdraw
      await sql.query(`UPDATE balances SET amount = $2 WHERE user_id = $1 AND currency = 'HC'`, [
        first.id,
        String(100n * U),
      ]);
      await sql.query(
        `INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref) VALUES ($1, 'HC', $2, $3, 'adjustment', 'adjustment:test')`,
        [first.id, String(-900n * U), String(100n * U)],
      );
      const results = await Promise.all(
        Array.from({ length: 500 }, (_, i) => dice(sessions[i % 10], { betAmount: '1', betType: 'seven' })),
      );
      const ok = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status !== 200);
      expect(refused.every((r) => r.status === 400 && r.body.message === 'Insufficient balance!')).toBe(true);
      const wins = ok.filter((r) => r.body.isWin).length;
      const final = await ledgerExact(sql, first.id);
      expect(final['HC']).toBe(String((100n - BigInt(ok.length) + 4n * BigInt(wins)) * U));
      expect(new Set(ok.map((r) => r.body.nonce)).size).toBe(ok.length);
    });

    it('daily loss limit: 50 concurrent dice bets of one player from 50 API instances stop exactly at the limit, never past it', async () => {
      const p = await signIn(app);
      await setLimitHC(p, '50');
      // 10 HC on 'seven' (4x): find a start where the limit is reached within a few bets
      const seed = '7e'.repeat(32);
      const net = (n: number) => {
        const r = playDice(fairStream(seed, 'limits', n), 'seven');
        if (!r.ok) throw new Error(r.error);
        return 10n * U - payout(10n * U, r.outcome.multiplier);
      };
      // bets settle in nonce order and the limit refuses a bet once today's loss + 10 HC > 50 HC;
      // a refused bet moves no nonce, so every later bet meets the same loss and is refused too
      const expected = (start: number) => {
        let lost = 0n;
        let n = start;
        while (lost + 10n * U <= 50n * U) lost += net(n++);
        return { settled: n - start, lost };
      };
      let start = 0;
      while (expected(start).settled < 4 || expected(start).settled > 10) start++;
      const { settled, lost } = expected(start);
      await forceSeeds(sql, p.id, seed, 'limits', start);

      // each instance has its own seed cache and per-player queue, as separate processes would
      const [s] = await sql.query<{ token_hash: Buffer }>(`SELECT token_hash FROM sessions WHERE user_id = $1`, [p.id]);
      const user: SessionUser = {
        tokenHash: s.token_hash,
        userId: p.id,
        walletAddress: p.walletAddress,
        username: 'limits',
        isGuest: true,
        ownershipVerified: false,
      };
      const instances = Array.from(
        { length: 50 },
        () =>
          new InstantBetService(
            new BetBatcher(settlementOver(sql), { betBatchConcurrency: 1, betBatchMax: 64 }),
            new SeedCache(sql, new SeedsRepository()),
          ),
      );
      const results = await Promise.allSettled(
        instances.map((i) =>
          i.place(user, 'dice', 'HC', 10n * U, (stream) => {
            const r = playDice(stream, 'seven');
            if (!r.ok) throw new Error(r.error);
            return { multiplier: r.outcome.multiplier, outcome: r.outcome };
          }),
        ),
      );
      const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.nonce] : []));
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : []));
      expect(placed.sort((a, b) => a - b)).toEqual(Array.from({ length: settled }, (_, i) => start + i));
      expect(refused).toEqual(Array.from({ length: 50 - settled }, () => 'LOSS_LIMIT'));
      expect(await lossToday(p)).toBe(lost);
      expect(lost).toBeLessThanOrEqual(50n * U);
      expect(await ledgerExact(sql, p.id)).toMatchObject({ HC: String(1000n * U - lost) });
      expect(await sql.query(`SELECT nonce FROM seed_pairs WHERE user_id = $1 AND active`, [p.id])).toEqual([
        { nonce: String(start + settled) },
      ]);
      expect(await dice(p, { betType: 'seven' })).toEqual({
        status: 429,
        body: { statusCode: 429, error: 'LOSS_LIMIT', message: lossLimitText('0') },
      });
    });

    it('is verifiable from the revealed seed after rotation', async () => {
      const p = await signIn(app);
      const bet = (await dice(p, { betType: 'low' })).body;
      const rotated = await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress });
      const revealed = rotated.body.revealed;
      const v = verify('dice', revealed.serverSeed, revealed.clientSeed, bet.nonce, { betType: 'low' });
      expect(v.ok && v.outcome).toMatchObject({ dice: [bet.dice1, bet.dice2] });
      const listed = (await p.get('/api/bets?limit=1')).body[0];
      expect(listed).toMatchObject({ id: bet.betId, game: 'dice', serverSeed: revealed.serverSeed, nonce: bet.nonce });
    });
  });

  describe("the game routes (Fastify routes outside Nest's pipeline) keep every rule of the API", () => {
    it('serves every POST under /api/games, each documented with its body and its answer', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/api/docs-json' })).json();
      const posts = Object.entries(doc.paths as Record<string, { post?: any }>).filter(
        ([path, ops]) => path.startsWith('/api/games/') && ops.post,
      );
      expect(posts.map(([path]) => path).sort()).toEqual(
        [
          'dice',
          'plinko/deduct',
          'plinko/result',
          'hilo/start',
          'hilo/guess',
          'hilo/cashout',
          'hilo/loss',
          'blackjack/deal',
          'blackjack/hit',
          'blackjack/stand',
          'blackjack/double',
          'blackjack/split',
          'blackjack/bust',
          'slots',
          'slots/buy-bonus',
        ]
          .map((p) => `/api/games/${p}`)
          .sort(),
      );
      for (const [, ops] of posts) {
        expect(ops.post.requestBody.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\//);
        expect(Object.keys(ops.post.responses['200'].content['application/json'].schema.properties)).toContain(
          'balance',
        );
      }
    });

    it('refuses a round action whose session was revoked a moment ago: its SQL checks the remembered session again', async () => {
      const p = await signIn(app);
      // the vectors' first seeds deal A♣, from which "higher" is a guess the rules allow (a King
      // would be refused as INVALID_INPUT before the session is looked at)
      await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
      const start = await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '1' });
      expect(start).toMatchObject({ status: 200, body: { status: 'active' } });
      const open = async () =>
        sql.query<{ state: unknown; updated_at: Date }>(
          `SELECT state, updated_at FROM game_rounds WHERE user_id = $1 AND status = 'open'`,
          [p.id],
        );
      const before = await open();
      expect(before).toHaveLength(1);
      await sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [p.id]);
      const guess = await p.post('/api/games/hilo/guess', { walletAddress: p.walletAddress, direction: 'higher' });
      // the start a moment ago left the session in this instance's 2-second memory (games.routes.ts,
      // sessionCheckedInSql): round_act() refuses it (claim_requests.sql) and writes nothing
      expect(guess).toMatchObject({
        status: 401,
        body: { error: 'SESSION_ENDED', message: 'Your session has ended: reconnect to keep playing' },
      });
      expect(await open()).toEqual(before);
    });

    it('refuses a request without a session, or with a forged cookie, with the 401 every route gives', async () => {
      for (const cookie of [undefined, 'cosmic_session=forged.signature']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/games/dice',
          payload: { currency: 'HC', betAmount: '1', betType: 'low' },
          headers: cookie ? { cookie } : {},
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'No session: connect a wallet or play as a guest first (POST /api/users)',
        });
      }
    });

    it('refuses a revoked session at once, although the bet path caches sessions for 2 s', async () => {
      const p = await signIn(app);
      const first = await dice(p, {}); // the session is now cached
      expect(first.status).toBe(200);
      await sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [p.id]);
      const res = await dice(p, {});
      expect(res).toMatchObject({
        status: 401,
        body: { message: 'Your session has ended: reconnect to keep playing' },
      });
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(BigInt(first.body.balance) * U), AMINA: '0' });
    });

    it('answers malformed JSON, a wrong content type and another wallet with a 4xx naming the problem', async () => {
      const p = await signIn(app);
      const raw = (payload: string, type = 'application/json') =>
        app.inject({
          method: 'POST',
          url: '/api/games/plinko/deduct',
          payload,
          headers: { cookie: p.cookie, 'content-type': type },
        });
      const broken = await raw('{"currency": "HC",');
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toMatch(/JSON/);
      expect((await raw('<bet/>', 'application/xml')).statusCode).toBe(415);
      const other = await p.post('/api/games/plinko/deduct', {
        walletAddress: 'GUEST_someone_else',
        currency: 'HC',
        betAmount: '1',
        risk: 'low',
      });
      expect(other).toMatchObject({ status: 403, body: { message: 'walletAddress does not match your session' } });
      const extra = await p.post('/api/games/plinko/deduct', {
        walletAddress: p.walletAddress,
        currency: 'HC',
        betAmount: '1',
        risk: 'low',
        slotIndex: 3,
      });
      expect(extra).toMatchObject({ status: 400, body: { message: 'property slotIndex should not exist' } });
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1000n * U), AMINA: '0' });
    });

    it('answers with the security headers and CORS rules of every other route', async () => {
      const p = await signIn(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/games/dice',
        payload: { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'seven' },
        headers: { cookie: p.cookie, origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('is documented in the OpenAPI document with its body schema', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/api/docs-json' })).json();
      expect(doc.paths['/api/games/dice'].post.requestBody.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/DiceBody',
      });
      expect(doc.paths['/api/games/plinko/deduct'].post.requestBody.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/PlinkoBody',
      });
      expect(Object.keys(doc.components.schemas.DiceBody.properties).sort()).toEqual([
        'betAmount',
        'betType',
        'currency',
        'walletAddress',
      ]);
    });
  });

  describe('plinko', () => {
    it('drops the known-answer path and settles the slot the server chose', async () => {
      const p = await signIn(app);
      await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
      const res = await p.post('/api/games/plinko/deduct', {
        walletAddress: p.walletAddress,
        currency: 'HC',
        betAmount: '10',
        risk: 'medium',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        path: v0.plinko.path,
        slotIndex: v0.plinko.slot,
        multiplier: 0.2,
        winAmount: '2',
        isWin: true,
        balance: '992',
      });

      const result = await p.post('/api/games/plinko/result', {
        walletAddress: p.walletAddress,
        betAmount: 10,
        currency: 'HC',
        risk: 'medium',
        slotIndex: 0,
      });
      expect(result.body).toMatchObject({
        betId: res.body.betId,
        slotIndex: 6,
        clientSlotIgnored: true,
        winAmount: '2',
        multiplier: 0.2,
        balance: '992',
      });
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(992n * U), AMINA: '0' });
    });

    it('pays House Coins in whole coins: 3 HC at 0.2x (0.6 HC) pays nothing, and the ledger is exact', async () => {
      const p = await signIn(app);
      await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
      const res = await p.post('/api/games/plinko/deduct', {
        walletAddress: p.walletAddress,
        currency: 'HC',
        betAmount: '3',
        risk: 'medium',
      });
      expect(res.body).toMatchObject({
        slotIndex: v0.plinko.slot,
        multiplier: 0.2,
        winAmount: '0',
        isWin: false,
        balance: '997',
      });
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(997n * U), AMINA: '0' });
      const [bet] = await sql.query<{ amount: string; payout: string; multiplier: string }>(
        `SELECT amount, payout, multiplier FROM bets WHERE user_id = $1`,
        [p.id],
      );
      expect(bet).toEqual({ amount: String(3n * U), payout: '0', multiplier: expect.stringMatching(/^0\.2/) });
    });

    it('refuses an unknown risk', async () => {
      const p = await signIn(app);
      const res = await p.post('/api/games/plinko/deduct', {
        walletAddress: p.walletAddress,
        currency: 'HC',
        betAmount: '10',
        risk: 'extreme',
      });
      expect(res).toMatchObject({ status: 400, body: { message: 'risk must be low, medium or high' } });
    });
  });

  describe('hi-lo', () => {
    const start = (p: TestPlayer, bet = '10') =>
      p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet });
    const guess = (p: TestPlayer, direction: string) =>
      p.post('/api/games/hilo/guess', { walletAddress: p.walletAddress, direction });

    it('plays the vector run A♣ → 6♦ → 5♣ and cashes out bet × the priced multiplier', async () => {
      const p = await signIn(app);
      await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
      const s = await start(p, '100');
      expect(s.body).toMatchObject({
        card: { label: 'A♣' },
        streak: 0,
        balance: '900',
        next: { lower: { allowed: false }, higher: { allowed: true } },
      });
      expect(await guess(p, 'lower')).toMatchObject({
        status: 400,
        body: { message: 'Cannot guess lower than an Ace' },
      });
      expect((await p.post('/api/games/hilo/cashout', { walletAddress: p.walletAddress, streak: 5 })).status).toBe(409);

      const g1 = await guess(p, 'higher');
      expect(g1.body).toMatchObject({ won: true, card: { label: '6♦' }, streak: 1 });
      expect(g1.body.multiplier).toBeCloseTo(0.99 / (12 / 13), 12);
      const g2 = await guess(p, 'lower');
      expect(g2.body).toMatchObject({ won: true, card: { label: '5♣' }, streak: 2 });
      const expected = ((0.99 * 13) / 12) * ((0.99 * 13) / 5);
      expect(g2.body.multiplier).toBeCloseTo(expected, 12);

      expect(g2.body.currentPayout).toBe('276');
      const c = await p.post('/api/games/hilo/cashout', {
        walletAddress: p.walletAddress,
        streak: 99,
        currentBet: 1e9,
      });
      // 100 × (99/100·13/12) × (99/100·13/5) = 276.0615 HC; House Coins are paid in whole coins (rounded down)
      const exactUnits = (100n * U * 99n * 13n * 99n * 13n) / (100n * 12n * 100n * 5n);
      expect(formatUnits(exactUnits)).toBe('276.0615');
      const paid = 276n * U;
      expect(c.body.winAmount).toBe('276');
      expect(c.body.balance).toBe('1176');
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(900n * U + paid), AMINA: '0' });
      const [bet] = await sql.query<{ payout: string }>(`SELECT payout FROM bets WHERE user_id = $1`, [p.id]);
      expect(bet.payout).toBe(String(paid));
      expect((await guess(p, 'higher')).status).toBe(409);
    });

    it("ends a run on a wrong guess with 'Wrong! Game over' and settles it", async () => {
      const p = await signIn(app);
      await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
      await start(p);
      await guess(p, 'higher'); // 6♦
      const lost = await guess(p, 'higher'); // 5♣ is lower
      expect(lost.body).toMatchObject({
        won: false,
        gameOver: true,
        message: 'Wrong! Game over',
        winAmount: '0',
        balance: '990',
      });
      expect(lost.body.betId).toMatch(/^\d+$/);
      const loss = await p.post('/api/games/hilo/loss', { walletAddress: p.walletAddress, streak: 3 });
      expect(loss.body).toMatchObject({ gameOver: true, betId: lost.body.betId, status: 'lost' });
    });

    it('refuses a second run while one is open, and lets only one of two simultaneous cash-outs pay', async () => {
      const p = await signIn(app);
      await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
      await start(p);
      const again = await start(p);
      expect(again).toMatchObject({
        status: 409,
        body: { message: 'You already have a Hi-Lo game in progress: guess or cash out first' },
      });
      await guess(p, 'higher');
      const [a, b] = await Promise.all([
        p.post('/api/games/hilo/cashout', { walletAddress: p.walletAddress }),
        p.post('/api/games/hilo/cashout', { walletAddress: p.walletAddress }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      await ledgerExact(sql, p.id);
      const paid = await sql.query<{ n: string }>(
        `SELECT count(*) AS n FROM ledger WHERE user_id = $1 AND kind = 'win'`,
        [p.id],
      );
      expect(paid[0].n).toBe('1');
    });

    it("daily loss limit counts an open run's stake: a bet that fits beside settled losses alone is refused while the run is open", async () => {
      const p = await signIn(app);
      await forceSeeds(sql, p.id, v0.serverSeed, v0.clientSeed, 0);
      await setLimitHC(p, '30');
      expect((await start(p, '25')).status).toBe(200); // A♣: the run stays open
      expect(await lossToday(p)).toBe(25n * U);
      expect(await dice(p, { betAmount: '10', betType: 'seven' })).toEqual({
        status: 429,
        body: { statusCode: 429, error: 'LOSS_LIMIT', message: lossLimitText('5') },
      });
      expect((await dice(p, { betAmount: '5', betType: 'seven' })).status).toBe(200); // 25 + 5 fits
      expect((await ledgerExact(sql, p.id))['HC']).toBe(String(970n * U));
    });

    it('equal cards end the run with the spec message', async () => {
      // the first nonce whose first two cards have equal value (and the first is not an Ace)
      const seed = 'ab'.repeat(32);
      let nonce = 0;
      while (
        hiloValue(cardFromFloat(floatAt(seed, 'eq', nonce, 0))) !==
          hiloValue(cardFromFloat(floatAt(seed, 'eq', nonce, 1))) ||
        hiloValue(cardFromFloat(floatAt(seed, 'eq', nonce, 0))) === 1
      )
        nonce++;
      const p = await signIn(app);
      await forceSeeds(sql, p.id, seed, 'eq', nonce);
      await start(p);
      const res = await guess(p, 'lower');
      expect(res.body).toMatchObject({ won: false, message: 'Equal cards! Game over' });
    });
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'POST /api/games/dice',
        'POST /api/games/plinko/deduct',
        'POST /api/games/plinko/result',
        'POST /api/games/hilo/start',
        'POST /api/games/hilo/guess',
        'POST /api/games/hilo/cashout',
        'POST /api/games/hilo/loss',
      ]),
    });
  });
});

function formatUnits(units: bigint): string {
  const whole = units / U;
  const frac = (units % U).toString().padStart(8, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}
