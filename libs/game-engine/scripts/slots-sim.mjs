#!/usr/bin/env node
// Seeded simulation of the shipped Cosmic Chaos Slots model through the real engine paths
// (cascades, free-spin multiplier, per-spin cap): prints the base-game RTP (paid spins with the
// free spins they trigger) and the bonus-buy RTP with 95% CIs, hit rates, max wins, the free-spin
// frequency and the speed, then the constant to paste into src/slots/cosmic-chaos.ts.
//   node libs/game-engine/scripts/slots-sim.mjs [--spins 20000000] [--buys 200000] [--seed 1]
// One core: run one simulation at a time.
import { parseArgs } from 'node:util';
import { loadEngine } from './load-engine.mjs';

const { values } = parseArgs({
  options: {
    spins: { type: 'string', default: '20000000' },
    buys: { type: 'string', default: '200000' },
    seed: { type: 'string', default: '1' },
  },
});
const spins = Number(values.spins);
const buys = Number(values.buys);
const seed = Number(values.seed);
const engine = loadEngine();
const model = engine.SLOTS_MODEL;

function timed(mode, rounds) {
  const started = process.hrtime.bigint();
  const sim = engine.simulateSlots(model, mode, rounds, seed);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const spinsPlayed = (mode === 'base' ? rounds : 0) + sim.freeSpins;
  return {
    sim,
    seconds,
    roundsPerSecond: Math.round(rounds / seconds),
    spinsPerSecond: Math.round(spinsPlayed / seconds),
  };
}

const pct = (x) => `${(x * 100).toFixed(3)}%`;
const base = timed('base', spins);
const buy = timed('buy', buys);
const b = base.sim;
const report = {
  model: { base: model.symbols.map((s) => `${s.id}:${s.weight}`).join(' '), free: model.freeSpins.weights.join(' ') },
  seed,
  base: {
    paidSpins: spins,
    rtp: pct(b.rtp),
    ci95: `${pct(b.ci[0])} .. ${pct(b.ci[1])} (± ${pct((b.ci[1] - b.ci[0]) / 2)})`,
    sdPerSpin: +b.sd.toFixed(4),
    paidSpinPart: pct(b.paidSpinRtp),
    freeSpinPart: pct(b.freeSpinRtp),
    hitRate: pct(b.hitRate),
    spinHitRate: pct(b.spinHitRate),
    freeSpinTriggers: b.triggers,
    triggerEvery: +(b.rounds / b.triggers).toFixed(1),
    triggersByScatters: Object.fromEntries(b.triggersByScatters.map((n, k) => [k, n]).filter(([, n]) => n > 0)),
    freeSpinsPlayed: b.freeSpins,
    maxSpinWin: b.maxSpinWin,
    maxRoundWin: b.maxRoundWin,
    capHits: b.capHits,
    seconds: +base.seconds.toFixed(2),
    paidSpinsPerSecond: base.roundsPerSecond,
    spinsPerSecond: base.spinsPerSecond,
  },
  buy: {
    buys,
    rtp: pct(buy.sim.rtp),
    ci95: `${pct(buy.sim.ci[0])} .. ${pct(buy.sim.ci[1])} (± ${pct((buy.sim.ci[1] - buy.sim.ci[0]) / 2)})`,
    sdPerBuy: +buy.sim.sd.toFixed(4),
    freeSpinHitRate: pct(buy.sim.spinHitRate),
    maxSpinWin: buy.sim.maxSpinWin,
    maxBuyWin: buy.sim.maxRoundWin,
    capHits: buy.sim.capHits,
    seconds: +buy.seconds.toFixed(2),
    freeSpinsPerSecond: buy.spinsPerSecond,
  },
};
console.log(JSON.stringify(report, null, 2));
const published = {
  base: b,
  buy: buy.sim,
  spinsPerSecond: base.roundsPerSecond,
  command: `node libs/game-engine/scripts/slots-sim.mjs --spins ${spins} --buys ${buys} --seed ${seed}`,
};
console.log(
  `\n// paste into libs/game-engine/src/slots/cosmic-chaos.ts\nexport const SLOTS_SIMULATION: SlotsPublishedRun = ${JSON.stringify(published)};`,
);
