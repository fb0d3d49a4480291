import { rankOf, suitOf, type CardIndex } from './cards';

/**
 * Seven-card (or five- or six-card) hand evaluator. A hand's value is one integer, higher is
 * better, equal means a split:
 *
 *   category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5
 *
 * where category is 0 (high card) … 8 (straight flush) and r1…r5 are the ranks (0 = deuce …
 * 12 = ace) that decide within the category, most significant first: the quads' rank then the
 * kicker; trips then pair; the pairs high to low then the kicker; the five cards of a flush or
 * a high-card hand; a straight's top card (5 for the wheel A-2-3-4-5). Only the best five
 * cards count, so two hands with the same value really are equal.
 */
export type HandValue = number;

/** Hand categories, weakest first; a value's category is `value >> 20`. */
export const HAND_CATEGORIES = [
  'High Card',
  'One Pair',
  'Two Pair',
  'Three of a Kind',
  'Straight',
  'Flush',
  'Full House',
  'Four of a Kind',
  'Straight Flush',
] as const;

/** A category name. */
export type HandCategory = (typeof HAND_CATEGORIES)[number];

const ACE = 12;

/** For each 13-bit rank mask: the top rank of its best straight, or -1. */
const STRAIGHT_TOP = new Int8Array(1 << 13).fill(-1);
for (let mask = 0; mask < 1 << 13; mask++) {
  for (let top = ACE; top >= 4; top--) {
    const run = 0b11111 << (top - 4);
    if ((mask & run) === run) {
      STRAIGHT_TOP[mask] = top;
      break;
    }
  }
  // the wheel: A-2-3-4-5, five high
  if (STRAIGHT_TOP[mask] < 0 && (mask & 0b1_0000_0000_1111) === 0b1_0000_0000_1111) STRAIGHT_TOP[mask] = 3;
}

const counts = new Int8Array(13);
const suitMasks = new Int32Array(4);
const suitCounts = new Int8Array(4);

/** Packs up to five ranks from the top bits of `mask` into nibbles, `n` of them, from `shift` down. */
function topRanks(mask: number, n: number, shift: number): number {
  let v = 0;
  for (let r = ACE; r >= 0 && n > 0; r--) {
    if (mask & (1 << r)) {
      v |= r << shift;
      shift -= 4;
      n--;
    }
  }
  return v;
}

/** The value of the best five-card hand among 5–7 cards (duplicates are a programmer error). */
export function evaluate(cards: ArrayLike<CardIndex>): HandValue {
  const n = cards.length;
  counts.fill(0);
  suitMasks.fill(0);
  suitCounts.fill(0);
  let rankMask = 0;
  for (let i = 0; i < n; i++) {
    const c = cards[i];
    const r = rankOf(c);
    const s = suitOf(c);
    counts[r]++;
    suitMasks[s] |= 1 << r;
    suitCounts[s]++;
    rankMask |= 1 << r;
  }
  let flushMask = 0;
  for (let s = 0; s < 4; s++) if (suitCounts[s] >= 5) flushMask = suitMasks[s];
  if (flushMask) {
    const sf = STRAIGHT_TOP[flushMask];
    if (sf >= 0) return (8 << 20) | (sf << 16);
  }
  let quad = -1;
  let trip = -1;
  let trip2 = -1;
  let pair = -1;
  let pair2 = -1;
  for (let r = ACE; r >= 0; r--) {
    const k = counts[r];
    if (k === 4) quad = r;
    else if (k === 3) {
      if (trip < 0) trip = r;
      else if (trip2 < 0) trip2 = r;
    } else if (k === 2) {
      if (pair < 0) pair = r;
      else if (pair2 < 0) pair2 = r;
    }
  }
  if (quad >= 0) return (7 << 20) | (quad << 16) | topRanks(rankMask & ~(1 << quad), 1, 12);
  if (trip >= 0 && (pair >= 0 || trip2 >= 0)) return (6 << 20) | (trip << 16) | (Math.max(pair, trip2) << 12);
  if (flushMask) return (5 << 20) | topRanks(flushMask, 5, 16);
  const st = STRAIGHT_TOP[rankMask];
  if (st >= 0) return (4 << 20) | (st << 16);
  if (trip >= 0) return (3 << 20) | (trip << 16) | topRanks(rankMask & ~(1 << trip), 2, 12);
  if (pair2 >= 0)
    return (2 << 20) | (pair << 16) | (pair2 << 12) | topRanks(rankMask & ~(1 << pair) & ~(1 << pair2), 1, 8);
  if (pair >= 0) return (1 << 20) | (pair << 16) | topRanks(rankMask & ~(1 << pair), 3, 12);
  return topRanks(rankMask, 5, 16);
}

/** Category index 0..8 of a value. */
export function categoryOf(value: HandValue): number {
  return value >> 20;
}

const RANK_NAMES = [
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Jack',
  'Queen',
  'King',
  'Ace',
];
const RANK_PLURALS = [
  'Twos',
  'Threes',
  'Fours',
  'Fives',
  'Sixes',
  'Sevens',
  'Eights',
  'Nines',
  'Tens',
  'Jacks',
  'Queens',
  'Kings',
  'Aces',
];

/** A player-facing description: "Full House, Kings full of Sevens", "Pair of Queens", "Royal Flush". */
export function describeHand(value: HandValue): string {
  const nib = (i: number) => (value >> (16 - 4 * i)) & 15;
  const [a, b] = [nib(0), nib(1)];
  switch (categoryOf(value)) {
    case 8:
      return a === ACE ? 'Royal Flush' : `Straight Flush, ${RANK_NAMES[a]} high`;
    case 7:
      return `Four of a Kind, ${RANK_PLURALS[a]}`;
    case 6:
      return `Full House, ${RANK_PLURALS[a]} full of ${RANK_PLURALS[b]}`;
    case 5:
      return `Flush, ${RANK_NAMES[a]} high`;
    case 4:
      return `Straight, ${RANK_NAMES[a]} high`;
    case 3:
      return `Three of a Kind, ${RANK_PLURALS[a]}`;
    case 2:
      return `Two Pair, ${RANK_PLURALS[a]} and ${RANK_PLURALS[b]}`;
    case 1:
      return `Pair of ${RANK_PLURALS[a]}`;
    default:
      return `High Card, ${RANK_NAMES[a]}`;
  }
}

/** The five cards that make the hand's value (first such five, for highlighting on screen). */
export function bestFive(cards: readonly CardIndex[]): CardIndex[] {
  const target = evaluate(cards);
  const n = cards.length;
  const pick = [0, 1, 2, 3, 4];
  const five = new Array<CardIndex>(5);
  for (;;) {
    for (let i = 0; i < 5; i++) five[i] = cards[pick[i]];
    if (evaluate(five) === target) return [...five];
    let i = 4;
    while (i >= 0 && pick[i] === n - 5 + i) i--;
    if (i < 0) return cards.slice(0, 5);
    pick[i]++;
    for (let j = i + 1; j < 5; j++) pick[j] = pick[j - 1] + 1;
  }
}
