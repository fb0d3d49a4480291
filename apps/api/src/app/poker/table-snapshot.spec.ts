import { DEFAULT_POKER_OPTIONS, DEFAULT_TABLES } from './poker.options';
import { TableRuntime, type TableHooks } from './table-runtime';
import { MirroredTable, viewFromSnapshot, type TableSnapshot } from './table-snapshot';

const options = {
  ...DEFAULT_POKER_OPTIONS,
  turnMs: 1_000,
  botDelayMs: 10,
  betweenHandsMs: 100,
  firstHandDelayMs: 10,
  botSamples: 10,
};
const [ANDROMEDA, , PULSAR] = DEFAULT_TABLES;

function table(config = PULSAR, restore = {}) {
  let seed = 0;
  const hooks: TableHooks = {
    clientSeeds: async (ids) => ids.map((id) => `client-${id}`),
    handEnded: async () => undefined,
    changed: () => undefined,
    newServerSeed: () => (++seed).toString(16).padStart(64, '0'),
    error: (m, e) => {
      throw new Error(`${m}: ${e}`);
    },
  };
  return new TableRuntime(config, options, hooks, 0, restore);
}

/** What another instance reads back: the snapshot through JSON (as stored in jsonb). */
const stored = (t: TableRuntime): TableSnapshot => JSON.parse(JSON.stringify(t.snapshot()));
const withoutClock = <T extends { serverTime: number }>(v: T) => ({ ...v, serverTime: 0 });

describe('table snapshots (what the other instances relay)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it.each([
    ['between hands', PULSAR, false],
    ['two humans mid-hand', PULSAR, true],
    ['a human among bots mid-hand', ANDROMEDA, true],
  ])('%s: every viewer’s view rebuilt from the snapshot equals the owner’s own', async (_name, config, deal) => {
    const t = table(config);
    for (const id of config.botsFill ? ['1'] : ['1', '2']) {
      t.reserve(id, `P${id}`);
      t.confirm(id, 500, `s${id}`);
    }
    if (deal) await jest.advanceTimersByTimeAsync(20);
    expect(t.view('1').hand !== null).toBe(deal);
    const snap = stored(t);
    for (const viewer of ['1', '2', '99', null])
      expect(withoutClock(viewFromSnapshot(snap, viewer))).toEqual(
        withoutClock(JSON.parse(JSON.stringify(t.view(viewer, false)))),
      );
    // a spectator never sees hole cards; each player only their own
    if (deal) {
      expect(snap.view.hand!.players.every((p) => p.cards === null)).toBe(true);
      const mine = viewFromSnapshot(snap, '1').hand!.players.filter((p) => p.cards !== null);
      expect(mine.map((p) => p.id)).toEqual(['hs1']);
    }
    t.close();
  });

  it('a mirror adds the history when asked and moves the owner’s clock on by the snapshot’s age', () => {
    const t = table();
    t.reserve('1', 'Ann');
    t.confirm('1', 500, 's1');
    const snap = stored(t);
    const history = [{ handNo: 7 } as never];
    const m = new MirroredTable(PULSAR, 3, snap, 7, history);
    jest.advanceTimersByTime(1_500);
    const v = m.view('1');
    expect(v.history).toBe(history);
    expect(v.serverTime).toBe(snap.view.serverTime + 1_500);
    expect(m.view('1', false).history).toBeUndefined();
    expect(m.summary()).toEqual(t.summary());
    expect(m.next(4, snap, 7, null).view(null).history).toBe(history);
    t.close();
  });

  it('a table taken over seats its players again with their recorded chips, before any bot', () => {
    const t = table(ANDROMEDA, {
      seats: [{ userId: '1', name: 'Ann', seat: 2, chips: 740, sitId: '9' }],
      history: [{ handNo: 41 } as never],
    });
    expect(t.view('1').you).toEqual({ seat: 2, stack: 740, sittingOut: false });
    expect(t.summary()).toMatchObject({ humans: 1, bots: 4 });
    expect(t.sittingOf('1')).toBe('9');
    expect(t.historyVersion).toBe(41);
    t.close();
  });
});
