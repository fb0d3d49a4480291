#!/usr/bin/env node
// Finds the Cosmic Chaos weight tables that hit the targets, keeping the shipped pays, free-spin
// awards, multiplier, cap and buy price fixed (src/slots/cosmic-chaos.ts).
//
//   node libs/game-engine/scripts/slots-tune.mjs [--rtp 0.96] [--buy-rtp 0.96] [--trigger 250]
//        [--spins 4000000] [--buys 100000] [--seed 7]
//
// The search space is two one-parameter families, so every step is a monotone bisection:
// - paying weights fall geometrically from the lowest symbol to the highest: w_i ∝ ρ^i, scaled to
//   the table total (10,000) by largest remainders; a smaller ρ concentrates the grid on fewer
//   symbols, so clusters and cascades come more often and the RTP rises;
// - free spins: ρ_free on a 10,000 table with no scatter (no retriggers), bisected until a bonus
//   buy (10 free spins ×3 for 100 bets) returns the target;
// - base game: the scatter weight s sets the free-spin frequency (about one trigger per `trigger`
//   paid spins) and ρ_base then sets the RTP. The base RTP is estimated as
//   paid-spin RTP + (free spins awarded per paid spin) × (mean free-spin win), which has far less
//   variance than playing the free spins out; both parts come from the same engine paths the game
//   pays by. The two bisections alternate until neither moves.
// Every estimate uses the same seed (common random numbers), so neighbouring candidates are
// compared on the same floats. The result is confirmed with scripts/slots-sim.mjs.
import { parseArgs } from 'node:util';
import { loadEngine } from './load-engine.mjs';

const { values } = parseArgs({
  options: {
    rtp: { type: 'string', default: '0.96' },
    'buy-rtp': { type: 'string', default: '0.96' },
    trigger: { type: 'string', default: '250' },
    spins: { type: 'string', default: '4000000' },
    buys: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '7' },
  },
});
const target = { rtp: Number(values.rtp), buyRtp: Number(values['buy-rtp']), trigger: Number(values.trigger) };
const spins = Number(values.spins);
const buys = Number(values.buys);
const seed = Number(values.seed);
const engine = loadEngine();
const template = engine.SLOTS_MODEL;
const TOTAL = 10_000;
const paying = template.symbols.length - 1; // the scatter is last
const started = Date.now();
const log = (...a) => console.error(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s]`, ...a);

/** `n` integer weights ∝ ρ^i summing to `total` (largest remainders), each at least 1. */
function geometric(rho, n, total) {
  const raw = Array.from({ length: n }, (_, i) => rho ** i);
  const sum = raw.reduce((a, b) => a + b, 0);
  const exact = raw.map((x) => Math.max(1, (x / sum) * total));
  const w = exact.map(Math.floor);
  let left = total - w.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i]).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0; k = (k + 1) % n, left--) w[order[k][1]]++;
  return w;
}

function model(baseRho, scatter, freeRho) {
  const base = [...geometric(baseRho, paying, TOTAL - scatter), scatter];
  const free = [...geometric(freeRho, paying, TOTAL), 0];
  return {
    ...template,
    symbols: template.symbols.map((s, i) => ({ ...s, weight: base[i] })),
    freeSpins: { ...template.freeSpins, weights: free },
  };
}

/** Bisection on a decreasing function f over [lo, hi] for f(x) = goal; `steps` halvings. */
function bisect(f, goal, lo, hi, steps) {
  for (let i = 0; i < steps; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > goal) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// 1. Free spins: ρ_free for the bonus-buy RTP.
let freeSpinMean = 0;
const buyRtp = (freeRho) => {
  const sim = engine.simulateSlots(model(0.7, 100, freeRho), 'buy', buys, seed);
  freeSpinMean = (sim.rtp * template.buyBonus.cost) / template.buyBonus.spins;
  return sim.rtp;
};
const freeRho = bisect(buyRtp, target.buyRtp, 0.3, 0.9, 16);
const buyEstimate = buyRtp(freeRho);
log(`free ρ=${freeRho.toFixed(5)} buy RTP≈${buyEstimate.toFixed(5)} mean free spin ${freeSpinMean.toFixed(4)}× bet`);

// 2. Base game: alternate the scatter weight (trigger frequency) and ρ_base (RTP).
const baseStats = (baseRho, scatter, n = spins) => {
  const sim = engine.simulateSlots(model(baseRho, scatter, freeRho), 'base', n, seed);
  const awardedPerSpin = sim.freeSpins / sim.rounds;
  return { sim, rtp: sim.paidSpinRtp + awardedPerSpin * freeSpinMean, triggerEvery: sim.rounds / sim.triggers };
};
let baseRho = 0.7;
let scatter = 120;
for (let pass = 0; pass < 3; pass++) {
  const lastRho = baseRho;
  const lastScatter = scatter;
  // More scatter weight → triggers more often → fewer spins per trigger (decreasing in s).
  let lo = 1;
  let hi = 1000;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (baseStats(baseRho, mid, spins / 4).triggerEvery > target.trigger) lo = mid;
    else hi = mid;
  }
  const dLo = Math.abs(baseStats(baseRho, lo, spins / 4).triggerEvery - target.trigger);
  const dHi = Math.abs(baseStats(baseRho, hi, spins / 4).triggerEvery - target.trigger);
  scatter = dLo <= dHi ? lo : hi;
  baseRho = bisect((r) => baseStats(r, scatter).rtp, target.rtp, 0.5, 0.95, 13);
  log(`pass ${pass + 1}: scatter ${scatter}, base ρ=${baseRho.toFixed(5)}`);
  if (scatter === lastScatter && Math.abs(baseRho - lastRho) < 1e-5) break;
}

const final = model(baseRho, scatter, freeRho);
const { sim, rtp, triggerEvery } = baseStats(baseRho, scatter);
console.log(
  JSON.stringify(
    {
      targets: target,
      samples: { spins, buys, seed },
      baseRho,
      freeRho,
      baseWeights: final.symbols.map((s) => s.weight),
      freeWeights: final.freeSpins.weights,
      estimates: {
        rtp,
        paidSpinRtp: sim.paidSpinRtp,
        freeSpinsPerPaidSpin: sim.freeSpins / sim.rounds,
        meanFreeSpinWin: freeSpinMean,
        buyRtp: buyEstimate,
        triggerEvery,
        hitRate: sim.hitRate,
        spinHitRate: sim.spinHitRate,
      },
      seconds: (Date.now() - started) / 1000,
    },
    null,
    2,
  ),
);
console.log(`\n// paste into libs/game-engine/src/slots/cosmic-chaos.ts`);
console.log(`// base weights (${final.symbols.map((s) => s.id).join(', ')}): [${final.symbols.map((s) => s.weight).join(', ')}]`);
console.log(`// free-spin weights: [${final.freeSpins.weights.join(', ')}]`);
