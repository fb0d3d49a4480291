import { GameEngineError } from '../errors';
import type { FloatSource } from '../fair/source';
import { type Cluster, ClusterLabeller, GRID_CELLS, GRID_SIDE, MIN_CLUSTER } from './cluster';

/** Pay of a cluster, as a non-negative integer in the model's pay units (e.g. hundredths of the bet). */
export type ClusterPay = (symbol: number, size: number) => number;

/** A cluster that paid, within one cascade step. */
export interface ClusterWin extends Cluster {
  win: number;
}

/** One cascade step: the grid as it stood, its winning clusters and their total pay. */
export interface CascadeStep {
  grid: number[];
  clusters: ClusterWin[];
  win: number;
}

/** A full spin: every winning step, the final grid (no clusters), total pay, scatters on the final grid. */
export interface CascadeResult {
  steps: CascadeStep[];
  finalGrid: number[];
  totalWin: number;
  scatters: number;
  floatsUsed: number;
}

const EMPTY = 255;

/**
 * Cascade mechanics, generic over a symbol weight table and a pay function.
 *
 * Fill order (the provably-fair contract): the initial grid takes one float per cell in
 * row-major order (cell 0 = top-left … cell 24 = bottom-right). After a win, the winning cells
 * vanish, the remaining symbols of each column fall to the bottom keeping their order, and the
 * empty cells, now at the top of each column, are refilled column by column (col 0 → 4), each
 * column top-down (row 0 first), one float per cell. Repeats until no cluster wins.
 * Symbol from a float: k = floor(f × W) (W = sum of the integer weights); the symbol is the first
 * whose cumulative weight exceeds k.
 */
export class CascadeEngine {
  /** The working grid (symbol indexes, row-major); the final grid after a spin. */
  readonly grid = new Uint8Array(GRID_CELLS);
  /** Cascade steps with a win in the last spin. */
  lastCascades = 0;
  /** Scatters on the final grid of the last spin. */
  lastScatters = 0;
  /** Floats used by the last spin. */
  lastFloats = 0;
  private readonly labeller: ClusterLabeller;
  private readonly lookup: Uint8Array | null;
  private readonly cumulative: Uint32Array;
  private readonly totalWeight: number;

  constructor(
    weights: readonly number[],
    private readonly scatter: number,
    private readonly pay: ClusterPay,
    minCluster: number = MIN_CLUSTER,
    private readonly maxCascades = 1000,
  ) {
    if (weights.length < 2 || weights.length > 254) throw new GameEngineError('A weight table needs 2..254 symbols');
    let total = 0;
    this.cumulative = new Uint32Array(weights.length);
    weights.forEach((w, i) => {
      if (!Number.isInteger(w) || w < 0)
        throw new GameEngineError(`Symbol weights must be non-negative integers, got ${w}`);
      total += w;
      this.cumulative[i] = total;
    });
    if (total <= 0 || total >= 2 ** 21) throw new GameEngineError(`Total weight must be 1..2^21-1, got ${total}`);
    this.totalWeight = total;
    this.lookup = total <= 65536 ? new Uint8Array(total) : null;
    if (this.lookup)
      for (let k = 0, s = 0; k < total; k++) {
        while (k >= this.cumulative[s]) s++;
        this.lookup[k] = s;
      }
    this.labeller = new ClusterLabeller(scatter, minCluster);
  }

  /** Symbol index drawn by a float through the weight table. */
  symbolFor(f: number): number {
    if (!(f >= 0 && f < 1)) throw new GameEngineError(`Float must be in [0, 1), got ${f}`);
    const k = Math.floor(f * this.totalWeight);
    if (this.lookup) return this.lookup[k];
    let s = 0;
    while (k >= this.cumulative[s]) s++;
    return s;
  }

  /** Fast path for simulations: plays a spin and returns the total pay only (no allocation). */
  spinWin(source: FloatSource): number {
    return this.run(source, null);
  }

  /** Plays a spin, recording every step (for the API and the verifier). */
  spin(source: FloatSource): CascadeResult {
    const steps: CascadeStep[] = [];
    const totalWin = this.run(source, steps);
    return {
      steps,
      finalGrid: Array.from(this.grid),
      totalWin,
      scatters: this.lastScatters,
      floatsUsed: this.lastFloats,
    };
  }

  private run(source: FloatSource, steps: CascadeStep[] | null): number {
    const grid = this.grid;
    const labeller = this.labeller;
    let floats = 0;
    for (let i = 0; i < GRID_CELLS; i++) grid[i] = this.symbolFor(source.next());
    floats += GRID_CELLS;
    let total = 0;
    let cascades = 0;
    for (;;) {
      const n = labeller.label(grid);
      if (n === 0) break;
      if (++cascades > this.maxCascades)
        throw new GameEngineError(`More than ${this.maxCascades} cascades in one spin`);
      let stepWin = 0;
      const record: ClusterWin[] | null = steps ? [] : null;
      for (let k = 0; k < n; k++) {
        const w = this.pay(labeller.symbol[k], labeller.size[k]);
        stepWin += w;
        if (record) record.push({ ...labeller.cluster(k), win: w });
      }
      if (steps && record) steps.push({ grid: Array.from(grid), clusters: record, win: stepWin });
      total += stepWin;
      for (let i = 0; i < GRID_CELLS; i++) if (labeller.cell[i] >= 0) grid[i] = EMPTY;
      // Gravity, then refill each column's empty top cells, column by column, top-down.
      for (let col = 0; col < GRID_SIDE; col++) {
        let write = GRID_CELLS - GRID_SIDE + col;
        for (let read = write; read >= 0; read -= GRID_SIDE) {
          const v = grid[read];
          if (v !== EMPTY) {
            grid[write] = v;
            write -= GRID_SIDE;
          }
        }
        for (let c = col; c <= write; c += GRID_SIDE) {
          grid[c] = this.symbolFor(source.next());
          floats++;
        }
      }
    }
    let scatters = 0;
    for (let i = 0; i < GRID_CELLS; i++) if (grid[i] === this.scatter) scatters++;
    this.lastCascades = cascades;
    this.lastScatters = scatters;
    this.lastFloats = floats;
    return total;
  }
}
