import { GameEngineError } from '../errors';
import type { FloatSource } from '../fair/source';
import { ratio, type Rational, type RationalJson, toJsonR, toNumber } from '../rational';
import type { CascadeEngine } from './cascade';
import type { Position } from './cluster';
import { SLOTS_MODEL } from './cosmic-chaos';
import { freeSpinsFor, type SlotsModel, slotsEngine, slotsModelError } from './model';

/** A paid spin (`base`) or a free spin (`free`: free-spin weights, × multiplier). */
export type SlotsMode = 'base' | 'free';

/** A cluster that paid: its symbol id, size, cells (row-major) and win as an exact multiplier of the bet. */
export interface SlotsClusterWin {
  symbol: string;
  size: number;
  positions: Position[];
  /** Pay of this cluster × bet, including the free-spin multiplier in free mode (before the spin cap). */
  multiplier: Rational;
}

/** One winning cascade step: the grid as it stood (25 symbol ids, row-major) and its clusters. */
export interface SlotsCascade {
  grid: string[];
  clusters: SlotsClusterWin[];
  /** Sum of this step's cluster multipliers. */
  multiplier: Rational;
}

/** Everything one spin did, for the API, the verifier and the animation. */
export interface SlotsSpin {
  mode: SlotsMode;
  /** The first grid (25 symbol ids, row-major). */
  initialGrid: string[];
  /** Each winning step in order; empty when the spin wins nothing. */
  cascades: SlotsCascade[];
  /** The grid when no cluster is left. */
  finalGrid: string[];
  /** Scatters on the final grid (scatters never vanish, so every scatter the spin showed). */
  scatters: number;
  /** Free spins this spin awards (0 for a free spin: no retriggers in the shipped model). */
  freeSpinsAwarded: number;
  /** Sum of all cascades before the cap. */
  uncappedMultiplier: Rational;
  /** True when the per-spin cap (`model.maxWin`) cut the win. */
  capped: boolean;
  /** The spin's total win × bet: free-spin multiplier and cap applied. This is what is paid. */
  multiplier: Rational;
  /** Floats the spin consumed from its stream (25 for the first grid, then one per refilled cell). */
  floatsUsed: number;
}

/** `SlotsSpin` as plain JSON: every multiplier as a `RationalJson` plus its approximate value. */
export type SlotsSpinJson = Omit<SlotsSpin, 'cascades' | 'uncappedMultiplier' | 'multiplier'> & {
  cascades: {
    grid: string[];
    clusters: (Omit<SlotsClusterWin, 'multiplier'> & { multiplier: RationalJson; multiplierValue: number })[];
    multiplier: RationalJson;
    multiplierValue: number;
  }[];
  uncappedMultiplier: RationalJson;
  multiplier: RationalJson;
  multiplierValue: number;
};

// Engines hold a lookup table per weight table; build them once per model object (models are
// treated as immutable once played).
const engines = new WeakMap<SlotsModel, { base: CascadeEngine; free: CascadeEngine }>();

function enginesFor(model: SlotsModel): { base: CascadeEngine; free: CascadeEngine } {
  let pair = engines.get(model);
  if (!pair) {
    const error = slotsModelError(model);
    if (error) throw new GameEngineError(`Invalid slots model: ${error}`);
    pair = { base: slotsEngine(model, false), free: slotsEngine(model, true) };
    engines.set(model, pair);
  }
  return pair;
}

/**
 * Plays one spin. The stream is the spin's own nonce (one nonce per paid spin and per free spin):
 * 25 floats fill the first grid row-major, then one float per refilled cell (see CascadeEngine).
 * `mode: 'free'` uses the free-spin weights and multiplies every win by the free-spin multiplier.
 * The total is capped at `model.maxWin` × bet. Pure: the same stream always gives the same spin.
 */
export function playSlots(
  stream: FloatSource,
  options: { mode: SlotsMode } = { mode: 'base' },
  model: SlotsModel = SLOTS_MODEL,
): SlotsSpin {
  const { mode } = options;
  if (mode !== 'base' && mode !== 'free')
    throw new GameEngineError(`Slots mode must be base or free, got ${String(mode)}`);
  const free = mode === 'free';
  const engine = free ? enginesFor(model).free : enginesFor(model).base;
  const result = engine.spin(stream);
  const scale = free ? model.freeSpins.multiplier : 1;
  const ids = model.symbols.map((s) => s.id);
  const named = (grid: ArrayLike<number>): string[] => Array.from(grid, (s) => ids[s]);
  const units = (u: number): Rational => ratio(u * scale, model.payScale);
  const cascades = result.steps.map((step) => ({
    grid: named(step.grid),
    clusters: step.clusters.map((c) => ({
      symbol: ids[c.symbol],
      size: c.size,
      positions: c.positions,
      multiplier: units(c.win),
    })),
    multiplier: units(step.win),
  }));
  const rawUnits = result.totalWin * scale;
  const capUnits = model.maxWin * model.payScale;
  const awards = !free || model.freeSpins.retrigger;
  return {
    mode,
    initialGrid: result.steps.length > 0 ? cascades[0].grid : named(result.finalGrid),
    cascades,
    finalGrid: named(result.finalGrid),
    scatters: result.scatters,
    freeSpinsAwarded: awards ? freeSpinsFor(model, result.scatters) : 0,
    uncappedMultiplier: ratio(rawUnits, model.payScale),
    capped: rawUnits > capUnits,
    multiplier: ratio(Math.min(rawUnits, capUnits), model.payScale),
    floatsUsed: result.floatsUsed,
  };
}

/** A spin as plain JSON (multipliers as `{num, den}` strings with their approximate values). */
export function slotsSpinJson(spin: SlotsSpin): SlotsSpinJson {
  return {
    ...spin,
    cascades: spin.cascades.map((c) => ({
      grid: c.grid,
      clusters: c.clusters.map((k) => ({
        ...k,
        multiplier: toJsonR(k.multiplier),
        multiplierValue: toNumber(k.multiplier),
      })),
      multiplier: toJsonR(c.multiplier),
      multiplierValue: toNumber(c.multiplier),
    })),
    uncappedMultiplier: toJsonR(spin.uncappedMultiplier),
    multiplier: toJsonR(spin.multiplier),
    multiplierValue: toNumber(spin.multiplier),
  };
}
