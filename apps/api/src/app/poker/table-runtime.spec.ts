import { DEFAULT_POKER_OPTIONS, DEFAULT_TABLES } from './poker.options';
import { SeatError, TableRuntime, type HandRecord, type TableHooks } from './table-runtime';

const options = {
  ...DEFAULT_POKER_OPTIONS,
  turnMs: 1_000,
  botDelayMs: 10,
  betweenHandsMs: 100,
  firstHandDelayMs: 10,
  botSamples: 10,
};
const [ANDROMEDA, , PULSAR] = DEFAULT_TABLES;

function table(config = ANDROMEDA) {
  const records: HandRecord[] = [];
  let seed = 0;
  const hooks: TableHooks = {
    clientSeeds: async (ids) => ids.map((id) => `client-${id}`),
    handEnded: async (r) => void records.push(r),
    changed: () => undefined,
    newServerSeed: () => (++seed).toString(16).padStart(64, '0'),
    error: (m, e) => {
      throw new Error(`${m}: ${e}`);
    },
  };
  return { t: new TableRuntime(config, options, hooks, 0), records };
}

describe('TableRuntime', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('bots fill the table to five, keeping a seat open for the next human', () => {
    const { t } = table();
    expect(t.summary()).toMatchObject({ humans: 0, bots: 5 });
    expect(t.view(null).seats.filter((s) => s === null)).toHaveLength(1);
    const seat = t.reserve('1', 'Ann');
    expect(t.view('1').seats[seat]).toMatchObject({ kind: 'human', waiting: true });
    t.close();
  });

  it('a failed buy-in frees the reserved seat; one seat per user', () => {
    const { t } = table(PULSAR);
    const seat = t.reserve('1', 'Ann');
    expect(() => t.reserve('1', 'Ann')).toThrow(SeatError);
    t.release('1');
    expect(t.view(null).seats[seat]).toBeNull();
    t.close();
  });

  it('a full table of humans refuses a seventh', () => {
    const { t } = table(PULSAR);
    for (let i = 1; i <= 6; i++) {
      t.reserve(String(i), `P${i}`);
      t.confirm(String(i), 500, String(i));
    }
    expect(() => t.reserve('7', 'Gus')).toThrow('The table is full: try another table or wait for a seat');
    t.close();
  });

  it('deals once a human sits, plays the bots on timers, and records the hand: bots win what the human loses', async () => {
    const { t, records } = table();
    const before = t.view(null).fairness.nextServerSeedHash;
    t.reserve('1', 'Ann');
    t.confirm('1', 1000, '77');
    await jest.advanceTimersByTimeAsync(20);
    const v = t.view('1');
    expect(v.hand).not.toBeNull();
    expect(v.fairness.current).toMatchObject({
      handNo: 1,
      serverSeedHash: before,
      serverSeed: null,
      clientSeed: 'client-1',
      nonce: 1,
    });
    // Ann folds or checks whenever it is her turn; the bots play on their own
    for (let i = 0; i < 200 && records.length === 0; i++) {
      const h = t.view('1').hand!;
      if (!h.finished && h.legal) t.act('1', h.legal.check ? { type: 'check' } : { type: 'fold' });
      await jest.advanceTimersByTimeAsync(20);
    }
    expect(records).toHaveLength(1);
    const [r] = records;
    expect(r.humans).toEqual([expect.objectContaining({ userId: '1', sitId: '77', before: 1000 })]);
    expect(r.botsNet).toBe(r.humans[0].before - r.humans[0].after);
    expect(t.view('1').fairness.current!.serverSeed).toBe(r.fairness.serverSeed);
    expect(t.chipsOf('1')).toBe(r.humans[0].after);
    t.close();
  });

  it('leaving mid-hand takes the chips behind; rejoin puts them back if the cash-out fails', async () => {
    const { t } = table(PULSAR);
    for (const id of ['1', '2']) {
      t.reserve(id, `P${id}`);
      t.confirm(id, 500, `s${id}`);
    }
    await jest.advanceTimersByTimeAsync(20);
    const h = t.view('1').hand!;
    const mine = h.players.find((p) => p.id === 'hs1')!;
    const left = t.leave('1')!;
    expect(left).toEqual({ seat: mine.seat, chips: 500 - mine.bet, sitId: 's1' });
    expect(t.view('2').hand!.finished).toBe(true);
    t.rejoin('1', 'P1', left.seat, left.chips, 's1');
    expect(t.chipsOf('1')).toBe(500 - mine.bet);
    t.close();
  });

  it('a silent human is checked or folded for when the timer runs out, and sits out after two', async () => {
    const { t } = table(PULSAR);
    for (const id of ['1', '2']) {
      t.reserve(id, `P${id}`);
      t.confirm(id, 500, `s${id}`);
    }
    await jest.advanceTimersByTimeAsync(20);
    expect(t.view('1').turn).toMatchObject({ totalMs: 1000 });
    await jest.advanceTimersByTimeAsync(1_000);
    const events = t.view('1').hand!.events;
    expect(events.some((e) => e.type === 'action' && e.auto === 'timeout')).toBe(true);
    for (let i = 0; i < 10; i++) await jest.advanceTimersByTimeAsync(1_000);
    expect(t.view('1').seats.some((s) => s?.sittingOut)).toBe(true);
    t.close();
  });

  it('sit-in while already in changes nothing and never re-arms the turn timer (a sit-in loop cannot freeze the table)', async () => {
    const { t } = table();
    const seat = t.reserve('1', 'Ann');
    t.confirm('1', 1000, '77');
    for (let i = 0; i < 500 && t.view('1').turn?.seat !== seat; i++) await jest.advanceTimersByTimeAsync(10);
    const turn = t.view('1').turn;
    expect(turn?.seat).toBe(seat);
    // spam sit-in all through the turn: its deadline never moves
    while (Date.now() + 100 < turn!.endsAt) {
      expect(t.sitIn('1')).toEqual({ ok: true });
      expect(t.view('1').turn).toEqual(turn);
      await jest.advanceTimersByTimeAsync(100);
    }
    await jest.advanceTimersByTimeAsync(200);
    // the timer ran out on schedule: the table acted for Ann and moved on
    const now = t.view('1');
    expect(now.turn === null || now.turn.seat !== seat || now.turn.endsAt !== turn!.endsAt).toBe(true);
    t.close();
  });
});
