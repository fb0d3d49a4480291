import { RollingSeries } from './rolling-series';
import { Throttle } from './throttle';

describe('RollingSeries', () => {
  it('sums per bucket, oldest first, and reads passed buckets as zero', () => {
    const s = new RollingSeries(5, 1000);
    s.add(10_000);
    s.add(10_500, 2);
    s.add(12_100);
    expect(s.series(12_999)).toEqual([0, 0, 3, 0, 1]);
    // 4 seconds later the first bucket has left the window; its slot was never cleared
    expect(s.series(15_000)).toEqual([0, 1, 0, 0, 0]);
    expect(s.total(15_000)).toBe(1);
    expect(s.series(20_000)).toEqual([0, 0, 0, 0, 0]);
  });

  it("keeps the maximum per bucket in 'max' mode", () => {
    const s = new RollingSeries(3, 1000, 'max');
    s.add(1000, 4);
    s.add(1100, 9);
    s.add(1200, 2);
    expect(s.series(1999)).toEqual([0, 0, 9]);
  });

  it('sums the last n buckets', () => {
    const s = new RollingSeries(4, 1000);
    for (let t = 0; t < 4000; t += 1000) s.add(t, t / 1000 + 1);
    expect(s.total(3999, 2)).toBe(3 + 4);
  });
});

describe('Throttle', () => {
  it('lets a key fire once per period and forgets the oldest keys beyond its size', () => {
    const t = new Throttle(1000, 2);
    expect([t.allow('a', 0), t.allow('a', 500), t.allow('a', 1000)]).toEqual([true, false, true]);
    t.allow('b', 1000);
    t.allow('c', 1000); // 'a' is forgotten
    expect(t.allow('a', 1001)).toBe(true);
  });
});
