import { describeHand, evaluate } from './evaluator';
import { awardPot, buildPots, uncalledBet } from './pots';
import { clockwiseAfter } from './seats';
import type { HandState } from './types';

/**
 * Ends the hand in place: returns an uncalled bet, builds the main and side pots, shows the
 * hands still in at a showdown and pays each pot to its best eligible hand (split pots share
 * equally; odd chips go one each to the winners nearest the button's left).
 */
export function settleHand(s: HandState): void {
  const live = s.players.filter((p) => !p.folded);
  const uncontested = live.length === 1;
  const contribs = s.players.map((p) => ({ seat: p.seat, amount: p.total, folded: p.folded }));
  const refund = uncalledBet(contribs);
  if (refund) {
    contribs.find((c) => c.seat === refund.seat)!.amount -= refund.amount;
    s.players.find((p) => p.seat === refund.seat)!.stack += refund.amount;
    s.events.push({ type: 'refund', ...refund });
  }
  const values = new Map<number, number>();
  if (!uncontested) {
    // a hand that reaches showdown before the river (everyone all-in) still needs five board cards
    while (s.board.length < 5) s.board.push(s.deck[s.deckPos++]);
    for (const p of clockwiseAfter(live, s.button).map((seat) => live.find((x) => x.seat === seat)!)) {
      const value = evaluate([...p.hole, ...s.board]);
      values.set(p.seat, value);
      s.events.push({ type: 'show', seat: p.seat, cards: [...p.hole], value, description: describeHand(value) });
    }
  } else {
    values.set(live[0].seat, 0);
  }
  const order = clockwiseAfter(s.players, s.button);
  const pots = buildPots(contribs).map((pot) => awardPot(pot, values, order));
  const won: Record<number, number> = {};
  pots.forEach((pot, i) => {
    for (const [seat, amount] of Object.entries(pot.shares)) {
      const p = s.players.find((x) => x.seat === Number(seat))!;
      p.stack += amount;
      won[p.seat] = (won[p.seat] ?? 0) + amount;
      s.events.push({
        type: 'win',
        seat: p.seat,
        amount,
        pot: i,
        description: uncontested ? null : describeHand(values.get(p.seat)!),
      });
    }
  });
  const net: Record<number, number> = {};
  for (const p of s.players) net[p.seat] = p.stack - p.startStack;
  s.street = uncontested ? s.street : 'showdown';
  s.toAct = null;
  s.finished = true;
  s.result = { uncontested, pots, won, net };
}
