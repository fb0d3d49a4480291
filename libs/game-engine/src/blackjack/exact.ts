import { basicStrategyDecision } from './strategy';

/*
 * Expected return of basic strategy computed by recursion over the unlimited deck (each draw
 * independent: values 2..9 and ace 1/13 each, ten-valued 4/13). Same rules as the engine; an
 * independent check of the simulation (floating point, not a fraction).
 */

const VALUES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const prob = (v: number): number => (v === 10 ? 4 / 13 : 1 / 13);

function add(total: number, soft: boolean, v: number): [number, boolean] {
  let t = total + v;
  let aces = (soft ? 1 : 0) + (v === 11 ? 1 : 0);
  while (t > 21 && aces > 0) {
    t -= 10;
    aces--;
  }
  return [t, aces > 0];
}

/** Dealer final totals 17..21 and bust (index 5), given the up card and no dealer blackjack. */
function dealerDistribution(up: number): number[] {
  const dist = [0, 0, 0, 0, 0, 0];
  const play = (t: number, s: boolean, p: number): void => {
    if (t > 21) dist[5] += p;
    else if (t >= 17) dist[t - 17] += p;
    else
      for (const v of VALUES) {
        const [t2, s2] = add(t, s, v);
        play(t2, s2, p * prob(v));
      }
  };
  const excluded = up === 11 ? 10 : up === 10 ? 11 : 0;
  const norm = 1 - (excluded ? prob(excluded) : 0);
  for (const v of VALUES) {
    if (v === excluded) continue;
    const [t, s] = add(up, up === 11, v);
    play(t, s, prob(v) / norm);
  }
  return dist;
}

/** Exact-recursion RTP of `basicStrategy` per initial base bet (see simulateBlackjack). */
export function blackjackComputedRtp(): number {
  let ev = 0;
  for (const up of VALUES) {
    const dist = dealerDistribution(up);
    const stand = (t: number): number => {
      if (t > 21) return -1;
      let e = dist[5];
      for (let d = 17; d <= 21; d++) e += dist[d - 17] * (t > d ? 1 : t === d ? 0 : -1);
      return e;
    };
    const memo = new Map<string, number>();
    const play = (t: number, s: boolean, canDouble: boolean, pairValue: number | null): number => {
      const key = `${t}|${s}|${canDouble}|${pairValue}`;
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      const action = basicStrategyDecision({ total: t, soft: s, canDouble, pairValue }, up);
      let e = 0;
      if (action === 'stand') e = stand(t);
      else if (action === 'split') e = 2 * splitHand(pairValue!);
      else
        for (const v of VALUES) {
          const [t2, s2] = add(t, s, v);
          const next =
            action === 'double' ? 2 * stand(t2) : t2 > 21 ? -1 : t2 === 21 ? stand(21) : play(t2, s2, false, null);
          e += prob(v) * next;
        }
      memo.set(key, e);
      return e;
    };
    const splitHand = (v: number): number => {
      let e = 0;
      for (const c of VALUES) {
        const [t, s] = add(v, v === 11, c);
        e += prob(c) * (v === 11 || t === 21 ? stand(t) : play(t, s, true, null));
      }
      return e;
    };
    const dealerBj = up === 11 ? prob(10) : up === 10 ? prob(11) : 0;
    for (const c1 of VALUES) {
      for (const c2 of VALUES) {
        const p = prob(up) * prob(c1) * prob(c2);
        const playerBj = c1 + c2 === 21;
        const [t, s] = add(c1, c1 === 11, c2);
        const pair = c1 === c2 && c1 !== 10 ? c1 : null; // ten-valued pairs are never split anyway
        const open = playerBj ? 1.5 : play(t, s, true, pair);
        ev += p * (dealerBj * (playerBj ? 0 : -1) + (1 - dealerBj) * open);
      }
    }
  }
  return 1 + ev;
}
