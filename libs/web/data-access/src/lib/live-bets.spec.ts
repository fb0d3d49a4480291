import {
  LIVE_RETRY_MAX_MS,
  LIVE_ROWS,
  liveRetryDelay,
  matchesTab,
  mergeLiveBets,
  revealLiveBets,
  type LiveBet,
  type LiveTab,
} from './live-bets';

const bet = (id: number, over: Partial<LiveBet> = {}): LiveBet => ({
  id: String(id),
  game: 'dice',
  username: `cosmic_${id}`,
  time: new Date(Date.UTC(2026, 10, 25, 9, 0, id % 60)).toISOString(),
  currency: 'HC',
  amount: '10',
  multiplier: '2',
  payout: '20',
  highRoller: false,
  mine: false,
  verify: {
    nonce: id,
    clientSeed: 'c',
    serverSeedHash: 'ab'.repeat(32),
    serverSeed: null,
    params: { betType: 'high' },
  },
  ...over,
});
const ids = (rows: LiveBet[]) => rows.map((r) => Number(r.id));

describe('matchesTab', () => {
  it.each<[string, Partial<LiveBet>, LiveTab, boolean]>([
    ['any bet is in All', {}, 'all', true],
    ['a high roller is in High rollers', { highRoller: true }, 'high', true],
    ['an ordinary bet is not in High rollers', {}, 'high', false],
    ['my bet is in My bets', { mine: true }, 'mine', true],
    ['another player’s high roller is not in My bets', { highRoller: true }, 'mine', false],
  ])('%s', (_name, over, tab, expected) => {
    expect(matchesTab(bet(1, over), tab)).toBe(expected);
  });
});

describe('mergeLiveBets', () => {
  it('puts a batch (newest first) above the rows kept', () => {
    expect(ids(mergeLiveBets([bet(3), bet(2)], [bet(5), bet(4)], 'all'))).toEqual([5, 4, 3, 2]);
  });

  it(`keeps the newest ${LIVE_ROWS} rows`, () => {
    const kept = Array.from({ length: LIVE_ROWS }, (_, i) => bet(LIVE_ROWS - i)); // 20 … 1
    const merged = mergeLiveBets(kept, [bet(22), bet(21)], 'all');
    expect(merged).toHaveLength(LIVE_ROWS);
    expect(ids(merged).slice(0, 3)).toEqual([22, 21, 20]);
    expect(ids(merged).at(-1)).toBe(3);
  });

  it('shows a bet delivered twice once, as the newer copy (its seed revealed since)', () => {
    const revealed = bet(7, { verify: { ...bet(7).verify, serverSeed: 'cd'.repeat(32) } });
    const merged = mergeLiveBets([bet(7), bet(6)], [revealed], 'all');
    expect(ids(merged)).toEqual([7, 6]);
    expect(merged[0].verify.serverSeed).toBe('cd'.repeat(32));
  });

  it('orders by id as a number, not as text (10 after 9)', () => {
    expect(ids(mergeLiveBets([bet(9)], [bet(10)], 'all'))).toEqual([10, 9]);
  });

  it.each<[LiveTab, number[]]>([
    ['all', [14, 13, 12, 11]],
    ['high', [13, 11]],
    ['mine', [14, 11]],
  ])('the %s tab takes only its own bets from a batch', (tab, expected) => {
    const batch = [bet(14, { mine: true }), bet(13, { highRoller: true }), bet(12)];
    const current = [bet(11, { mine: true, highRoller: true })];
    expect(ids(mergeLiveBets(current, batch, tab))).toEqual(expected);
  });

  it('gives back the very rows it had for a batch with nothing for the tab (no patch, no re-render)', () => {
    const current = [bet(2, { mine: true })];
    expect(mergeLiveBets(current, [bet(3)], 'mine')).toBe(current);
    expect(mergeLiveBets(current, [], 'all')).toBe(current);
    expect(mergeLiveBets(current, [bet(3, { mine: true })], 'mine')).not.toBe(current);
  });
});

describe('revealLiveBets', () => {
  const seed = 'cd'.repeat(32);
  const other = { ...bet(1).verify, serverSeedHash: 'ef'.repeat(32) };
  it.each<[string, LiveBet[], (string | null)[]]>([
    ['gives the rows of the revealed pair their seed', [bet(2), bet(1)], [seed, seed]],
    ['leaves rows of other pairs sealed', [bet(2), bet(1, { verify: other })], [seed, null]],
    [
      'keeps a seed a row already has',
      [bet(1, { verify: { ...bet(1).verify, serverSeed: 'aa'.repeat(32) } })],
      ['aa'.repeat(32)],
    ],
    ['changes nothing in an empty feed', [], []],
  ])('%s', (_name, rows, seeds) => {
    const out = revealLiveBets(rows, [{ serverSeedHash: 'ab'.repeat(32), serverSeed: seed }]);
    expect(out.map((r) => r.verify.serverSeed)).toEqual(seeds);
    expect(ids(out)).toEqual(ids(rows));
  });

  it('returns the very same rows when nothing is revealed for them (no patch, no re-render)', () => {
    const rows = [bet(1, { verify: other })];
    expect(revealLiveBets(rows, [{ serverSeedHash: 'ab'.repeat(32), serverSeed: seed }])).toBe(rows);
  });

  it('keeps the rows of other pairs as the same objects beside a revealed one', () => {
    const rows = [bet(2), bet(1, { verify: other })];
    const out = revealLiveBets(rows, [{ serverSeedHash: 'ab'.repeat(32), serverSeed: seed }]);
    expect(out).not.toBe(rows);
    expect(out[1]).toBe(rows[1]);
  });
});

describe('liveRetryDelay: a refused stream backs off instead of hammering the caps', () => {
  it.each([
    [1, 0.999999, 2000],
    [1, 0, 1000],
    [2, 0.999999, 4000],
    [3, 0.999999, 8000],
    [5, 0.999999, 32_000],
    [6, 0.999999, LIVE_RETRY_MAX_MS],
    [40, 0.999999, LIVE_RETRY_MAX_MS],
    [40, 0, LIVE_RETRY_MAX_MS / 2],
  ])('after %i refusals in a row (random %d) waits %i ms', (failures, random, ms) => {
    expect(liveRetryDelay(failures, random)).toBe(ms);
  });
});
