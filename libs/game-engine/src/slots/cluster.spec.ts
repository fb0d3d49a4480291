import { GameEngineError } from '../errors';
import { ClusterLabeller, findClusters } from './cluster';

/** Parses a 5-line picture: one character per cell, digits are symbol indexes, S the scatter (9). */
const grid = (picture: string): number[] =>
  picture
    .trim()
    .split('\n')
    .flatMap((line) => [...line.trim()].map((c) => (c === 'S' ? 9 : Number(c))));
const SCATTER = 9;
const summary = (g: number[]) => findClusters(g, SCATTER).map((c) => `${c.symbol}×${c.size}`);

describe('findClusters', () => {
  it.each([
    ['no cluster on a checkerboard', '01010\n10101\n01010\n10101\n01010', []],
    ['a row of five', '11111\n02020\n20202\n02020\n20202', ['1×5']],
    ['four is not enough', '11112\n02020\n20202\n02020\n20202', []],
    ['a column of five', '10202\n12020\n10202\n12020\n10202', ['1×5']],
    ['an L shape', '10202\n12020\n10202\n11120\n20202', ['1×6']],
    ['diagonals do not connect', '12020\n21202\n02120\n20212\n02021', []],
    ['the whole grid', '33333\n33333\n33333\n33333\n33333', ['3×25']],
    ['two clusters of the same symbol stay apart', '11102\n11020\n02020\n20211\n02111', ['1×5', '1×5']],
    ['scatters never form clusters', 'SSSSS\nSSSSS\n01010\n10101\n01010', []],
    ['a scatter breaks a chain', '11S11\n02020\n20202\n02020\n20202', []],
    ['several symbols', '11122\n11222\n34343\n44444\n34343', ['1×5', '2×5', '4×9']],
  ])('%s', (_name, picture, expected) => {
    expect(summary(grid(picture))).toEqual(expected);
  });

  it('reports positions {row, col} in row-major order', () => {
    const [c] = findClusters(grid('10202\n12020\n10202\n11120\n20202'), SCATTER);
    expect(c.positions).toEqual([
      { row: 0, col: 0 },
      { row: 1, col: 0 },
      { row: 2, col: 0 },
      { row: 3, col: 0 },
      { row: 3, col: 1 },
      { row: 3, col: 2 },
    ]);
  });

  it('respects a custom minimum size and labels cells in the allocation-free labeller', () => {
    const g = grid('11202\n02020\n20202\n02020\n20202');
    expect(findClusters(g, SCATTER, 2).map((c) => c.size)).toEqual([2]);
    const labeller = new ClusterLabeller(SCATTER);
    expect(labeller.label(grid('11111\n02020\n20202\n02020\n20202'))).toBe(1);
    expect(Array.from(labeller.cell.slice(0, 6))).toEqual([0, 0, 0, 0, 0, -1]);
  });

  it('rejects a grid of the wrong size', () => {
    expect(() => findClusters([1, 2, 3], SCATTER)).toThrow(GameEngineError);
  });
});
