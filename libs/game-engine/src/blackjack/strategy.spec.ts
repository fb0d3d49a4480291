import { floatForCard } from '../cards';
import { listStream } from '../fair/source';
import { blackjackDeal } from './engine';
import { basicStrategy, basicStrategyDecision } from './strategy';

const hard = (total: number, canDouble = true) => ({ total, soft: false, pairValue: null, canDouble });
const soft = (total: number, canDouble = true) => ({ total, soft: true, pairValue: null, canDouble });
const pair = (v: number) => ({ total: v === 11 ? 12 : 2 * v, soft: v === 11, pairValue: v, canDouble: true });

describe('basic strategy table', () => {
  it.each([
    ['hard 16 vs 10', hard(16), 10, 'hit'],
    ['hard 16 vs 6', hard(16), 6, 'stand'],
    ['hard 12 vs 3', hard(12), 3, 'hit'],
    ['hard 12 vs 4', hard(12), 4, 'stand'],
    ['hard 11 vs 10', hard(11), 10, 'double'],
    ['hard 11 vs A', hard(11), 11, 'hit'],
    ['hard 11 vs 10, three cards', hard(11, false), 10, 'hit'],
    ['hard 10 vs 9', hard(10), 9, 'double'],
    ['hard 9 vs 2', hard(9), 2, 'hit'],
    ['hard 9 vs 3', hard(9), 3, 'double'],
    ['soft 18 vs 2', soft(18), 2, 'stand'],
    ['soft 18 vs 6', soft(18), 6, 'double'],
    ['soft 18 vs 6, three cards', soft(18, false), 6, 'stand'],
    ['soft 18 vs 9', soft(18), 9, 'hit'],
    ['soft 17 vs 3', soft(17), 3, 'double'],
    ['soft 13 vs 5', soft(13), 5, 'hit'],
    ['soft 13 vs 6', soft(13), 6, 'double'],
    ['soft 19 vs 6', soft(19), 6, 'stand'],
    ['A,A vs A', pair(11), 11, 'split'],
    ['8,8 vs 10', pair(8), 10, 'split'],
    ['9,9 vs 7', pair(9), 7, 'stand'],
    ['9,9 vs 8', pair(9), 8, 'split'],
    ['5,5 vs 6', pair(5), 6, 'double'],
    ['4,4 vs 5', pair(4), 5, 'split'],
    ['4,4 vs 4', pair(4), 4, 'hit'],
    ['10,10 vs 6', pair(10), 6, 'stand'],
  ] as const)('%s → %s', (_name, hand, up, action) => {
    expect(basicStrategyDecision(hand, up)).toBe(action);
  });

  // Independent check: every decision is the best one by unlimited-deck expected value
  // (after the decision the hand plays optimally; ties within 1e-12 allowed).
  it('picks the highest-EV action at every decision for every dealer up card', () => {
    const V = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const P = (v: number) => (v === 10 ? 4 / 13 : 1 / 13);
    const add = (t: number, s: boolean, v: number): [number, boolean] => {
      let x = t + v;
      let a = (s ? 1 : 0) + (v === 11 ? 1 : 0);
      while (x > 21 && a > 0) {
        x -= 10;
        a--;
      }
      return [x, a > 0];
    };
    const wrong: string[] = [];
    for (const up of V) {
      const dist = [0, 0, 0, 0, 0, 0];
      const deal = (t: number, s: boolean, p: number): void => {
        if (t > 21) dist[5] += p;
        else if (t >= 17) dist[t - 17] += p;
        else for (const v of V) deal(...add(t, s, v), p * P(v));
      };
      const excluded = up === 11 ? 10 : up === 10 ? 11 : 0;
      for (const v of V) if (v !== excluded) deal(...add(up, up === 11, v), P(v) / (1 - (excluded ? P(excluded) : 0)));
      const stand = (t: number) =>
        t > 21 ? -1 : dist[5] + [17, 18, 19, 20, 21].reduce((e, d, i) => e + dist[i] * Math.sign(t - d), 0);
      const memo = new Map<string, number>();
      const best = (t: number, s: boolean): number => {
        const key = `${t}${s}`;
        if (!memo.has(key)) memo.set(key, Math.max(stand(t), hit(t, s)));
        return memo.get(key)!;
      };
      const hit = (t: number, s: boolean) =>
        V.reduce((e, v) => {
          const [a, b] = add(t, s, v);
          return e + P(v) * (a > 21 ? -1 : a === 21 ? stand(21) : best(a, b));
        }, 0);
      const dbl = (t: number, s: boolean) => V.reduce((e, v) => e + P(v) * 2 * stand(add(t, s, v)[0]), 0);
      const split = (v: number) =>
        2 *
        V.reduce((e, c) => {
          const [t, s] = add(v, v === 11, c);
          return e + P(c) * (v === 11 || t === 21 ? stand(t) : Math.max(stand(t), hit(t, s), dbl(t, s)));
        }, 0);
      const check = (name: string, hand: Parameters<typeof basicStrategyDecision>[0], evs: Record<string, number>) => {
        const chosen = basicStrategyDecision(hand, up);
        const top = Math.max(...Object.values(evs));
        if (evs[chosen] < top - 1e-12) wrong.push(`${name} vs ${up}: ${chosen}`);
      };
      for (const s of [false, true]) {
        for (let t = s ? 13 : 5; t <= 20; t++) {
          check(
            `${s ? 'soft' : 'hard'} ${t}`,
            { total: t, soft: s, pairValue: null, canDouble: true },
            { stand: stand(t), hit: hit(t, s), double: dbl(t, s) },
          );
          check(
            `${s ? 'soft' : 'hard'} ${t} (no double)`,
            { total: t, soft: s, pairValue: null, canDouble: false },
            { stand: stand(t), hit: hit(t, s) },
          );
        }
      }
      for (const v of V) {
        const [t, s] = add(v, v === 11, v);
        check(
          `pair ${v}`,
          { total: t, soft: s, pairValue: v, canDouble: true },
          { stand: stand(t), hit: hit(t, s), double: dbl(t, s), split: split(v) },
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('applied to a state it only chooses legal actions', () => {
    const R = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
    const state = blackjackDeal(listStream(['A', '6', 'A', '10'].map((r) => floatForCard(4 * R.indexOf(r)))));
    expect(basicStrategy(state)).toBe('split');
    const settled = blackjackDeal(listStream(['A', '6', 'K', '10'].map((r) => floatForCard(4 * R.indexOf(r)))));
    expect(basicStrategy(settled)).toBeNull();
  });
});
