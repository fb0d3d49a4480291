import { parseCards } from './cards';
import { bestFive, categoryOf, describeHand, evaluate, HAND_CATEGORIES } from './evaluator';
import { sfc32 } from '@cosmic/game-engine';

const value = (text: string) => evaluate(parseCards(text));
const category = (text: string) => HAND_CATEGORIES[categoryOf(value(text))];

describe('evaluate: categories of known hands', () => {
  it.each([
    ['Ah Kh Qh Jh Th 2c 3d', 'Straight Flush', 'Royal Flush'],
    ['5s 4s 3s 2s As Kd Kc', 'Straight Flush', 'Straight Flush, Five high'],
    ['9c 8c 7c 6c 5c 4c 3c', 'Straight Flush', 'Straight Flush, Nine high'],
    ['7d 7h 7s 7c Ad 2h 3s', 'Four of a Kind', 'Four of a Kind, Sevens'],
    ['Kd Kh Ks 7c 7d 2h 3s', 'Full House', 'Full House, Kings full of Sevens'],
    ['Kd Kh Ks 7c 7d 7h 3s', 'Full House', 'Full House, Kings full of Sevens'],
    ['2d 2h 2s Ac Ad Kh Ks', 'Full House', 'Full House, Twos full of Aces'],
    ['Ah 9h 7h 4h 2h Kd Qc', 'Flush', 'Flush, Ace high'],
    ['Ah Kh Qh Jh 9h 8h Td', 'Flush', 'Flush, Ace high'],
    ['Td 9h 8s 7c 6d 2h 2s', 'Straight', 'Straight, Ten high'],
    ['Ad 2h 3s 4c 5d Kh Ks', 'Straight', 'Straight, Five high'],
    ['Ad Kh Qs Jc Td 9h 8s', 'Straight', 'Straight, Ace high'],
    ['Qd Qh Qs 9c 5d 3h 2s', 'Three of a Kind', 'Three of a Kind, Queens'],
    ['Jd Jh 4s 4c Ad 3h 2s', 'Two Pair', 'Two Pair, Jacks and Fours'],
    ['Jd Jh 4s 4c 3d 3h As', 'Two Pair', 'Two Pair, Jacks and Fours'],
    ['Ad Ah 9s 7c 5d 3h 2s', 'One Pair', 'Pair of Aces'],
    ['Kd Jh 9s 7c 5d 3h 2s', 'High Card', 'High Card, King'],
    ['Ks Qs Js 4s 3d', 'High Card', 'High Card, King'],
  ])('%s is %s (%s)', (cards, cat, description) => {
    expect(category(cards)).toBe(cat);
    expect(describeHand(value(cards))).toBe(description);
  });
});

describe('evaluate: kickers and ties', () => {
  it.each([
    // [better, worse]
    ['As Ad Kc 9h 7d 4s 2c', 'Ah Ac Qc Jh 9d 4c 2d', 'pair of aces: king kicker beats queen'],
    ['As Ad Kc 9h 7d', 'Ah Ac Kd 9s 6c', 'pair: fifth card decides'],
    ['Ks Kd 5c 5h Ad', 'Kh Kc 5d 5s Qd', 'two pair: kicker'],
    ['Ks Kd 6c 6h 2d', 'Kh Kc 5d 5s Ad', 'two pair: second pair before kicker'],
    ['9s 9d 9c Ah 3d', '9h 9c 9d Kh Qd', 'trips: kicker'],
    ['6s 5d 4c 3h 2d', '5s 4d 3c 2h Ad', 'six-high straight beats the wheel'],
    ['Ah Jh 9h 6h 3h', 'Ah Jh 9h 6h 2h'.replace(/h/g, 'd'), 'flush: last card'],
    ['8s 8d 8c 2h 2d', '7s 7d 7c Ah Ad', 'full house: trips first'],
    ['Qs Qd Qc Qh 3d', 'Qs Qd Qc Qh 2d', 'quads: kicker'],
    ['2s 3s 4s 5s 6s', 'As Ks Qs Js 9s', 'straight flush beats any flush'],
    ['2c 2d 2h 2s 3c', 'Ac Ad Ah Kc Kd', 'quads beat a full house'],
    ['2c 3c 5c 7c 9c', 'Ad Kd Qd Jd Tc', 'flush beats a straight'],
    ['Ad Kd Qd Jd Tc', '3c 3d 3h Ac Kd', 'straight beats trips'],
    ['3c 3d 3h 4c 5d', 'Ac Ad Kh Kc Qd', 'trips beat two pair'],
    ['2c 2d 3h 3c 4d', 'Ac Ad Kh Qc Jd', 'two pair beat one pair'],
    ['2c 2d 3h 4c 5d', 'Ac Kd Qh Jc 9d', 'a pair beats high card'],
  ])('%s > %s (%s)', (better, worse) => {
    expect(value(better)).toBeGreaterThan(value(worse));
  });

  it.each([
    ['As Kd Qh Jc 9s 3d 2c', 'Ac Kh Qs Jd 9c 4h 3s', 'same five cards play'],
    ['Ah Kh 2c 3d 5s 5h 5c', 'Ad Kd 2s 3h 5s 5h 5c', 'board trips, same kickers'],
    ['Td Jd Qd Kd Ad 2c 3c', 'Td Jd Qd Kd Ad 4h 4s', 'board royal flush'],
    ['7s 7d 7c 7h Ks 2d 3c', '7s 7d 7c 7h Kd Qc Jc', 'quads: only one kicker plays'],
  ])('%s = %s (%s)', (a, b) => {
    expect(value(a)).toBe(value(b));
  });
});

// Brute-force reference: compare every five-card subset with the naive definition-based ranking.
function naiveFive(cards: number[]): number {
  const ranks = cards.map((c) => c >> 2).sort((a, b) => b - a);
  const suits = new Set(cards.map((c) => c & 3));
  const byCount = [...new Set(ranks)]
    .map((r) => [ranks.filter((x) => x === r).length, r])
    .sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  const distinct = [...new Set(ranks)];
  let straightTop = -1;
  if (distinct.length === 5 && ranks[0] - ranks[4] === 4) straightTop = ranks[0];
  if (distinct.join() === '12,3,2,1,0') straightTop = 3;
  const flush = suits.size === 1;
  const pack = (cat: number, rs: number[]) => rs.reduce((v, r, i) => v | (r << (16 - 4 * i)), cat << 20);
  const counts = byCount.map((x) => x[0]).join('');
  const order = byCount.map((x) => x[1]);
  if (flush && straightTop >= 0) return pack(8, [straightTop]);
  if (counts === '41') return pack(7, order);
  if (counts === '32') return pack(6, order);
  if (flush) return pack(5, ranks);
  if (straightTop >= 0) return pack(4, [straightTop]);
  if (counts === '311') return pack(3, order);
  if (counts === '221') return pack(2, order);
  if (counts === '2111') return pack(1, order);
  return pack(0, ranks);
}

function naiveSeven(cards: number[]): number {
  let best = -1;
  for (let a = 0; a < 7; a++)
    for (let b = a + 1; b < 7; b++) best = Math.max(best, naiveFive(cards.filter((_, i) => i !== a && i !== b)));
  return best;
}

describe('evaluate: all 2,598,960 five-card hands', () => {
  // Published counts (e.g. Wikipedia "Poker probability"): hands per category and 7,462 distinct ranks.
  const PUBLISHED = [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40];
  const DISTINCT = [1_277, 2_860, 858, 858, 10, 1_277, 156, 156, 10];

  it('has the published number of hands and of distinct ranks in every category', () => {
    const perCategory = new Array(9).fill(0);
    const distinct = new Set<number>();
    const hand = [0, 0, 0, 0, 0];
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              hand[0] = a;
              hand[1] = b;
              hand[2] = c;
              hand[3] = d;
              hand[4] = e;
              const v = evaluate(hand);
              perCategory[v >> 20]++;
              distinct.add(v);
            }
    expect(perCategory).toEqual(PUBLISHED);
    expect(distinct.size).toBe(7_462);
    const distinctPerCategory = new Array(9).fill(0);
    for (const v of distinct) distinctPerCategory[v >> 20]++;
    expect(distinctPerCategory).toEqual(DISTINCT);
  });
});

describe('evaluate: seven cards agree with the best of 21 five-card hands', () => {
  it('on 3,000 random seven-card hands', () => {
    const rng = sfc32(7);
    for (let n = 0; n < 3_000; n++) {
      const deck = Array.from({ length: 52 }, (_, i) => i);
      for (let i = 0; i < 7; i++) {
        const j = i + Math.floor(rng.next() * (52 - i));
        [deck[i], deck[j]] = [deck[j], deck[i]];
      }
      const seven = deck.slice(0, 7);
      expect(evaluate(seven)).toBe(naiveSeven(seven));
    }
  });

  // The full 133,784,560-hand enumeration (published counts, 4,824 values) is
  // libs/poker/scripts/enumerate-seven.ts; here a subset whose count is derived by hand.
  it('all 2,118,760 boards under A♠A♥: 17,848 four of a kinds (C(48,3) boards with A♦A♣ + 12 × 46 board quads)', () => {
    const [as, ah] = parseCards('As Ah');
    const rest = Array.from({ length: 52 }, (_, i) => i).filter((c) => c !== as && c !== ah);
    const perCategory = new Array(9).fill(0);
    const hand = [as, ah, 0, 0, 0, 0, 0];
    let total = 0;
    for (let a = 0; a < 50; a++)
      for (let b = a + 1; b < 50; b++)
        for (let c = b + 1; c < 50; c++)
          for (let d = c + 1; d < 50; d++)
            for (let e = d + 1; e < 50; e++) {
              hand[2] = rest[a];
              hand[3] = rest[b];
              hand[4] = rest[c];
              hand[5] = rest[d];
              hand[6] = rest[e];
              perCategory[evaluate(hand) >> 20]++;
              total++;
            }
    expect(total).toBe(2_118_760);
    expect(perCategory[7]).toBe(17_848);
    // a pair of aces in the hole can never end as high card
    expect(perCategory[0]).toBe(0);
  });

  it('bestFive returns five of the cards with the hand’s value', () => {
    const cards = parseCards('2c Ah Kh 3d Qh Jh Th');
    const five = bestFive(cards);
    expect(five.sort()).toEqual(parseCards('Ah Kh Qh Jh Th').sort());
    expect(evaluate(five)).toBe(evaluate(cards));
  });
});
