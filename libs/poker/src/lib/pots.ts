import type { HandValue } from './evaluator';

/** What one seat put into the pot this hand, and whether it can still win. */
export interface Contribution {
  seat: number;
  amount: number;
  folded: boolean;
}

/** A main or side pot: its chips and the seats that can win it. */
export interface Pot {
  amount: number;
  eligible: number[];
}

/** One pot's outcome: who won it and how many chips each took. */
export interface PotAward {
  amount: number;
  eligible: number[];
  winners: number[];
  shares: Record<number, number>;
}

/**
 * The uncalled part of the biggest contribution (more than anyone else put in) goes back to its
 * owner before any pot is built; returns that refund, if any. A folded owner gets nothing back:
 * folding forfeits every chip put in (the big blind who leaves the table before the small blind
 * acts loses the whole blind to the pot, not just the matched half).
 */
export function uncalledBet(contribs: readonly Contribution[]): { seat: number; amount: number } | null {
  if (contribs.length === 0) return null;
  const sorted = [...contribs].sort((a, b) => b.amount - a.amount);
  if (sorted[0].folded) return null;
  const second = sorted.length > 1 ? sorted[1].amount : 0;
  const excess = sorted[0].amount - second;
  return excess > 0 ? { seat: sorted[0].seat, amount: excess } : null;
}

/**
 * Main pot then side pots, by all-in levels: each level takes, from every contribution, up to
 * that level; only seats still in the hand that reached the level are eligible. Pass
 * contributions with any uncalled bet already returned.
 */
export function buildPots(contribs: readonly Contribution[]): Pot[] {
  const left = new Map(contribs.map((c) => [c.seat, c.amount]));
  const pots: Pot[] = [];
  for (;;) {
    const live = contribs.filter((c) => !c.folded && left.get(c.seat)! > 0);
    if (live.length === 0) break;
    const level = Math.min(...live.map((c) => left.get(c.seat)!));
    let amount = 0;
    for (const c of contribs) {
      const take = Math.min(left.get(c.seat)!, level);
      amount += take;
      left.set(c.seat, left.get(c.seat)! - take);
    }
    const eligible = live.map((c) => c.seat).sort((a, b) => a - b);
    const last = pots[pots.length - 1];
    if (last && last.eligible.join() === eligible.join()) last.amount += amount;
    else pots.push({ amount, eligible });
  }
  // folded chips above every live level (players who folded or left with the biggest bet) go to
  // the last pot, or, when no one still in put chips in, to a pot for everyone still in
  const stray = [...left.values()].reduce((a, b) => a + b, 0);
  if (stray > 0 && pots.length) pots[pots.length - 1].amount += stray;
  else if (stray > 0)
    pots.push({
      amount: stray,
      eligible: contribs
        .filter((c) => !c.folded)
        .map((c) => c.seat)
        .sort((a, b) => a - b),
    });
  return pots;
}

/**
 * Splits one pot among the best hands. Equal shares; the odd chips that do not divide go one
 * each to the winners nearest the button's left, clockwise (`order` lists the seats in that
 * order).
 */
export function awardPot(pot: Pot, values: ReadonlyMap<number, HandValue>, order: readonly number[]): PotAward {
  let best = -1;
  for (const seat of pot.eligible) best = Math.max(best, values.get(seat) ?? -1);
  const winners = order.filter((seat) => pot.eligible.includes(seat) && values.get(seat) === best);
  const share = Math.floor(pot.amount / winners.length);
  let odd = pot.amount - share * winners.length;
  const shares: Record<number, number> = {};
  for (const seat of winners) {
    shares[seat] = share + (odd > 0 ? 1 : 0);
    if (odd > 0) odd--;
  }
  return { amount: pot.amount, eligible: pot.eligible, winners, shares };
}
