import { createHash } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import WebSocket from 'ws';
import fc from 'fast-check';
import { evaluate, pokerDeck, type TableView } from '@cosmic/poker';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { answerWatch } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { ledgerExact } from '../../test/seeds';
import { clearPokerFloor, createPokerApp, openTable, toAct, type TableSocket } from '../../test/poker';

const HC = 100_000_000n;
const TABLE = 'pulsar'; // humans only

async function hc(sql: SqlService, p: TestPlayer): Promise<bigint> {
  return BigInt((await ledgerExact(sql, p.id))['HC']);
}

/** Refuses the upgrade and answers its HTTP status. */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/poker/ws`, { headers });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('open', () => reject(new Error('the upgrade was accepted')));
    ws.once('error', () => undefined);
  });
}

describe('poker through the API and the WebSocket (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let url: string;
  let sql: SqlService;
  const sockets: TableSocket[] = [];
  const players: TestPlayer[] = [];
  const player = async () => {
    const p = await signIn(app);
    players.push(p);
    return p;
  };

  beforeAll(async () => {
    await clearPokerFloor();
    ({ app, url } = await createPokerApp());
    sql = app.get(SqlService);
  });

  // whatever a test leaves seated stands up, so the next test finds the table empty
  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.close());
    for (const p of players.splice(0)) await p.post('/api/poker/cash-out');
  });
  afterAll(() => app.close());

  it('lists the tables: two with bots, one for humans only', async () => {
    const a = await player();
    const r = await a.get('/api/poker/tables');
    expect(r.status).toBe(200);
    expect(r.body.map((t: { id: string; botsFill: boolean; seats: number }) => [t.id, t.botsFill, t.seats])).toEqual([
      ['andromeda', true, 6],
      ['orion', true, 6],
      ['pulsar', false, 6],
    ]);
    expect(r.body[0]).toMatchObject({ smallBlind: 5, bigBlind: 10, minBuyIn: 2, maxBuyIn: 20, humans: 0, bots: 5 });
  });

  it('refuses a socket without a session (401) and from a foreign origin (403)', async () => {
    const a = await player();
    expect(await upgradeStatus(url, {})).toBe(401);
    expect(await upgradeStatus(url, { cookie: 'cosmic_session=forged.value' })).toBe(401);
    expect(await upgradeStatus(url, { cookie: a.cookie, origin: 'https://evil.example' })).toBe(403);
    const s = await openTable(url, a.cookie, TABLE);
    sockets.push(s);
    expect(s.last().table.id).toBe(TABLE);
    expect(s.last().you).toBeNull();
  });

  it('validates buy-ins: the table’s range, whole HC, and "Insufficient balance!" when short', async () => {
    const a = await player();
    expect((await a.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 1 })).body.message).toBe(
      'amount must be a whole number of HC between 2 and 20',
    );
    expect((await a.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 2.5 })).body.message).toBe(
      'amount must be a whole number of HC',
    );
    expect((await a.post(`/api/poker/tables/nowhere/buy-in`, { amount: 5 })).status).toBe(404);
    await sql.tx(
      (db) =>
        app
          .get(SettlementService)
          .apply(db, { kind: 'adjustment', userId: a.id, currency: 'HC', delta: -996n * HC, note: 'test' }),
      null,
    );
    const short = await a.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 5 });
    expect(short).toMatchObject({ status: 400, body: { message: 'Insufficient balance!' } });
    expect(await hc(sql, a)).toBe(4n * HC);
    expect((await a.get('/api/poker/me')).body.seat).toBeNull();
  });

  it('two humans play a full hand against each other over the socket, to a showdown verified from the revealed seeds', async () => {
    const a = await player();
    const b = await player();
    const [sa, sb] = [await openTable(url, a.cookie, TABLE), await openTable(url, b.cookie, TABLE)];
    sockets.push(sa, sb);
    expect((await a.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 10 })).status).toBe(200);
    expect((await b.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 10 })).status).toBe(200);
    expect(await hc(sql, a)).toBe(990n * HC);
    const first = await sa.until((v) => v.hand !== null);
    const seatA = first.you!.seat;
    const seatB = first.seats.find((s) => s && s.seat !== seatA)!.seat;
    const socketOf = (seat: number) => (seat === seatA ? sa : sb);
    // each sees only their own hole cards
    expect(first.hand!.players.find((p) => p.seat === seatA)!.cards).toHaveLength(2);
    expect(first.hand!.players.find((p) => p.seat === seatB)!.cards).toBeNull();
    const committed = first.fairness.current!;
    expect(committed.serverSeed).toBeNull();

    // preflop: the button (small blind) calls, the big blind checks; flop and turn check through;
    // river: bet 40, call
    const plan: Array<[string, number?]> = [
      ['call'],
      ['check'],
      ['check'],
      ['check'],
      ['check'],
      ['check'],
      ['bet', 40],
      ['call'],
    ];
    for (const [action, amount] of plan) {
      const v = await sa.until((x) => toAct(x) !== null);
      const r = await socketOf(toAct(v)!).act(TABLE, action, amount);
      expect(r).toEqual({ ok: true });
      await sa.until((x) => x !== v);
    }
    const end = await sa.until((v) => v.hand!.finished);
    const hand = end.hand!;
    expect(hand.street).toBe('showdown');
    expect(hand.pot).toBe(100);
    expect(hand.board).toHaveLength(5);

    // provably fair: the revealed server seed matches the commitment and deals exactly these cards
    const f = end.fairness.current!;
    expect(f.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(f.serverSeed!, 'ascii').digest('hex')).toBe(committed.serverSeedHash);
    const deck = pokerDeck(f.serverSeed!, f.clientSeed, f.nonce);
    const order = [hand.button === seatA ? seatB : seatA, hand.button];
    const dealt = Object.fromEntries(order.map((seat, i) => [seat, [deck[i], deck[i + 2]]]));
    for (const p of hand.players) expect(p.cards).toEqual(dealt[p.seat]);
    expect(hand.board).toEqual(deck.slice(4, 9));
    const seeds = await sql.query<{ user_id: string; client_seed: string }>(
      `SELECT user_id, client_seed FROM seed_pairs WHERE active AND user_id = ANY($1::bigint[])`,
      [[a.id, b.id]],
    );
    const seatOfUser = (id: string) => (id === a.id ? seatA : seatB);
    expect(f.clientSeed).toBe(
      [...seeds]
        .sort((x, y) => seatOfUser(String(x.user_id)) - seatOfUser(String(y.user_id)))
        .map((s) => s.client_seed)
        .join(','),
    );

    // the winner is the better hand; a tie splits
    const va = evaluate([...dealt[seatA], ...hand.board]);
    const vb = evaluate([...dealt[seatB], ...hand.board]);
    const netA = va > vb ? 50 : va < vb ? -50 : 0;
    expect(hand.result!.net).toEqual({ [seatA]: netA, [seatB]: 0 - netA });

    // persisted: the seats' chips moved, the hand is in the history with both players
    await waitFor(
      async () => (await sql.query(`SELECT 1 FROM poker_hand_players WHERE user_id = $1`, [a.id])).length === 1,
    );
    const rows = await sql.query<{ user_id: string; chips: string }>(
      `SELECT user_id, chips FROM poker_seats WHERE user_id = ANY($1::bigint[]) ORDER BY user_id`,
      [[a.id, b.id]],
    );
    expect(Object.fromEntries(rows.map((r) => [String(r.user_id), Number(r.chips)]))).toEqual({
      [a.id]: 1000 + netA,
      [b.id]: 1000 - netA,
    });
    const history = (await a.get('/api/poker/hands')).body;
    expect(history[0]).toMatchObject({ tableId: TABLE, chipsBefore: 1000, chipsAfter: 1000 + netA });
    expect((await a.get('/api/poker/hands?limit=1')).body).toEqual([history[0]]);
    for (const limit of ['0', '101', '1.5', 'x'])
      expect((await a.get(`/api/poker/hands?limit=${limit}`)).body).toMatchObject({
        statusCode: 400,
        message: 'limit must be a whole number from 1 to 100',
      });
    // the table over REST: the same view the socket sends, the hand in the history
    const view = (await a.get(`/api/poker/tables/${TABLE}`)).body as TableView;
    expect(view.history?.[0]).toMatchObject({ handNo: hand.handNo });
    expect((await a.get('/api/poker/tables/Not_A_Table')).body).toMatchObject({
      statusCode: 400,
      message: 'table id must be 1–32 lowercase letters, digits or dashes',
    });
    expect(end.history![0].fairness.serverSeed).toBe(f.serverSeed);
    // the socket sends the history only when it changed: once at watch, once when the hand ended
    expect(sa.views.filter((v) => v.history !== undefined)).toHaveLength(2);

    // cash out: floor(chips / 100) HC back, the odd chips kept for the next buy-in
    const outA = (await a.post('/api/poker/cash-out')).body;
    const outB = (await b.post('/api/poker/cash-out')).body;
    expect(outA.chips + outB.chips).toBe(2000);
    expect(outA).toMatchObject({
      chips: 1000 + netA,
      hc: String(Math.floor((1000 + netA) / 100)),
      changeChips: (1000 + netA) % 100,
    });
    expect(await hc(sql, a)).toBe(990n * HC + BigInt(Math.floor((1000 + netA) / 100)) * HC);
    expect((await a.get('/api/poker/me')).body).toEqual({
      seat: null,
      changeChips: (1000 + netA) % 100,
      chipsPerHc: 100,
    });
    expect(
      (await sql.query(`SELECT 1 FROM poker_seats WHERE user_id = ANY($1::bigint[])`, [[a.id, b.id]])).length,
    ).toBe(0);
  });

  it('refuses moves out of turn and illegal amounts, over REST and the socket', async () => {
    const a = await player();
    const b = await player();
    const sa = await openTable(url, a.cookie, TABLE);
    sockets.push(sa);
    await a.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 5 });
    await b.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 5 });
    const v = await sa.until((x) => toAct(x) !== null);
    const mine = toAct(v) === v.you!.seat;
    const [actor, other] = mine ? [a, b] : [b, a];
    expect((await other.post(`/api/poker/tables/${TABLE}/act`, { action: 'call' })).body).toMatchObject({
      statusCode: 409,
      message: 'It is not your turn',
    });
    expect((await actor.post(`/api/poker/tables/${TABLE}/act`, { action: 'raise', amount: 15 })).body.message).toBe(
      'Raise must be to between 20 and 500 chips',
    );
    expect((await actor.post(`/api/poker/tables/${TABLE}/act`, { action: 'shove' })).body.message).toMatch(
      /^action must be one of fold, check, call, bet, raise, allin/,
    );
    if (!mine) expect(await sa.act(TABLE, 'check')).toEqual({ ok: false, error: 'It is not your turn' });
    expect((await actor.post(`/api/poker/tables/${TABLE}/act`, { action: 'raise', amount: 30 })).status).toBe(200);
    await a.post('/api/poker/cash-out');
    await b.post('/api/poker/cash-out');
  });

  it('leaving mid-hand folds the hand: the other player takes the pot', async () => {
    const a = await player();
    const b = await player();
    const sb = await openTable(url, b.cookie, TABLE);
    sockets.push(sb);
    await a.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 5 });
    await b.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 5 });
    const v = await sb.until((x) => toAct(x) !== null);
    const seatA = v.seats.find((s) => s && s.seat !== v.you!.seat)!.seat;
    const blindA = v.hand!.players.find((p) => p.seat === seatA)!.bet;
    const out = (await a.post('/api/poker/cash-out')).body;
    expect(out.chips).toBe(500 - blindA);
    const end = await sb.until((x) => !!x.hand?.finished);
    expect(end.hand!.events).toContainEqual(
      expect.objectContaining({ type: 'action', seat: seatA, action: 'fold', auto: 'left' }),
    );
    expect(end.hand!.result!.net[seatA]).toBe(-blindA);
    expect(end.seats[seatA]).toBeNull();
    await b.post('/api/poker/cash-out');
  });

  it('a seat on one table at a time; a top-up between hands adds chips', async () => {
    const a = await player();
    await a.post(`/api/poker/tables/andromeda/buy-in`, { amount: 2 });
    expect((await a.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 2 })).body).toMatchObject({
      statusCode: 409,
      message: 'You are seated at Andromeda: cash out there first',
    });
    const out = (await a.post('/api/poker/cash-out')).body;
    const second = await player();
    expect((await second.post('/api/poker/cash-out')).body).toMatchObject({
      statusCode: 409,
      message: 'You are not seated at a poker table',
    });
    expect(out.chips).toBeGreaterThanOrEqual(0);
    expect(await ledgerExact(sql, a.id)).toBeDefined();
  });
  describe('socket limits and races (issue 27)', () => {
    const closed = (ws: WebSocket) =>
      new Promise<{ code: number; reason: string }>((resolve) =>
        ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
      );

    it("a signed-out session's socket is closed on its next move, and the move is not played", async () => {
      const a = await player();
      expect((await a.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 5 })).status).toBe(200);
      const s = await openTable(url, a.cookie, TABLE);
      sockets.push(s);
      expect(
        (await app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: a.cookie } })).statusCode,
      ).toBe(204);
      const ended = closed(s.ws);
      s.ws.send(JSON.stringify({ event: 'sit-in', data: { id: 99, tableId: TABLE } }));
      expect(await ended).toEqual({ code: 4401, reason: 'Your session has ended: reconnect to keep playing' });
      players.splice(players.indexOf(a), 1); // its session is gone: the seat is cashed out below
      const [seat] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM poker_seats WHERE user_id = $1`, [a.id]);
      expect(seat.n).toBe('1');
      const fresh = await signIn(app, a.walletAddress);
      expect((await fresh.post('/api/poker/cash-out')).status).toBe(200);
    });

    it('a socket that floods messages is closed; one player cannot hold more than 8 sockets', async () => {
      const a = await player();
      const s = await openTable(url, a.cookie, TABLE);
      sockets.push(s);
      const shut = closed(s.ws);
      for (let i = 0; i < 150; i++) s.ws.send(JSON.stringify({ event: 'watch', data: { tableId: TABLE } }));
      expect(await shut).toEqual({ code: 4429, reason: 'Too many messages: slow down' });

      const many: TableSocket[] = [];
      for (let i = 0; i < 8; i++) many.push(await openTable(url, a.cookie, TABLE));
      sockets.push(...many);
      const ninth = new WebSocket(`${url.replace('http', 'ws')}/api/poker/ws`, { headers: { cookie: a.cookie } });
      expect(await closed(ninth)).toEqual({ code: 4429, reason: 'Too many open poker connections: close another tab' });
    });

    it('a top-up racing a cash-out answers 409 and charges nothing; the seat is paid out once', async () => {
      const sqlHc = async (p: TestPlayer) => hc(sql, p);
      for (let round = 0; round < 5; round++) {
        const a = await player();
        expect((await a.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 5 })).status).toBe(200);
        const [topUp, out] = await Promise.all([
          a.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 3 }),
          a.post('/api/poker/cash-out'),
        ]);
        expect(out.status).toBe(200);
        expect([200, 409]).toContain(topUp.status);
        if (topUp.status === 200 && out.body.chips === 500) {
          // the cash-out was queued first: the buy-in then seated the player afresh with 300 chips
          expect(topUp.body.you.stack).toBe(300);
          expect(await sqlHc(a)).toBe(997n * HC);
          expect((await a.post('/api/poker/cash-out')).body).toMatchObject({ chips: 300, hc: '3' });
          expect(await sqlHc(a)).toBe(1000n * HC);
        } else if (topUp.status === 200) {
          // the top-up landed first: the cash-out paid its chips too
          expect(out.body.chips).toBe(800);
          expect(await sqlHc(a)).toBe(1000n * HC);
        } else {
          expect(topUp.body.message).toMatch(/cashed out meanwhile: nothing was charged|not seated|being taken/);
          expect(await sqlHc(a)).toBe(1000n * HC);
        }
        const [left] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM poker_seats WHERE user_id = $1`, [
          a.id,
        ]);
        expect(left.n).toBe('0');
      }
    });
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'GET /api/poker/tables',
        'GET /api/poker/tables/:id',
        'GET /api/poker/me',
        'GET /api/poker/hands',
        'POST /api/poker/tables/:id/buy-in',
        'POST /api/poker/tables/:id/act',
        'POST /api/poker/cash-out',
      ]),
    });
  });
});

describe('poker endpoints under hostile input (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  beforeAll(async () => {
    await clearPokerFloor();
    ({ app } = await createPokerApp());
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const poison = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.constant(1e308),
    fc.constant(-1),
    fc.constant(2.5),
    fc.constant('10'),
    fc.constant('💸'.repeat(20)),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  );

  it('buy-in, act and odd table ids: always a 4xx with a message, never a 500, no money moved', async () => {
    const p = await signIn(app);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          url: fc.constantFrom(
            '/api/poker/tables/pulsar/buy-in',
            '/api/poker/tables/pulsar/act',
            '/api/poker/tables/..%2F..%2Fetc/buy-in',
            '/api/poker/tables/%00/act',
          ),
          field: fc.constantFrom('amount', 'action', 'extra'),
          value: poison,
        }),
        async ({ url, field, value }) => {
          const body: Record<string, unknown> = url.endsWith('buy-in') ? { amount: 5 } : { action: 'check' };
          body[field] = value;
          const res = await app.inject({ method: 'POST', url, payload: body, headers: { cookie: p.cookie } });
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json().message.length).toBeGreaterThan(3);
        },
      ),
      { numRuns: 80, seed: 20261212 },
    );
    expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1000n * HC), AMINA: '0' });
    expect((await p.get('/api/poker/me')).body.seat).toBeNull();
  });
});

async function waitFor(cond: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
