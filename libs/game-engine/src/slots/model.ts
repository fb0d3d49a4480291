import { ratio, type Rational } from '../rational';
import type { FloatSource } from '../fair/source';
import { CascadeEngine, type CascadeResult, type ClusterPay } from './cascade';
import { GRID_CELLS } from './cluster';

/** A slots symbol; the grid holds indexes into `SlotsModel.symbols`. */
export interface SlotSymbol {
  id: string;
  emoji: string;
  /** Base-game weight (a non-negative integer). */
  weight: number;
}

/**
 * The slots math model. The numbers (weights, pays, free-spin terms) are chosen by a later
 * issue through simulation; this type fixes their shape so the cascade engine can run any of them.
 */
export interface SlotsModel {
  symbols: SlotSymbol[];
  /** Id of the scatter symbol (never forms clusters; awards free spins). */
  scatterId: string;
  /** Smallest winning cluster (5 in the design). */
  minCluster: number;
  /** Pays are integers in 1/payScale of the bet (e.g. 100 = hundredths). */
  payScale: number;
  /** Pay table per symbol id: entry i pays a cluster of minCluster + i; bigger clusters use the last entry. */
  pays: Record<string, number[]>;
  freeSpins: {
    /** Scatters on a spin's final grid that award free spins. */
    scattersToTrigger: number;
    spins: number;
    /** Win multiplier during free spins (×3 in the design). */
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

/** Checks a model's shape and returns an error message, or null when it is usable. */
export function slotsModelError(model: SlotsModel): string | null {
  const n = model.symbols.length;
  if (n < 2 || n > 254) return 'a model needs 2..254 symbols';
  const ids = new Set(model.symbols.map((s) => s.id));
  if (ids.size !== n) return 'symbol ids must be unique';
  if (!ids.has(model.scatterId)) return `scatterId "${model.scatterId}" is not a symbol`;
  if (!Number.isInteger(model.minCluster) || model.minCluster < 2 || model.minCluster > GRID_CELLS) return 'minCluster must be 2..25';
  if (!Number.isInteger(model.payScale) || model.payScale < 1) return 'payScale must be a positive integer';
  const intW = (w: number): boolean => Number.isInteger(w) && w >= 0;
  if (!model.symbols.every((s) => intW(s.weight))) return 'weights must be non-negative integers';
  if (model.freeSpins.weights.length !== n || !model.freeSpins.weights.every(intW)) return 'freeSpins.weights needs one integer weight per symbol';
  for (const s of model.symbols) {
    if (s.id === model.scatterId) continue;
    const row = model.pays[s.id];
    if (!row || row.length === 0 || !row.every(intW)) return `pays.${s.id} must be a non-empty list of non-negative integers`;
  }
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

/** A cascade engine for a model's base game (or free spins with `freeSpins = true`). */
export function slotsEngine(model: SlotsModel, freeSpins = false): CascadeEngine {
  const weights = freeSpins ? model.freeSpins.weights : model.symbols.map((s) => s.weight);
  const scatter = model.symbols.findIndex((s) => s.id === model.scatterId);
  return new CascadeEngine(weights, scatter, modelPay(model), model.minCluster);
}

/** Plays one spin of a model and gives its total win as an exact multiplier of the bet. */
export function playSlotsSpin(
  model: SlotsModel,
  stream: FloatSource,
  freeSpins = false,
): CascadeResult & { multiplier: Rational } {
  const result = slotsEngine(model, freeSpins).spin(stream);
  const scale = freeSpins ? model.freeSpins.multiplier : 1;
  return { ...result, multiplier: ratio(result.totalWin * scale, model.payScale) };
}
