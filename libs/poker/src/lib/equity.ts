import type { FloatSource } from '@cosmic/game-engine';
import { POKER_DECK_SIZE, rankOf, suitOf, type CardIndex } from './cards';
import { evaluate } from './evaluator';

/**
 * Chen formula score of two hole cards (about -1 … 20): the preflop strength the bots' tiers
 * use. High card points (A 10, K 8, Q 7, J 6, else rank / 2), pairs doubled (at least 5),
 * +2 suited, minus 1/2/4/5 for gaps of 1/2/3/4+, +1 for connected or one-gap cards below a
 * queen; halves round up.
 */
export function chenScore(a: CardIndex, b: CardIndex): number {
  const hi = Math.max(rankOf(a), rankOf(b));
  const lo = Math.min(rankOf(a), rankOf(b));
  const points = (r: number) => (r === 12 ? 10 : r === 11 ? 8 : r === 10 ? 7 : r === 9 ? 6 : (r + 2) / 2);
  let score = points(hi);
  if (hi === lo) return Math.ceil(Math.max(5, score * 2));
  if (suitOf(a) === suitOf(b)) score += 2;
  const gap = hi - lo - 1;
  score -= gap === 0 ? 0 : gap === 1 ? 1 : gap === 2 ? 2 : gap === 3 ? 4 : 5;
  if (gap <= 1 && hi < 10) score += 1;
  return Math.ceil(score);
}

/**
 * Monte-Carlo equity of `hole` on `board` against `opponents` random hands: the share of the pot
 * it wins on average (ties split), over `samples` random run-outs drawn from `rng`.
 */
export function equity(
  hole: readonly CardIndex[],
  board: readonly CardIndex[],
  opponents: number,
  samples: number,
  rng: FloatSource,
): number {
  const known = new Set([...hole, ...board]);
  const rest = Array.from({ length: POKER_DECK_SIZE }, (_, i) => i).filter((c) => !known.has(c));
  const need = 5 - board.length + 2 * opponents;
  const mine = [...hole, ...board, 0, 0, 0, 0, 0].slice(0, 7);
  const theirs = [0, 0, ...board, 0, 0, 0, 0, 0].slice(0, 7);
  let total = 0;
  for (let n = 0; n < samples; n++) {
    // partial Fisher–Yates: the first `need` cards of `rest` become the sample
    for (let i = 0; i < need; i++) {
      const j = i + Math.floor(rng.next() * (rest.length - i));
      const t = rest[i];
      rest[i] = rest[j];
      rest[j] = t;
    }
    let k = 0;
    for (let i = board.length; i < 5; i++) {
      mine[2 + i] = rest[k];
      theirs[2 + i] = rest[k];
      k++;
    }
    const me = evaluate(mine);
    let best = 0;
    let ties = 0;
    for (let o = 0; o < opponents; o++) {
      theirs[0] = rest[k++];
      theirs[1] = rest[k++];
      const v = evaluate(theirs);
      if (v > best) best = v;
      if (v === me) ties++;
    }
    if (me > best) total += 1;
    else if (me === best) total += 1 / (ties + 1);
  }
  return total / samples;
}
