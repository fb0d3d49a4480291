import type { SlotsModel } from './model';
import type { SlotsSimulation } from './simulate';

// Cosmic Chaos Slots: the shipped math model. Weights were found by scripts/slots-tune.mjs and
// the published figures measured by scripts/slots-sim.mjs (libs/game-engine/SLOTS.md has the
// commands, their output and the reasoning). Changing any number here changes every outcome:
// re-run both scripts and regenerate the known-answer vectors (scripts/vectors.py).

/** Largest cluster size of each pay band: 5, 6, 7, 8, 9–10, 11–12, 13–15, 16–19, 20–25. */
export const SLOTS_PAY_BANDS: readonly number[] = [5, 6, 7, 8, 10, 12, 15, 19, 25];

// Pays per band in hundredths of the bet (50 = 0.5×), lowest symbol first.
const BAND_PAYS: Record<string, number[]> = {
  moon: [50, 70, 100, 150, 200, 400, 800, 2000, 5000],
  star: [60, 80, 120, 180, 250, 500, 1000, 2500, 6000],
  comet: [80, 100, 150, 200, 300, 600, 1200, 3000, 8000],
  earth: [100, 120, 180, 250, 400, 800, 1500, 4000, 10000],
  saturn: [120, 150, 200, 300, 500, 1000, 2000, 5000, 12500],
  rocket: [150, 200, 300, 400, 600, 1200, 2500, 6000, 15000],
  ufo: [200, 250, 400, 500, 800, 1500, 3000, 7500, 20000],
  alien: [300, 400, 500, 700, 1000, 2000, 4000, 10000, 25000],
  sun: [500, 600, 800, 1000, 1500, 3000, 6000, 15000, 50000],
};

/** One pay per cluster size 5..25 from a row of band pays. */
function expandBands(bands: number[]): number[] {
  const row: number[] = [];
  for (let size = 5, band = 0; size <= 25; size++) {
    while (size > SLOTS_PAY_BANDS[band]) band++;
    row.push(bands[band]);
  }
  return row;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The shipped Cosmic Chaos Slots model (frozen): weights, pays, free spins, cap, buy bonus. */
export const SLOTS_MODEL: SlotsModel = deepFreeze({
  symbols: [
    { id: 'moon', emoji: '🌙', name: 'Moon', weight: 3218 },
    { id: 'star', emoji: '⭐', name: 'Star', weight: 2206 },
    { id: 'comet', emoji: '☄️', name: 'Comet', weight: 1512 },
    { id: 'earth', emoji: '🌍', name: 'Earth', weight: 1036 },
    { id: 'saturn', emoji: '🪐', name: 'Saturn', weight: 710 },
    { id: 'rocket', emoji: '🚀', name: 'Rocket', weight: 487 },
    { id: 'ufo', emoji: '🛸', name: 'UFO', weight: 333 },
    { id: 'alien', emoji: '👽', name: 'Alien', weight: 228 },
    { id: 'sun', emoji: '🌞', name: 'Sun', weight: 157 },
    { id: 'galaxy', emoji: '🌌', name: 'Galaxy (scatter)', weight: 113 },
  ],
  scatterId: 'galaxy',
  minCluster: 5,
  payScale: 100,
  pays: Object.fromEntries(Object.entries(BAND_PAYS).map(([id, bands]) => [id, expandBands(bands)])),
  maxWin: 5000,
  freeSpins: {
    scattersToTrigger: 3,
    awards: [10, 12, 15],
    retrigger: false,
    multiplier: 3,
    weights: [4635, 2495, 1343, 723, 389, 209, 113, 61, 32, 0],
  },
  buyBonus: { cost: 100, spins: 10 },
});

/** A recorded run of scripts/slots-sim.mjs: both simulations, the paid spins per second and the command. */
export interface SlotsPublishedRun {
  base: SlotsSimulation;
  buy: SlotsSimulation;
  /** Paid spins (with the free spins they trigger) per second on one core, as measured. */
  spinsPerSecond: number;
  command: string;
}

/** The published run (SLOTS.md): the RTPs, CIs, hit rate and max wins served at /api/fairness/paytables. */
export const SLOTS_SIMULATION: SlotsPublishedRun = {
  base: {
    mode: 'base',
    rounds: 100_000_000,
    seed: 1,
    rtp: 0.959699686,
    sd: 6.765613909352706,
    ci: [0.9583736256737668, 0.9610257463262332],
    totalUnits: 9_596_996_860,
    hitRate: 0.41154143,
    spinHitRate: 0.40956209,
    maxSpinWin: 239.1,
    maxRoundWin: 451.6,
    capHits: 0,
    triggersByScatters: [0, 0, 0, 369702, 26696, 1534, 69, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    triggers: 398_002,
    freeSpins: 4_041_432,
    paidSpinRtp: 0.571864648,
    freeSpinRtp: 0.387835038,
  },
  buy: {
    mode: 'buy',
    rounds: 1_000_000,
    seed: 1,
    rtp: 0.959613918,
    sd: 0.40646762655421975,
    ci: [0.9588172414519537, 0.9604105945480462],
    totalUnits: 9_596_139_180,
    hitRate: 1,
    spinHitRate: 0.7991352,
    maxSpinWin: 231,
    maxRoundWin: 443.1,
    capHits: 0,
    triggersByScatters: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    triggers: 0,
    freeSpins: 10_000_000,
    paidSpinRtp: 0,
    freeSpinRtp: 0.959613918,
  },
  spinsPerSecond: 811_336,
  command: 'node libs/game-engine/scripts/slots-sim.mjs --spins 100000000 --buys 1000000 --seed 1',
};
