import { GameEngineError } from '../errors';
import type { FloatSource } from '../fair/source';
import { ratio, type Rational } from '../rational';
import { CascadeEngine, type CascadeResult, type ClusterPay } from './cascade';
import { GRID_CELLS } from './cluster';

/** A slots symbol; the grid holds indexes into `SlotsModel.symbols`. */
export interface SlotSymbol {
  id: string;
  emoji: string;
  /** Display name (optional). */
  name?: string;
  /** Base-game weight (a non-negative integer). */
  weight: number;
}

/**
 * The slots math model: the symbol weight tables, the pays, the free-spin terms and the win cap.
 * `SLOTS_MODEL` (slots/cosmic-chaos.ts) is the shipped one; any model of this shape can be played.
 */
export interface SlotsModel {
  symbols: SlotSymbol[];
  /** Id of the scatter symbol (never forms clusters; awards free spins). */
  scatterId: string;
  /** Smallest winning cluster (5 in the design). */
  minCluster: number;
  /** Pays are integers in 1/payScale of the bet (e.g. 100 = hundredths). */
  pays: Record<string, number[]>;
  payScale: number;
  /** Cap on one spin's total win, in bets, applied after the free-spin multiplier (a positive integer). */
  maxWin: number;
  freeSpins: {
    /** Fewest scatters on a spin's final grid that award free spins. */
    scattersToTrigger: number;
    /** Spins awarded for scattersToTrigger + i scatters (entry i); more scatters use the last entry. */
    awards: number[];
    /** Whether scatters during free spins award more free spins. */
    retrigger: boolean;
    /** Win multiplier during free spins (×3 in the design; a positive integer). */
    multiplier: number;
    /** Weights per symbol (same order as `symbols`) for the richer free-spin set. */
    weights: number[];
  };
  buyBonus: {
    /** Price in bets (100 in the design). */
    cost: number;
    spins: number;
  };
}

const isCount = (n: unknown, min: number): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n >= min;

/** Checks a model's shape and returns an error message, or null when it is usable. */
export function slotsModelError(model: SlotsModel): string | null {
  const n = model.symbols.length;
  if (n < 2 || n > 254) return 'a model needs 2..254 symbols';
  const ids = new Set(model.symbols.map((s) => s.id));
  if (ids.size !== n) return 'symbol ids must be unique';
  if (!ids.has(model.scatterId)) return `scatterId "${model.scatterId}" is not a symbol`;
  if (!Number.isInteger(model.minCluster) || model.minCluster < 2 || model.minCluster > GRID_CELLS)
    return 'minCluster must be 2..25';
  if (!Number.isInteger(model.payScale) || model.payScale < 1) return 'payScale must be a positive integer';
  const intW = (w: number): boolean => Number.isInteger(w) && w >= 0;
  if (!model.symbols.every((s) => intW(s.weight))) return 'weights must be non-negative integers';
  const fs = model.freeSpins;
  if (fs.weights.length !== n || !fs.weights.every(intW))
    return 'freeSpins.weights needs one integer weight per symbol';
  for (const table of [model.symbols.map((s) => s.weight), fs.weights]) {
    const total = table.reduce((a, b) => a + b, 0);
    if (total < 1 || total >= 2 ** 21) return 'each weight table must total 1..2^21-1';
  }
  for (const s of model.symbols) {
    if (s.id === model.scatterId) continue;
    const row = model.pays[s.id];
    if (!row || row.length === 0 || !row.every(intW))
      return `pays.${s.id} must be a non-empty list of non-negative integers`;
  }
  if (!isCount(model.maxWin, 1) || !Number.isSafeInteger(model.maxWin * model.payScale))
    return 'maxWin must be a positive integer (bets)';
  if (!isCount(fs.scattersToTrigger, 1)) return 'freeSpins.scattersToTrigger must be a positive integer';
  if (!Array.isArray(fs.awards) || fs.awards.length === 0 || !fs.awards.every((a) => isCount(a, 1)))
    return 'freeSpins.awards must be a non-empty list of positive integers';
  if (typeof fs.retrigger !== 'boolean') return 'freeSpins.retrigger must be true or false';
  if (!isCount(fs.multiplier, 1)) return 'freeSpins.multiplier must be a positive integer';
  if (!isCount(model.buyBonus.cost, 1) || !isCount(model.buyBonus.spins, 1))
    return 'buyBonus cost and spins must be positive integers';
  return null;
}

/** The pay function of a model: integer pay units for (symbol index, cluster size). */
export function modelPay(model: SlotsModel): ClusterPay {
  const table = model.symbols.map((s) => model.pays[s.id] ?? [0]);
  return (symbol, size) => {
    const row = table[symbol];
    return row[Math.min(size - model.minCluster, row.length - 1)];
  };
}

/** Free spins awarded for `scatters` scatters on a spin's final grid (0 below the trigger). */
export function freeSpinsFor(model: SlotsModel, scatters: number): number {
  const { scattersToTrigger, awards } = model.freeSpins;
  if (scatters < scattersToTrigger) return 0;
  return awards[Math.min(scatters - scattersToTrigger, awards.length - 1)];
}

/** A cascade engine for a model's base game (or free spins with `freeSpins = true`). */
export function slotsEngine(model: SlotsModel, freeSpins = false): CascadeEngine {
  const weights = freeSpins ? model.freeSpins.weights : model.symbols.map((s) => s.weight);
  const scatter = model.symbols.findIndex((s) => s.id === model.scatterId);
  return new CascadeEngine(weights, scatter, modelPay(model), model.minCluster);
}

/**
 * A model's two cascade engines (base and free-spin weights) with its win rules: the free-spin
 * multiplier, the per-spin cap and the free-spin awards. `baseSpin` and `freeSpin` are the
 * allocation-free paths the simulations use; they return the spin's win in pay units (1/payScale
 * of the bet), multiplier and cap applied, exactly what `playSlots` pays.
 */
export class SlotsMachine {
  readonly base: CascadeEngine;
  readonly free: CascadeEngine;
  /** The per-spin cap in pay units (maxWin × payScale). */
  readonly capUnits: number;
  /** Free spins awarded by the last spin (0 for a free spin unless the model retriggers). */
  lastAward = 0;
  /** Whether the cap cut the last spin's win. */
  lastCapped = false;
  private readonly awardTable: Int32Array;

  constructor(readonly model: SlotsModel) {
    const error = slotsModelError(model);
    if (error) throw new GameEngineError(`Invalid slots model: ${error}`);
    this.base = slotsEngine(model, false);
    this.free = slotsEngine(model, true);
    this.capUnits = model.maxWin * model.payScale;
    this.awardTable = Int32Array.from({ length: GRID_CELLS + 1 }, (_, s) => freeSpinsFor(model, s));
  }

  /** One paid spin: capped win in pay units; `lastAward` holds the free spins it awards. */
  baseSpin(source: FloatSource): number {
    const win = this.base.spinWin(source);
    this.lastAward = this.awardTable[this.base.lastScatters];
    return this.capped(win);
  }

  /** One free spin: win × multiplier, capped, in pay units; `lastAward` is 0 unless retriggers are on. */
  freeSpin(source: FloatSource): number {
    const win = this.free.spinWin(source) * this.model.freeSpins.multiplier;
    this.lastAward = this.model.freeSpins.retrigger ? this.awardTable[this.free.lastScatters] : 0;
    return this.capped(win);
  }

  private capped(units: number): number {
    this.lastCapped = units > this.capUnits;
    return this.lastCapped ? this.capUnits : units;
  }
}

/**
 * Plays one spin of a model on raw symbol indexes (the cascade engine's own result) and gives its
 * total win as an exact multiplier of the bet: × the free-spin multiplier in free spins, then capped
 * at `maxWin`. `playSlots` is the same spin with symbol ids, exact per-cluster multipliers and the award.
 */
export function playSlotsSpin(
  model: SlotsModel,
  stream: FloatSource,
  freeSpins = false,
): CascadeResult & { multiplier: Rational } {
  const result = slotsEngine(model, freeSpins).spin(stream);
  const scale = freeSpins ? model.freeSpins.multiplier : 1;
  const units = Math.min(result.totalWin * scale, model.maxWin * model.payScale);
  return { ...result, multiplier: ratio(units, model.payScale) };
}
