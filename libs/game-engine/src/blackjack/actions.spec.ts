import { floatForCard, RANKS } from '../cards';
import { listStream, streamFrom } from '../fair/source';
import { sfc32 } from '../fair/prng';
import { blackjackActions, handTotal } from './actions';
import { playerTotal } from './hand';
import { blackjackAct, blackjackDeal, legalActions } from './engine';
import type { BlackjackAction, BlackjackState } from './types';

// a tape dealing these ranks in order (spades), then 2s
const deck = (...ranks: string[]) =>
  listStream(
    [...ranks, ...Array<string>(20).fill('2')].map((r) => floatForCard(4 * RANKS.indexOf(r as (typeof RANKS)[number]))),
  );

function play(tape: ReturnType<typeof deck>, actions: BlackjackAction[]): BlackjackState {
  let state = blackjackDeal(tape);
  for (const a of actions) {
    const r = blackjackAct(state, a, tape);
    if (!r.ok) throw new Error(r.error);
    state = r.state;
  }
  return state;
}

describe('handTotal', () => {
  it.each<[string[], number]>([
    [['A', 'K'], 21],
    [['A', 'A', '9'], 21],
    [['A', 'A'], 12],
    [['10', 'Q', '2'], 22],
    [['2', '6', '2', '2', 'Q'], 22],
    [['7', 'A', 'A', '8'], 17],
  ])('%j totals %i', (ranks, total) => {
    expect(handTotal(ranks.map((rank) => ({ rank })))).toBe(total);
  });
});

describe('blackjackActions', () => {
  // deal order: player, dealer up, player, dealer hole, then draws
  it.each<[string, string[], BlackjackAction[]]>([
    ['player blackjack at the deal', ['A', '9', 'K', '7'], []],
    ['dealer blackjack at the deal', ['9', 'A', '7', 'K'], []],
    ['stand on two cards', ['10', '9', '8', '8'], ['stand']],
    ['two hits then a stand', ['2', '9', '3', '8', '4', '5'], ['hit', 'hit', 'stand']],
    ['a hit that busts ends the hand', ['10', '9', '6', '8', 'K'], ['hit']],
    ['a hit to 21 stands by itself', ['10', '9', '6', '8', '5'], ['hit']],
    ['double', ['5', '9', '6', '8', 'K'], ['double']],
    [
      'split, hit and stand the first hand, stand the second',
      ['8', '9', '8', '10', '3', '4', '9'],
      ['split', 'hit', 'stand', 'stand'],
    ],
    [
      'split, double the first hand, stand the second',
      ['8', '9', '8', '10', '3', 'K', '9'],
      ['split', 'double', 'stand'],
    ],
    ['split aces stand on their second card', ['A', '9', 'A', '10', '5', '6'], ['split']],
    ['split hand of 21 on two cards stands by itself', ['K', '9', 'K', '10', 'A', '7'], ['split', 'stand']],
  ])('%s', (_name, ranks, actions) => {
    const state = play(deck(...ranks), actions);
    expect(state.status).toBe('settled');
    expect(blackjackActions(state)).toEqual(actions);
  });

  it('reads back the actions of 3,000 rounds played at random (splits and doubles included)', () => {
    const rng = streamFrom(sfc32(24));
    const seen = { split: 0, double: 0, hit: 0 };
    for (let round = 0; round < 3000; round++) {
      const tape = streamFrom(sfc32(1000 + round));
      let state = blackjackDeal(tape);
      const taken: BlackjackAction[] = [];
      while (state.status === 'player') {
        const legal = legalActions(state);
        const a = legal[Math.floor(rng.next() * legal.length)];
        const r = blackjackAct(state, a, tape);
        if (!r.ok) throw new Error(r.error);
        state = r.state;
        taken.push(a);
        if (a in seen) seen[a as keyof typeof seen]++;
      }
      // through JSON, as the bet row keeps it, and from ranks alone (cards read back from labels carry no deck index)
      expect(blackjackActions(JSON.parse(JSON.stringify(state)))).toEqual(taken);
      const ranks = (cs: { rank: string }[]) => cs.map(({ rank }) => ({ rank }));
      expect(
        blackjackActions({
          dealer: ranks(state.dealer),
          hands: state.hands.map((h) => ({ doubled: h.doubled, cards: ranks(h.cards) })),
        }),
      ).toEqual(taken);
      for (const cs of [state.dealer, ...state.hands.map((h) => h.cards)])
        expect(handTotal(ranks(cs))).toBe(playerTotal(cs).total);
    }
    expect(seen.split).toBeGreaterThan(20);
    expect(seen.double).toBeGreaterThan(100);
    expect(seen.hit).toBeGreaterThan(100);
  });
});
