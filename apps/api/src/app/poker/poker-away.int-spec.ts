import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlService } from '../database/sql.service';
import { signIn } from '../../test/player';
import { ledgerExact } from '../../test/seeds';
import { clearPokerFloor, createPokerApp, openTable, type TableSocket } from '../../test/poker';
import { PokerService } from './poker.service';

const HC = 100_000_000n;
const TABLE = 'pulsar'; // humans only: one player alone never starts a hand
const AWAY_MS = 600;

/** Runs one lease-maintenance pass (the timer's pass may be running: then waits for the next). */
async function maintainOnce(poker: PokerService): Promise<void> {
  const before = Date.now();
  // maintain() answers 0 without doing anything while another pass runs; retry until a pass of ours ran
  while (Date.now() - before < 5_000) {
    const started = (poker as unknown as { maintaining: boolean }).maintaining;
    await poker.maintain();
    if (!started) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no maintenance pass ran');
}

describe('poker: a player gone longer than the away time is cashed out (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let url: string;
  let sql: SqlService;
  let poker: PokerService;
  const sockets: TableSocket[] = [];

  beforeAll(async () => {
    await clearPokerFloor();
    // lease passes only when the test asks (leaseMs long), away after 600 ms
    ({ app, url } = await createPokerApp({ awayMs: AWAY_MS, leaseMs: 600_000 }));
    sql = app.get(SqlService);
    poker = app.get(PokerService);
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => app.close());

  const seatRows = async (userId: string) =>
    (await sql.query<{ n: string }>(`SELECT count(*) AS n FROM poker_seats WHERE user_id = $1`, [userId]))[0].n;

  it('a seated player with no socket (the tab was closed) gets the chips back as HC, as Cash Out would', async () => {
    const p = await signIn(app);
    expect((await p.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 12 })).status).toBe(200);
    expect((await ledgerExact(sql, p.id))['HC']).toBe(String(988n * HC));

    await maintainOnce(poker); // not away yet: seen at the buy-in
    expect(await seatRows(p.id)).toBe('1');

    await new Promise((r) => setTimeout(r, AWAY_MS + 100));
    await maintainOnce(poker);
    expect(await seatRows(p.id)).toBe('0');
    expect((await ledgerExact(sql, p.id))['HC']).toBe(String(1000n * HC));
    const [cashout] = await sql.query<{ delta: string; ref: string }>(
      `SELECT delta::text AS delta, ref FROM ledger WHERE user_id = $1 AND kind = 'poker_cashout'`,
      [p.id],
    );
    expect(cashout).toEqual({ delta: String(12n * HC), ref: `poker:${TABLE}:cashout` });
    expect((await p.get('/api/poker/me')).body.seat).toBeNull();
  });

  it('a player with the table open keeps the seat however long they sit', async () => {
    const p = await signIn(app);
    const s = await openTable(url, p.cookie, TABLE);
    sockets.push(s);
    expect((await p.post(`/api/poker/tables/${TABLE}/buy-in`, { amount: 5 })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, AWAY_MS / 2 + 50));
      await maintainOnce(poker);
    }
    expect(await seatRows(p.id)).toBe('1');

    // the tab closes: after the away time the seat is paid out
    s.close();
    await new Promise((r) => setTimeout(r, 100)); // the server sees the socket close
    await maintainOnce(poker);
    expect(await seatRows(p.id)).toBe('1');
    await new Promise((r) => setTimeout(r, AWAY_MS + 100));
    await maintainOnce(poker);
    expect(await seatRows(p.id)).toBe('0');
    expect((await ledgerExact(sql, p.id))['HC']).toBe(String(1000n * HC));
  });
});
