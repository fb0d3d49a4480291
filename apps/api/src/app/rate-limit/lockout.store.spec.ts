import { MemoryLockoutStore } from './lockout.store';

const MIN = 60_000;
const T0 = 1_000 * MIN; // a window boundary

describe('MemoryLockoutStore (sliding window)', () => {
  it('counts hits per key within a window', () => {
    const s = new MemoryLockoutStore();
    expect([1, 2, 3].map(() => s.hit('a', MIN, T0 + 10))).toEqual([1, 2, 3]);
    expect(s.hit('b', MIN, T0 + 10)).toBe(1);
  });

  it('weighs the previous window by its remaining overlap, so a burst at the edge cannot double the limit', () => {
    const s = new MemoryLockoutStore();
    for (let i = 0; i < 100; i++) s.hit('ip', MIN, T0 + MIN - 1);
    // a quarter into the next window, 75% of the previous window still counts
    expect(s.hit('ip', MIN, T0 + MIN + MIN / 4)).toBe(1 + 75);
    // two windows later nothing is left
    expect(s.hit('ip', MIN, T0 + 3 * MIN)).toBe(1);
  });

  it('forgets a key on reset', () => {
    const s = new MemoryLockoutStore();
    s.hit('k', MIN, T0);
    s.hit('k', MIN, T0);
    s.reset('k');
    expect(s.hit('k', MIN, T0)).toBe(1);
  });

  it('keeps strikes until the TTL after the last one, whatever window edge lies between', () => {
    const s = new MemoryLockoutStore();
    const DAY = 24 * 60 * MIN;
    const midnight = 20_000 * DAY;
    // struck 30 minutes before midnight, again 45 minutes after: still within a day of the last
    expect(s.strike('ip', DAY, midnight - 30 * MIN)).toBe(1);
    expect(s.strike('ip', DAY, midnight + 45 * MIN)).toBe(2);
    expect(s.strike('ip', DAY, midnight + DAY + 44 * MIN)).toBe(3);
    expect(s.strike('other', DAY, midnight)).toBe(1);
    // a full TTL after the last strike the count starts again
    expect(s.strike('ip', DAY, midnight + 2 * DAY + 44 * MIN)).toBe(1);
  });

  it('locks a key until a time and unlocks it afterwards', () => {
    const s = new MemoryLockoutStore();
    s.lock('ip', T0 + MIN);
    expect(s.lockedUntil('ip', T0)).toBe(T0 + MIN);
    expect(s.lockedCount(T0)).toBe(1);
    expect(s.lockedUntil('ip', T0 + MIN)).toBe(0);
    expect(s.lockedCount(T0 + MIN)).toBe(0);
    expect(s.lockedUntil('other', T0)).toBe(0);
  });

  it('forgets counters two windows after their last hit and locks once they end: memory never grows with old addresses', () => {
    const s = new MemoryLockoutStore();
    for (let i = 0; i < 1000; i++) s.hit(`ip-${i}`, MIN, T0 + 10);
    s.lock('locked', T0 + MIN);
    expect(s.size).toBe(1001);
    // the next hit two windows later sweeps every idle entry and the ended lock
    s.hit('late', MIN, T0 + 2 * MIN);
    expect(s.size).toBe(1);
  });
});
