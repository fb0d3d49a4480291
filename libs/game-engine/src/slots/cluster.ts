import { GameEngineError } from '../errors';

/** Grid side: 5 × 5. */
export const GRID_SIDE = 5;
/** Cells in a grid; a grid is a flat row-major array of symbol indexes (index = row * 5 + col). */
export const GRID_CELLS = GRID_SIDE * GRID_SIDE;
/** Smallest winning cluster. */
export const MIN_CLUSTER = 5;

/** A grid position. */
export interface Position {
  row: number;
  col: number;
}

/** A winning cluster: `size` equal symbols, orthogonally connected; positions in row-major order. */
export interface Cluster {
  symbol: number;
  size: number;
  positions: Position[];
}

/**
 * Allocation-free cluster labelling over one grid (iterative flood fill on typed arrays). After
 * `label()`, `count` clusters are known: `symbol[k]`, `size[k]`, and `cell[i]` = k or −1.
 */
export class ClusterLabeller {
  readonly cell = new Int8Array(GRID_CELLS);
  readonly symbol = new Uint8Array(GRID_CELLS);
  readonly size = new Uint8Array(GRID_CELLS);
  count = 0;
  private readonly visited = new Uint8Array(GRID_CELLS);
  private readonly stack = new Uint8Array(GRID_CELLS);
  private readonly members = new Uint8Array(GRID_CELLS);

  constructor(
    private readonly scatter: number,
    private readonly minSize: number = MIN_CLUSTER,
  ) {
    if (!Number.isInteger(minSize) || minSize < 1)
      throw new GameEngineError(`minSize must be a positive integer, got ${minSize}`);
  }

  /** Labels the clusters of `grid` (25 symbol indexes); the scatter never forms clusters. Returns the count. */
  label(grid: ArrayLike<number>): number {
    const { cell, visited, stack, members } = this;
    cell.fill(-1);
    visited.fill(0);
    let count = 0;
    for (let start = 0; start < GRID_CELLS; start++) {
      const sym = grid[start];
      if (visited[start] || sym === this.scatter) continue;
      visited[start] = 1;
      let sp = 0;
      let m = 0;
      stack[sp++] = start;
      while (sp > 0) {
        const c = stack[--sp];
        members[m++] = c;
        const col = c % GRID_SIDE;
        if (c >= GRID_SIDE && !visited[c - GRID_SIDE] && grid[c - GRID_SIDE] === sym) {
          visited[c - GRID_SIDE] = 1;
          stack[sp++] = c - GRID_SIDE;
        }
        if (c < GRID_CELLS - GRID_SIDE && !visited[c + GRID_SIDE] && grid[c + GRID_SIDE] === sym) {
          visited[c + GRID_SIDE] = 1;
          stack[sp++] = c + GRID_SIDE;
        }
        if (col > 0 && !visited[c - 1] && grid[c - 1] === sym) {
          visited[c - 1] = 1;
          stack[sp++] = c - 1;
        }
        if (col < GRID_SIDE - 1 && !visited[c + 1] && grid[c + 1] === sym) {
          visited[c + 1] = 1;
          stack[sp++] = c + 1;
        }
      }
      if (m >= this.minSize) {
        for (let k = 0; k < m; k++) cell[members[k]] = count;
        this.symbol[count] = sym;
        this.size[count] = m;
        count++;
      }
    }
    this.count = count;
    return count;
  }

  /** Cluster k of the last `label()` as an object (positions row-major). */
  cluster(k: number): Cluster {
    const positions: Position[] = [];
    for (let i = 0; i < GRID_CELLS; i++) {
      if (this.cell[i] === k) positions.push({ row: Math.floor(i / GRID_SIDE), col: i % GRID_SIDE });
    }
    return { symbol: this.symbol[k], size: this.size[k], positions };
  }
}

/** Winning clusters (≥ minSize orthogonally connected equal symbols, never the scatter) of a 5×5 grid. */
export function findClusters(grid: ArrayLike<number>, scatter: number, minSize: number = MIN_CLUSTER): Cluster[] {
  if (grid.length !== GRID_CELLS) throw new GameEngineError(`A grid has ${GRID_CELLS} cells, got ${grid.length}`);
  const labeller = new ClusterLabeller(scatter, minSize);
  const n = labeller.label(grid);
  return Array.from({ length: n }, (_, k) => labeller.cluster(k));
}
