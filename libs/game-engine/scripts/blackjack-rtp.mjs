#!/usr/bin/env node
// Long seeded blackjack simulation of basic strategy through the real engine; prints the RTP
// with its 95% CI, the unlimited-deck recursion value, and the constant to paste into src/rtp.ts.
//   node libs/game-engine/scripts/blackjack-rtp.mjs [--hands 10000000] [--seed 20250101]
import { parseArgs } from 'node:util';
import { loadEngine } from './load-engine.mjs';

const { values } = parseArgs({
  options: { hands: { type: 'string', default: '10000000' }, seed: { type: 'string', default: '20250101' } },
});
const hands = Number(values.hands);
const seed = Number(values.seed);
const engine = loadEngine();
const started = Date.now();
const estimate = engine.simulateBlackjack(hands, seed);
const seconds = (Date.now() - started) / 1000;
const computed = engine.blackjackComputedRtp();
console.log(
  JSON.stringify({ ...estimate, computedRtp: computed, seconds, handsPerSecond: Math.round(hands / seconds) }, null, 2),
);
console.log(
  `\n// paste into libs/game-engine/src/rtp.ts\nexport const BLACKJACK_RTP: RtpEstimate = ${JSON.stringify(estimate)};`,
);
console.log(`export const BLACKJACK_COMPUTED_RTP = ${computed};`);
