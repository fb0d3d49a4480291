// Evaluates every one of the 133,784,560 seven-card hands and checks the published category
// counts and the 4,824 distinct hand values (Wikipedia, "Poker probability": 7-card poker hands).
// Run from the repository root:
//   TS_NODE_PROJECT=tsconfig.base.json TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register -r tsconfig-paths/register libs/poker/scripts/enumerate-seven.ts
// (about 20 s of CPU on one core).
import { evaluate, HAND_CATEGORIES } from '../src/index';

const PUBLISHED = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584];
const DISTINCT = [407, 1_470, 763, 575, 10, 1_277, 156, 156, 10];

const started = Date.now();
const perCategory = new Array<number>(9).fill(0);
const seen = new Set<number>();
const h = [0, 0, 0, 0, 0, 0, 0];
let total = 0;
for (h[0] = 0; h[0] < 46; h[0]++)
  for (h[1] = h[0] + 1; h[1] < 47; h[1]++)
    for (h[2] = h[1] + 1; h[2] < 48; h[2]++)
      for (h[3] = h[2] + 1; h[3] < 49; h[3]++)
        for (h[4] = h[3] + 1; h[4] < 50; h[4]++)
          for (h[5] = h[4] + 1; h[5] < 51; h[5]++)
            for (h[6] = h[5] + 1; h[6] < 52; h[6]++) {
              const v = evaluate(h);
              perCategory[v >> 20]++;
              seen.add(v);
              total++;
            }
const distinct = new Array<number>(9).fill(0);
for (const v of seen) distinct[v >> 20]++;
let ok = total === 133_784_560 && seen.size === 4_824;
for (let c = 8; c >= 0; c--) {
  const good = perCategory[c] === PUBLISHED[c] && distinct[c] === DISTINCT[c];
  ok &&= good;
  console.log(
    `${HAND_CATEGORIES[c].padEnd(16)} ${String(perCategory[c]).padStart(11)} hands ${String(distinct[c]).padStart(5)} values ${good ? 'ok' : `EXPECTED ${PUBLISHED[c]} / ${DISTINCT[c]}`}`,
  );
}
console.log(
  `${total} hands, ${seen.size} distinct values in ${((Date.now() - started) / 1000).toFixed(1)} s: ${ok ? 'all match the published counts' : 'MISMATCH'}`,
);
process.exit(ok ? 0 : 1);
