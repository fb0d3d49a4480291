import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sfc32 } from '@cosmic/game-engine';
import type { TableView } from '@cosmic/poker';
import { SqlService } from '../database/sql.service';
import { answerWatch } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { ledgerExact } from '../../test/seeds';
import { clearPokerFloor, createPokerApp, openTable, toAct, type TableSocket } from '../../test/poker';
import { PokerService } from './poker.service';
import { PokerTables } from './poker-tables.service';

const UNITS_PER_CHIP = 1_000_000n; // 1 HC = 10^8 units = 100 chips

/**
 * What a player owns in chips, from the database alone: HC balance (in chips), chips seated
 * (as of the start of the hand in play) and odd chips kept from a cash-out.
 */
async function holdings(sql: SqlService, players: TestPlayer[]): Promise<bigint> {
  for (const p of players) await ledgerExact(sql, p.id);
  // one statement, so one snapshot: a hand recorded meanwhile is seen whole or not at all
  const [row] = await sql.query<{ total: string; odd: boolean }>(
    `SELECT sum(b.amount / $2 + COALESCE(s.chips, 0) + COALESCE(w.change_chips, 0)) AS total, bool_or(b.amount % $2 <> 0) AS odd
       FROM balances b LEFT JOIN poker_seats s ON s.user_id = b.user_id LEFT JOIN poker_wallets w ON w.user_id = b.user_id
      WHERE b.currency = 'HC' AND b.user_id = ANY($1::bigint[])`,
    [players.map((p) => p.id), UNITS_PER_CHIP.toString()],
  );
  if (row.odd) throw new Error('an HC balance is not a whole number of chips');
  return BigInt(row.total);
}

/** A random legal move for the player whose turn it is (seeded). */
function randomMove(v: TableView, rng: { next(): number }): [string, number?] {
  const legal = v.hand!.legal!;
  const options: Array<[string, number?]> = [];
  if (legal.fold) options.push(['fold']);
  if (legal.check) options.push(['check'], ['check']);
  if (legal.call) options.push(['call'], ['call'], ['call']);
  if (legal.bet)
    options.push(['bet', legal.bet.min + Math.floor(rng.next() * (legal.bet.max - legal.bet.min + 1) * 0.3)]);
  if (legal.raise) options.push(['raise', legal.raise.min]);
  if (legal.allIn !== null && rng.next() < 0.3) options.push(['allin']);
  return options[Math.floor(rng.next() * options.length)];
}

async function waitFor(cond: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('poker chips are never created or lost (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let url: string;
  let sql: SqlService;
  const sockets: TableSocket[] = [];

  beforeAll(async () => {
    // a slow CI machine must not let the turn timer play for the test (the timer has its own test below)
    await clearPokerFloor();
    ({ app, url } = await createPokerApp({ betweenHandsMs: 20, turnMs: 60_000 }));
    sql = app.get(SqlService);
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => app.close());

  it('three humans, 12 hands of random play: chips + HC + kept chips stay constant at every point', async () => {
    const players = [await signIn(app), await signIn(app), await signIn(app)];
    const before = await holdings(sql, players);
    const rng = sfc32(2024);
    const socks = await Promise.all(players.map((p) => openTable(url, p.cookie, 'pulsar')));
    sockets.push(...socks);
    for (const [i, p] of players.entries())
      expect((await p.post('/api/poker/tables/pulsar/buy-in', { amount: 3 + i })).status).toBe(200);
    const watcher = socks[0];
    // hands are counted as they finish: their numbers go on from the table's last recorded hand, which
    // an earlier suite may have played (the first view can even be an empty table before the owner's)
    let lastFinished = watcher.last().hand?.handNo ?? 0;
    let played = 0;
    while (played < 12) {
      const v = await watcher.until(
        (x) => toAct(x) !== null || (x.hand?.finished === true && x.hand.handNo > lastFinished),
      );
      if (v.hand!.finished) {
        lastFinished = v.hand!.handNo;
        played++;
        // between hands the database alone must account for every chip
        expect(await holdings(sql, players)).toBe(before);
        // busted players buy in again so the table keeps going
        for (const p of players)
          if ((await p.get('/api/poker/me')).body.seat?.chips === 0)
            expect((await p.post('/api/poker/tables/pulsar/buy-in', { amount: 2 })).status).toBe(200);
        continue;
      }
      const seat = toAct(v)!;
      const sock = socks.find((s) => s.last().you?.seat === seat)!;
      const mine = await sock.until((x) => toAct(x) === seat && x.hand!.legal !== null);
      const [action, amount] = randomMove(mine, rng);
      expect(await sock.act('pulsar', action, amount)).toEqual({ ok: true });
      await watcher.until((x) => x !== v);
    }
    for (const p of players) await p.post('/api/poker/cash-out');
    expect(await holdings(sql, players)).toBe(before);
    const hands = await sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM poker_hand_players WHERE user_id = ANY($1::bigint[])`,
      [players.map((p) => p.id)],
    );
    expect(Number(hands[0].n)).toBeGreaterThanOrEqual(24);
  });

  it('against bots: what the human wins or loses is exactly what the bots lose or win', async () => {
    const human = await signIn(app);
    const before = await holdings(sql, [human]);
    const sock = await openTable(url, human.cookie, 'andromeda');
    sockets.push(sock);
    const firstHand = (sock.last().hand?.handNo ?? 0) + 1;
    expect((await human.post('/api/poker/tables/andromeda/buy-in', { amount: 10 })).status).toBe(200);
    let finished = 0;
    while (finished < 6) {
      const v = await sock.until(
        (x) => (x.hand?.legal ?? null) !== null || (x.hand?.finished === true && x.hand.handNo >= firstHand + finished),
      );
      if (v.hand!.finished) {
        finished++;
        continue;
      }
      const legal = v.hand!.legal!;
      expect(await sock.act('andromeda', legal.check ? 'check' : legal.toCall <= 40 ? 'call' : 'fold')).toEqual({
        ok: true,
      });
      await sock.until((x) => x !== v);
    }
    const out = (await human.post('/api/poker/cash-out')).body;
    expect(out.chips).toBeGreaterThanOrEqual(0);
    // leaving may have folded a hand in play: the bots finish it and it is recorded too
    const last = await sock.until((x) => !!x.hand?.finished);
    await waitFor(
      async () =>
        (
          await sql.query(`SELECT 1 FROM poker_hands WHERE table_id = 'andromeda' AND hand_no = $1`, [
            last.hand!.handNo,
          ])
        ).length === 1,
    );
    const [{ bots, humans }] = await sql.query<{ bots: string; humans: string }>(
      `SELECT sum(h.bots_net) AS bots, sum(p.chips_after - p.chips_before) AS humans
         FROM poker_hands h JOIN poker_hand_players p ON p.hand_id = h.id WHERE p.user_id = $1`,
      [human.id],
    );
    // as bigints: a human who ended even made Number's -0, which toBe tells apart from the bots' 0
    expect(BigInt(bots)).toBe(-BigInt(humans));
    expect((await holdings(sql, [human])) - before).toBe(BigInt(humans));
  });

  it('a top-up between hands adds chips to the seat in one ledger transaction', async () => {
    const p = await signIn(app);
    const sock = await openTable(url, p.cookie, 'pulsar');
    sockets.push(sock);
    await p.post('/api/poker/tables/pulsar/buy-in', { amount: 4 });
    const r = await p.post('/api/poker/tables/pulsar/buy-in', { amount: 3 });
    expect(r.status).toBe(200);
    expect(r.body.you.stack).toBe(700);
    expect((await sql.query(`SELECT chips FROM poker_seats WHERE user_id = $1`, [p.id]))[0].chips).toBe('700');
    expect(BigInt((await ledgerExact(sql, p.id))['HC'])).toBe(993n * 100_000_000n);
    expect((await p.post('/api/poker/cash-out')).body).toMatchObject({
      chips: 700,
      hc: '7',
      changeChips: 0,
      balance: '1000',
    });
  });
});

describe('poker seats survive the process that held them (real PostgreSQL)', () => {
  it('a crash mid-hand voids the hand: the instance that takes the table over seats everyone again as of the hand’s start', async () => {
    await clearPokerFloor();
    const first = await createPokerApp({ leaseMs: 1_500 });
    const second = await createPokerApp({ leaseMs: 1_500 });
    try {
      const [a, b] = [await signIn(first.app), await signIn(first.app)];
      const sock = await openTable(first.url, a.cookie, 'pulsar');
      await a.post('/api/poker/tables/pulsar/buy-in', { amount: 6 });
      await b.post('/api/poker/tables/pulsar/buy-in', { amount: 4 });
      const v = await sock.until((x) => toAct(x) !== null);
      expect(v.hand!.pot).toBe(15); // blinds are in: the crash comes mid-hand
      sock.close();
      await first.app.get(PokerService).halt(); // the process dies: no renewal, nothing released
      await first.app.close();

      const tables = second.app.get(PokerTables);
      await waitFor(async () => tables.get('pulsar') !== undefined, 5_000);
      const sql2 = second.app.get(SqlService);
      const seats = await sql2.query<{ user_id: string; chips: string; instance_id: string }>(
        `SELECT user_id, chips, instance_id FROM poker_seats WHERE user_id = ANY($1::bigint[]) ORDER BY chips DESC`,
        [[a.id, b.id]],
      );
      expect(seats.map((r) => [String(r.user_id), Number(r.chips), r.instance_id])).toEqual([
        [a.id, 600, tables.instanceId],
        [b.id, 400, tables.instanceId],
      ]);
      const [outA, outB] = [await signIn(second.app, a.walletAddress), await signIn(second.app, b.walletAddress)];
      expect((await outA.post('/api/poker/cash-out')).status).toBe(200);
      expect((await outB.post('/api/poker/cash-out')).status).toBe(200);
      // whatever the new owner dealt meanwhile was folded by the cash-outs and recorded
      await waitFor(async () => (await holdings(sql2, [a, b])) === 200_000n);
      expect(await sql2.query(`SELECT 1 FROM poker_seats WHERE user_id = ANY($1::bigint[])`, [[a.id, b.id]])).toEqual(
        [],
      );
    } finally {
      await second.app.close();
    }
  });

  it('a seat at one table blocks a seat at another whichever instance is asked; any instance cashes it out', async () => {
    await clearPokerFloor();
    const one = await createPokerApp();
    const two = await createPokerApp();
    let oneOpen = true;
    try {
      const p = await signIn(one.app);
      await p.post('/api/poker/tables/pulsar/buy-in', { amount: 5 });
      const again = await signIn(two.app, p.walletAddress);
      expect((await again.post('/api/poker/tables/andromeda/buy-in', { amount: 5 })).body).toMatchObject({
        statusCode: 409,
        message: 'You are seated at Pulsar: cash out there first',
      });
      expect((await again.get('/api/poker/me')).body.seat).toMatchObject({ tableId: 'pulsar', chips: 500 });
      expect((await again.post('/api/poker/cash-out')).body).toMatchObject({ chips: 500, hc: '5', changeChips: 0 });
      expect(await ledgerExact(two.app.get(SqlService), p.id)).toEqual({
        HC: String(1000n * 100_000_000n),
        AMINA: '0',
      });
      // a clean shutdown hands the tables over at once
      await one.app.close();
      oneOpen = false;
      const seated = await again.post('/api/poker/tables/andromeda/buy-in', { amount: 5 });
      expect(seated.status).toBe(200);
      expect(two.app.get(PokerTables).get('andromeda')).toBeDefined();
      expect(await ledgerExact(two.app.get(SqlService), p.id)).toEqual({ HC: String(995n * 100_000_000n), AMINA: '0' });
      await again.post('/api/poker/cash-out');
    } finally {
      if (oneOpen) await one.app.close();
      await two.app.close();
    }
  });
});

describe('the turn timer (real PostgreSQL)', () => {
  it('acts for a silent player (check or fold) and sits them out after two timeouts', async () => {
    await clearPokerFloor();
    const { app, url } = await createPokerApp({ turnMs: 250, betweenHandsMs: 50 });
    try {
      const [a, b] = [await signIn(app), await signIn(app)];
      const sock = await openTable(url, a.cookie, 'pulsar');
      await a.post('/api/poker/tables/pulsar/buy-in', { amount: 5 });
      await b.post('/api/poker/tables/pulsar/buy-in', { amount: 5 });
      const started = await sock.until((x) => toAct(x) !== null);
      expect(started.turn).toMatchObject({ seat: toAct(started), totalMs: 250 });
      expect(started.turn!.endsAt - started.serverTime).toBeLessThanOrEqual(250);
      const end = await sock.until((x) => !!x.hand?.finished);
      expect(end.hand!.events.some((e) => e.type === 'action' && e.auto === 'timeout')).toBe(true);
      const out = await sock.until((x) => x.seats.some((s) => s?.sittingOut), 10_000);
      expect(out.seats.filter((s) => s?.sittingOut).length).toBeGreaterThanOrEqual(1);
      // both come back over HTTP (one was not out: nothing changes for it); each answer is the view, written whole
      for (const p of [a, b]) {
        const back = await p.post('/api/poker/tables/pulsar/sit-in');
        expect(back.status).toBe(200);
        expect(back.body.you).toMatchObject({ sittingOut: false });
      }
      expect(answerWatch(app)).toEqual({
        mismatches: [],
        checked: expect.arrayContaining(['POST /api/poker/tables/:id/buy-in', 'POST /api/poker/tables/:id/sit-in']),
      });
      sock.close();
      await a.post('/api/poker/cash-out');
      await b.post('/api/poker/cash-out');
    } finally {
      await app.close();
    }
  });
});
