import { randomGrid, spinFrames, SYMBOLS } from './slots-frames';

const g = (s: string) => Array.from({ length: 25 }, () => s);

describe('slots frames', () => {
  it('a losing spin is just the initial grid', () => {
    const grid = g('🌙');
    expect(spinFrames({ initialGrid: grid, cascades: [], grid })).toEqual([{ grid, lit: [], ms: 0 }]);
  });

  it('each cascade lights its clusters, vanishes them, then the refilled grid follows', () => {
    const a = g('⭐');
    const b = g('🌍');
    const positions = [0, 1, 2, 3, 4].map((col) => ({ row: 1, col }));
    const frames = spinFrames({
      initialGrid: a,
      cascades: [{ grid: a, clusters: [{ symbol: '⭐', size: 5, positions, multiplier: 1 }], multiplier: 1 }],
      grid: b,
    });
    expect(frames.map((f) => f.lit)).toEqual([[], [5, 6, 7, 8, 9], [], []]);
    expect(frames[2].grid.filter((s) => s === null)).toHaveLength(5);
    expect(frames[2].grid[5]).toBeNull();
    expect(frames[3].grid).toBe(b);
  });

  it('shuffles with the ten symbols', () => {
    const grid = randomGrid();
    expect(grid).toHaveLength(25);
    expect(grid.every((s) => (SYMBOLS as readonly string[]).includes(s))).toBe(true);
  });
});
