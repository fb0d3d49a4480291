import type { TableView } from '@cosmic/poker';
import { SqlService } from '../database/sql.service';
import { signIn, type TestPlayer } from '../../test/player';
import { ledgerExact } from '../../test/seeds';
import { clearPokerFloor, createPokerApp, openTable, toAct, type TableSocket } from '../../test/poker';
import { PokerService } from './poker.service';
import { PokerTables } from './poker-tables.service';

const TABLE = 'pulsar'; // humans only
const LEASE_MS = 2_000;
const UNITS_PER_CHIP = 1_000_000n;

async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Per player, from PostgreSQL alone: chips bought, chips cashed out (+ odd chips kept), chips seated, and the recorded hands' net. */
async function accounts(sql: SqlService, players: TestPlayer[]) {
  const rows = await sql.query<{
    user_id: string;
    bought: string;
    paid: string;
    change: string;
    seated: string;
    net: string;
  }>(
    `SELECT u.id AS user_id,
            COALESCE((SELECT -sum(delta) FROM ledger WHERE user_id = u.id AND kind = 'poker_buyin'), 0) / $2 AS bought,
            COALESCE((SELECT sum(delta) FROM ledger WHERE user_id = u.id AND kind = 'poker_cashout'), 0) / $2 AS paid,
            COALESCE((SELECT change_chips FROM poker_wallets WHERE user_id = u.id), 0) AS change,
            COALESCE((SELECT chips FROM poker_seats WHERE user_id = u.id), 0) AS seated,
            COALESCE((SELECT sum(chips_after - chips_before) FROM poker_hand_players WHERE user_id = u.id), 0) AS net
       FROM users u WHERE u.id = ANY($1::bigint[]) ORDER BY u.id`,
    [players.map((p) => p.id), UNITS_PER_CHIP.toString()],
  );
  return rows.map((r) => ({
    userId: String(r.user_id),
    bought: Number(r.bought),
    paid: Number(r.paid) + Number(r.change),
    seated: Number(r.seated),
    net: Number(r.net),
  }));
}

/**
 * Two API instances on one database, in one process (issue 28): the first to start runs the
 * tables, the other forwards its players' actions there over PostgreSQL NOTIFY and relays the
 * table to its sockets; when the owner dies the other takes the table over within the lease.
 */
describe('poker across two API instances (real PostgreSQL)', () => {
  it('players on different instances meet at one table, play to a showdown, and the table survives its owner', async () => {
    const options = { leaseMs: LEASE_MS, betweenHandsMs: 400, turnMs: 60_000 };
    await clearPokerFloor();
    const owner = await createPokerApp(options);
    const other = await createPokerApp(options);
    const sockets: TableSocket[] = [];
    let ownerOpen = true;
    try {
      const ownerTables = owner.app.get(PokerTables);
      const otherTables = other.app.get(PokerTables);
      expect(ownerTables.instanceId).not.toBe(otherTables.instanceId);
      expect(ownerTables.all().map((t) => t.config.id)).toEqual(['andromeda', 'orion', 'pulsar']);
      expect(otherTables.all()).toEqual([]);
      const sql = other.app.get(SqlService);

      // the lobby of the instance that runs nothing shows the owner's tables
      const [p1, p2] = [await signIn(owner.app), await signIn(other.app)];
      const lobby = (await p2.get('/api/poker/tables')).body;
      expect(lobby.find((t: { id: string }) => t.id === 'andromeda')).toMatchObject({ bots: 5, humans: 0 });

      const s1 = await openTable(owner.url, p1.cookie, TABLE);
      const s2 = await openTable(other.url, p2.cookie, TABLE);
      sockets.push(s1, s2);
      expect((await p1.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 10 })).status).toBe(200);
      // forwarded to the owner; the answer is the owner's view after the buy-in
      const bought = await p2.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 10 });
      expect(bought.status).toBe(200);
      expect(bought.body.you).toMatchObject({ stack: 1000 });
      expect(bought.body.seats.filter((s: unknown) => s !== null)).toHaveLength(2);
      // errors come back with the owner's texts
      expect((await p2.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 99 })).body).toMatchObject({
        statusCode: 400,
        message: 'amount must be a whole number of HC between 2 and 20',
      });
      expect((await p2.post(`/api/poker/tables/andromeda/buy-in`, { amount: 5 })).body).toMatchObject({
        statusCode: 409,
        message: 'You are seated at Pulsar: cash out there first',
      });

      // each sees the other, and only their own hole cards
      const both = (v: TableView) =>
        v.seats.filter((s) => s?.kind === 'human').length === 2 && v.hand !== null && !v.hand.finished;
      const [v1, v2] = [await s1.until(both), await s2.until(both)];
      const seat1 = v1.you!.seat;
      const seat2 = v2.you!.seat;
      expect(seat1).not.toBe(seat2);
      expect(v2.seats[seat1]).toMatchObject({ kind: 'human', id: v1.seats[seat1]!.id, stack: v1.seats[seat1]!.stack });
      expect(v1.seats[seat2]).toMatchObject({ kind: 'human', id: v2.seats[seat2]!.id, stack: v2.seats[seat2]!.stack });
      expect(v2.hand!.players.find((p) => p.seat === seat2)!.cards).toHaveLength(2);
      expect(v2.hand!.players.find((p) => p.seat === seat1)!.cards).toBeNull();
      const socketOf = (seat: number) => (seat === seat1 ? s1 : s2);
      const otherSocket = (seat: number) => (seat === seat1 ? s2 : s1);

      // preflop call/check, flop and turn checked, river bet 40 and call: a showdown
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
      for (const [i, [action, amount]] of plan.entries()) {
        const v = await s2.until((x) => toAct(x) !== null && (x.hand!.events.length > 0 || i === 0));
        const actor = toAct(v)!;
        // out of turn, through either instance: the owner's own words
        if (i === 0)
          expect(await otherSocket(actor).act(TABLE, 'check')).toEqual({ ok: false, error: 'It is not your turn' });
        expect(await socketOf(actor).act(TABLE, action, amount)).toEqual({ ok: true });
        await s2.until((x) => x.hand!.events.length > v.hand!.events.length);
      }
      const end = await s2.until((v) => v.hand!.finished);
      expect(end.hand!.street).toBe('showdown');
      expect(end.hand!.pot).toBe(100);
      expect(end.hand!.players.every((p) => p.cards?.length === 2)).toBe(true);
      const net2 = end.hand!.result!.net[seat2];
      // what one won the other lost (a sum, not -net2: a split pot nets 0, and Object.is(0, -0) is false)
      expect(end.hand!.result!.net[seat1] + net2).toBe(0);
      expect((await s1.until((v) => v.hand!.finished)).hand!.result).toEqual(end.hand!.result);
      // the history reached the relayed socket too, with the revealed seed; a socket is sent the history
      // once per change, with whichever view carries it first (the finished one, or one just before or after)
      const hasHand = (v: TableView) => v.history?.[0]?.handNo === end.hand!.handNo;
      const recorded = s2.views.find(hasHand) ?? (await s2.until(hasHand));
      expect(recorded.history![0]).toMatchObject({
        handNo: end.hand!.handNo,
        fairness: { serverSeed: end.fairness.current!.serverSeed },
      });
      await waitFor(
        async () =>
          (await sql.query(`SELECT 1 FROM poker_hand_players WHERE user_id = ANY($1::bigint[])`, [[p1.id, p2.id]]))
            .length === 2,
      );

      // the next hand starts, blinds are in: the owner dies mid-hand
      const second = await s2.until(
        (v) => v.hand !== null && !v.hand.finished && v.hand.handNo === end.hand!.handNo + 1,
      );
      expect(second.hand!.pot).toBe(15);
      const died = Date.now();
      await owner.app.get(PokerService).halt();
      s1.close();
      await owner.app.close();
      ownerOpen = false;

      // the other instance takes the table over within the lease, seats both again with their
      // chips of the last recorded hand (the hand in play is void) and its socket keeps working
      await waitFor(() => otherTables.get(TABLE) !== undefined, LEASE_MS + 2_000);
      expect(Date.now() - died).toBeLessThanOrEqual(LEASE_MS + 1_000);
      const seats = await sql.query<{ user_id: string; chips: string; instance_id: string }>(
        `SELECT user_id, chips, instance_id FROM poker_seats WHERE user_id = ANY($1::bigint[])`,
        [[p1.id, p2.id]],
      );
      expect(Object.fromEntries(seats.map((r) => [String(r.user_id), [Number(r.chips), r.instance_id]]))).toEqual({
        [p1.id]: [1000 - net2, otherTables.instanceId],
        [p2.id]: [1000 + net2, otherTables.instanceId],
      });
      // the socket on the survivor now gets the views of its own table: the void hand is gone
      const back = await s2.until(
        (v) => v.hand === null || v.fairness.current?.serverSeedHash !== second.fairness.current!.serverSeedHash,
      );
      expect(back.seats.filter((s) => s?.kind === 'human')).toHaveLength(2);
      expect(back.you!.seat).toBe(seat2);
      // the new owner shows the recorded history again
      expect((await p2.get(`/api/poker/tables/${TABLE}`)).body.history[0]).toMatchObject({ handNo: end.hand!.handNo });
      // buy-ins = stacks + cash-outs, per player, at the moment of the takeover
      for (const a of await accounts(sql, [p1, p2])) expect(a.bought + a.net).toBe(a.seated + a.paid);

      // play on at the new owner; player 1 comes back on the same table through it
      const p1b = await signIn(other.app, p1.walletAddress); // a session through the survivor (the test's requests went in-process)
      expect(p1b.id).toBe(p1.id);
      const s1b = await openTable(other.url, p1.cookie, TABLE); // the same session cookie works on any instance
      sockets.push(s1b);
      expect(s1b.last().you?.seat).toBe(seat1);
      const third = await s2.until((v) => toAct(v) !== null);
      expect(await (toAct(third) === seat2 ? s2 : s1b).act(TABLE, 'call')).toEqual({ ok: true });

      // both cash out through the survivor: every chip accounted for, per player, in the ledger
      expect((await p1b.post('/api/poker/cash-out')).status).toBe(200);
      expect((await p2.post('/api/poker/cash-out')).status).toBe(200);
      await waitFor(async () =>
        (await accounts(sql, [p1, p2])).every((a) => a.seated === 0 && a.bought + a.net === a.paid),
      );
      const final = await accounts(sql, [p1, p2]);
      expect(final.map((a) => a.bought)).toEqual([1000, 1000]);
      expect(final.reduce((s, a) => s + a.net, 0)).toBe(0); // humans only: what one won the other lost
      expect(final.reduce((s, a) => s + a.paid, 0)).toBe(2000);
      for (const p of [p1, p2]) await ledgerExact(sql, p.id);
    } finally {
      sockets.forEach((s) => s.close());
      if (ownerOpen) await owner.app.close();
      await other.app.close();
    }
  });

  it('an instance that did not answer in time is not waited on for ever; a clean shutdown hands the tables over at once', async () => {
    await clearPokerFloor();
    const owner = await createPokerApp({ forwardTimeoutMs: 300 });
    const other = await createPokerApp({ forwardTimeoutMs: 300 });
    let [ownerOpen, otherOpen] = [true, true];
    try {
      const p = await signIn(other.app);
      // the owner stops answering (its lease still runs): a forwarded action times out with a 503
      await owner.app.get(PokerService).halt();
      const slow = await p.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 5 });
      expect(slow.body).toMatchObject({
        statusCode: 503,
        message: 'The poker table is not answering: try again in a moment',
      });
      expect(await ledgerExact(other.app.get(SqlService), p.id)).toEqual({
        HC: String(1000n * 100_000_000n),
        AMINA: '0',
      });
      await owner.app.close();
      ownerOpen = false;
      // expire the halted owner's leases as time would, then the other instance runs the table on demand
      await other.app.get(SqlService).query(`UPDATE poker_table_leases SET lease_until = now() - interval '1 second'`);
      expect((await p.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 5 })).status).toBe(200);
      expect(other.app.get(PokerTables).get(TABLE)).toBeDefined();

      // a clean shutdown of this owner: a third instance takes every table without waiting for a lease
      const third = await createPokerApp();
      try {
        await other.app.close();
        otherOpen = false;
        await waitFor(() => third.app.get(PokerTables).all().length === 3, 3_000);
        const again = await signIn(third.app, p.walletAddress);
        expect((await again.get('/api/poker/me')).body.seat).toMatchObject({ tableId: TABLE, chips: 500 });
        expect((await again.post('/api/poker/cash-out')).body).toMatchObject({ chips: 500, hc: '5' });
      } finally {
        await third.app.close();
      }
    } finally {
      if (ownerOpen) await owner.app.close();
      if (otherOpen) await other.app.close();
    }
  });
});
