import { GameEngineError } from '../errors';
import { sfc32 } from '../fair/prng';
import { SlotsMachine, type SlotsModel } from './model';

/** What a simulation plays: paid spins (with the free spins they trigger) or bonus buys. */
export type SlotsSimulationMode = 'base' | 'buy';

/** The result of a seeded slots simulation. Returns are per unit staked; wins are in bets. */
export interface SlotsSimulation {
  mode: SlotsSimulationMode;
  /** Paid spins (base) or bonus buys (buy). */
  rounds: number;
  seed: number;
  /** Mean return per unit staked: a paid spin stakes 1 bet, a buy `buyBonus.cost` bets. */
  rtp: number;
  /** Standard deviation of one round's return per unit staked. */
  sd: number;
  /** 95% confidence interval: rtp ± 1.96·sd/√rounds. */
  ci: [number, number];
  /** Total paid over all rounds, in pay units (an exact integer; rtp = this / (rounds · stake units)). */
  totalUnits: number;
  /** Share of rounds that return anything (a paid spin's own win or the free spins it triggers). */
  hitRate: number;
  /** Share of paid spins (base) or free spins (buy) whose own cascades pay. */
  spinHitRate: number;
  /** Highest single-spin win seen, in bets (free-spin multiplier and cap applied). */
  maxSpinWin: number;
  /** Highest round return seen, in bets (a paid spin plus its free spins, or a whole buy). */
  maxRoundWin: number;
  /** Spins whose win the cap cut. */
  capHits: number;
  /** Paid spins that awarded free spins, by scatter count (index = scatters). */
  triggersByScatters: number[];
  /** Paid spins that awarded free spins. */
  triggers: number;
  /** Free spins played. */
  freeSpins: number;
  /** Part of `rtp` paid by the paid spins themselves (0 for buys). */
  paidSpinRtp: number;
  /** Part of `rtp` paid by free spins. */
  freeSpinRtp: number;
}

/** A runaway guard for retriggering models: more free spins than this in one round is a bug. */
const MAX_FREE_SPINS_PER_ROUND = 100_000;

/**
 * Seeded simulation of a model through the same `SlotsMachine` paths the game pays by (cap and
 * multiplier included), drawing every spin's floats in order from one sfc32 stream. `base` plays
 * paid spins and, after each, the free spins it awards; `buy` plays bonus buys (`buyBonus.spins`
 * free spins each, plus any retriggers). Deterministic for a model, a mode, a count and a seed.
 */
export function simulateSlots(
  model: SlotsModel,
  mode: SlotsSimulationMode,
  rounds: number,
  seed: number,
): SlotsSimulation {
  if (mode !== 'base' && mode !== 'buy') throw new GameEngineError(`mode must be base or buy, got ${String(mode)}`);
  if (!Number.isSafeInteger(rounds) || rounds < 2)
    throw new GameEngineError(`rounds must be an integer >= 2, got ${rounds}`);
  const machine = new SlotsMachine(model);
  const source = sfc32(seed);
  const stakeUnits = (mode === 'base' ? 1 : model.buyBonus.cost) * model.payScale;
  let total = 0;
  let sumSq = 0;
  let paidUnits = 0;
  let freeUnits = 0;
  let hits = 0;
  let spinHits = 0;
  let maxSpin = 0;
  let maxRound = 0;
  let capHits = 0;
  let triggers = 0;
  let freeSpins = 0;
  const byScatters = new Array<number>(26).fill(0);
  for (let r = 0; r < rounds; r++) {
    let round = 0;
    let pending: number;
    if (mode === 'base') {
      const win = machine.baseSpin(source);
      pending = machine.lastAward;
      if (win > 0) spinHits++;
      if (machine.lastCapped) capHits++;
      if (win > maxSpin) maxSpin = win;
      if (pending > 0) {
        triggers++;
        byScatters[machine.base.lastScatters]++;
      }
      round = win;
      paidUnits += win;
    } else {
      pending = model.buyBonus.spins;
    }
    let played = 0;
    while (pending > 0) {
      pending--;
      const win = machine.freeSpin(source);
      pending += machine.lastAward;
      if (++played > MAX_FREE_SPINS_PER_ROUND)
        throw new GameEngineError(`More than ${MAX_FREE_SPINS_PER_ROUND} free spins in one round`);
      if (mode === 'buy' && win > 0) spinHits++;
      if (machine.lastCapped) capHits++;
      if (win > maxSpin) maxSpin = win;
      round += win;
      freeUnits += win;
    }
    freeSpins += played;
    if (round > 0) hits++;
    if (round > maxRound) maxRound = round;
    total += round;
    sumSq += round * round;
  }
  if (!Number.isSafeInteger(total)) throw new GameEngineError('Simulation total overflowed 2^53 pay units');
  const mean = total / rounds;
  const sdUnits = Math.sqrt(Math.max(0, (sumSq - rounds * mean * mean) / (rounds - 1)));
  const rtp = total / (rounds * stakeUnits);
  const sd = sdUnits / stakeUnits;
  const half = (1.96 * sd) / Math.sqrt(rounds);
  return {
    mode,
    rounds,
    seed,
    rtp,
    sd,
    ci: [rtp - half, rtp + half],
    totalUnits: total,
    hitRate: hits / rounds,
    spinHitRate: spinHits / (mode === 'base' ? rounds : Math.max(1, freeSpins)),
    maxSpinWin: maxSpin / model.payScale,
    maxRoundWin: maxRound / model.payScale,
    capHits,
    triggersByScatters: byScatters,
    triggers,
    freeSpins,
    paidSpinRtp: paidUnits / (rounds * stakeUnits),
    freeSpinRtp: freeUnits / (rounds * stakeUnits),
  };
}
