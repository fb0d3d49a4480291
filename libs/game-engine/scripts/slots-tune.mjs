#!/usr/bin/env node
// Finds the Cosmic Chaos weight tables that hit the targets, keeping the shipped pays, free-spin
// awards, multiplier, cap and buy price fixed (src/slots/cosmic-chaos.ts).
//
//   node libs/game-engine/scripts/slots-tune.mjs [--rtp 0.96] [--buy-rtp 0.96] [--trigger 250]
//        [--spins 4000000] [--buys 400000] [--seed 7]
//   node libs/game-engine/scripts/slots-tune.mjs --compare 0.68553,0.68533 [--scatter 113] --spins 20000000 --seed 11
//        (fine step: base weights, paid-spin RTP and free spins per paid spin for each ρ_base, same floats)
//
// The search space is two one-parameter families, so every step is a monotone bisection:
// - paying weights fall geometrically from the lowest symbol to the highest: w_i ∝ ρ^i, scaled to
//   the table total (10,000) by largest remainders; a smaller ρ concentrates the grid on fewer
//   symbols, so clusters and cascades come more often and the RTP rises;
// - free spins: ρ_free on a 10,000 table with no scatter (no retriggers), bisected until a bonus
//   buy (10 free spins ×3 for 100 bets) returns the target;
// - base game: the scatter weight s sets the free-spin frequency (about one trigger per `trigger`
//   paid spins; bisected on `spins` paid spins), then ρ_base sets the RTP. The base RTP is
//   paid-spin RTP + (free spins awarded per paid spin) × (mean free-spin win). Triggers are rare,
//   so the awarded spins per paid spin are measured on a 10× longer run, and ρ_base is bisected on
//   the paid-spin part alone, which needs far fewer spins for the same precision; twice, since the
//   awarded spins move a little with ρ_base. Both parts come from the engine paths the game pays by.
// Every estimate uses the same seed (common random numbers). The result is confirmed, with the
// free spins played out, by scripts/slots-sim.mjs.
import { parseArgs } from 'node:util';
import { loadEngine } from './load-engine.mjs';

const { values } = parseArgs({
  options: {
    rtp: { type: 'string', default: '0.96' },
    'buy-rtp': { type: 'string', default: '0.96' },
    trigger: { type: 'string', default: '250' },
    spins: { type: 'string', default: '4000000' },
    buys: { type: 'string', default: '400000' },
    seed: { type: 'string', default: '7' },
    compare: { type: 'string' },
    scatter: { type: 'string', default: '113' },
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

if (values.compare) {
  // Paid-spin RTP (the free-spin part hardly moves) for a few ρ_base, on the same floats.
  for (const rho of values.compare.split(',').map(Number)) {
    const scatter = Number(values.scatter);
    const m = { ...model(rho, scatter, 0.5), freeSpins: template.freeSpins }; // the shipped free spins
    const sim = engine.simulateSlots(m, 'base', spins, seed);
    console.log(
      JSON.stringify({
        baseRho: rho,
        baseWeights: m.symbols.map((s) => s.weight),
        paidSpinRtp: sim.paidSpinRtp,
        freeSpinsPerPaidSpin: sim.freeSpins / sim.rounds,
      }),
    );
  }
  process.exit(0);
}

// 1. Free spins: ρ_free for the bonus-buy RTP.
let freeSpinMean = 0;
const buyRtp = (freeRho) => {
  const sim = engine.simulateSlots(model(0.7, 100, freeRho), 'buy', buys, seed);
  freeSpinMean = (sim.rtp * template.buyBonus.cost) / template.buyBonus.spins;
  return sim.rtp;
};
const freeRho = bisect(buyRtp, target.buyRtp, 0.3, 0.9, 14);
const buyEstimate = buyRtp(freeRho);
log(`free ρ=${freeRho.toFixed(5)}: buy RTP≈${buyEstimate.toFixed(5)}, mean free spin ${freeSpinMean.toFixed(4)}× bet`);

// 2. The scatter weight for the trigger frequency (it hardly depends on ρ_base).
const run = (baseRho, scatter, n) => engine.simulateSlots(model(baseRho, scatter, freeRho), 'base', n, seed);
let baseRho = 0.69;
let lo = 1;
let hi = 1000;
const every = (s) => {
  const sim = run(baseRho, s, spins);
  return sim.rounds / sim.triggers;
};
while (hi - lo > 1) {
  const mid = Math.floor((lo + hi) / 2);
  if (every(mid) > target.trigger) lo = mid;
  else hi = mid;
}
const scatter = Math.abs(every(lo) - target.trigger) <= Math.abs(every(hi) - target.trigger) ? lo : hi;
log(`scatter weight ${scatter}: a trigger every ≈${every(scatter).toFixed(1)} paid spins`);

// 3. ρ_base for the RTP: the free-spin part (awarded spins per paid spin × mean free-spin win) is
// measured on a long run, which it needs (triggers are rare); the paid-spin part then needs far
// fewer spins for the same precision, so ρ_base is bisected on it alone. Twice, as the free-spin
// part moves a little with ρ_base.
let awardedPerSpin = 0;
for (let pass = 1; pass <= 2; pass++) {
  const long = run(baseRho, scatter, spins * 10);
  awardedPerSpin = long.freeSpins / long.rounds;
  const paidTarget = target.rtp - awardedPerSpin * freeSpinMean;
  baseRho = bisect((r) => run(r, scatter, spins).paidSpinRtp, paidTarget, 0.5, 0.95, 13);
  log(
    `pass ${pass}: ${awardedPerSpin.toFixed(6)} free spins per paid spin → paid-spin RTP target ${paidTarget.toFixed(5)}, base ρ=${baseRho.toFixed(5)}`,
  );
}

const final = model(baseRho, scatter, freeRho);
const sim = run(baseRho, scatter, spins);
console.log(
  JSON.stringify(
    {
      targets: target,
      samples: { spins, longSpins: spins * 10, buys, seed },
      baseRho,
      freeRho,
      baseWeights: final.symbols.map((s) => s.weight),
      freeWeights: final.freeSpins.weights,
      estimates: {
        rtp: sim.paidSpinRtp + awardedPerSpin * freeSpinMean,
        paidSpinRtp: sim.paidSpinRtp,
        freeSpinsPerPaidSpin: awardedPerSpin,
        meanFreeSpinWin: freeSpinMean,
        buyRtp: buyEstimate,
        triggerEvery: sim.rounds / sim.triggers,
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
console.log(
  `// base weights (${final.symbols.map((s) => s.id).join(', ')}): [${final.symbols.map((s) => s.weight).join(', ')}]`,
);
console.log(`// free-spin weights: [${final.freeSpins.weights.join(', ')}]`);
