import { cardFromIndex, cardLabel, floatForCard } from '../cards';
import { listStream } from '../fair/source';
import { blackjackAct, blackjackDeal, blackjackReturn, legalActions, visibleDealerCards } from './engine';
import type { BlackjackState } from './types';
import { formatR } from '../rational';

const R = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
/** A stream whose floats draw exactly these ranks (suit ♦), in order; it throws if asked for more. */
const deck = (...ranks: string[]) => listStream(ranks.map((r) => floatForCard(4 * R.indexOf(r))));
const ranks = (cards: { rank: string }[]) => cards.map((c) => c.rank);

function play(draws: string[], actions: string[]): BlackjackState {
  const tape = deck(...draws);
  let state = blackjackDeal(tape);
  for (const a of actions) {
    const r = blackjackAct(state, a, tape);
    if (!r.ok) throw new Error(`${a}: ${r.error}`);
    state = r.state;
  }
  return state;
}

interface Case {
  name: string;
  /** Draw order: player, dealer up, player, dealer hole, then each card as the hand needs it. */
  draws: string[];
  actions: string[];
  hands: [string[], string][];
  dealer: string[];
  staked: number;
  returned: string;
}

// Every rule as a hand. `returned` is the total return in base bets.
const cases: Case[] = [
  {
    name: 'player blackjack pays 3:2 at once',
    draws: ['A', '9', 'K', '7'],
    actions: [],
    hands: [[['A', 'K'], 'blackjack']],
    dealer: ['9', '7'],
    staked: 1,
    returned: '5/2',
  },
  {
    name: 'dealer blackjack (ace up) settles at deal',
    draws: ['K', 'A', 'K', 'Q'],
    actions: [],
    hands: [[['K', 'K'], 'lose']],
    dealer: ['A', 'Q'],
    staked: 1,
    returned: '0',
  },
  {
    name: 'dealer blackjack (ten up) settles at deal',
    draws: ['9', 'K', '9', 'A'],
    actions: [],
    hands: [[['9', '9'], 'lose']],
    dealer: ['K', 'A'],
    staked: 1,
    returned: '0',
  },
  {
    name: 'blackjack against blackjack pushes',
    draws: ['A', 'A', 'K', 'K'],
    actions: [],
    hands: [[['A', 'K'], 'push']],
    dealer: ['A', 'K'],
    staked: 1,
    returned: '1',
  },
  {
    name: 'higher total wins',
    draws: ['K', '10', 'Q', '9'],
    actions: ['stand'],
    hands: [[['K', 'Q'], 'win']],
    dealer: ['10', '9'],
    staked: 1,
    returned: '2',
  },
  {
    name: 'equal totals push',
    draws: ['K', '10', 'Q', 'K'],
    actions: ['stand'],
    hands: [[['K', 'Q'], 'push']],
    dealer: ['10', 'K'],
    staked: 1,
    returned: '1',
  },
  {
    name: 'lower total loses',
    draws: ['K', '10', '7', 'K'],
    actions: ['stand'],
    hands: [[['K', '7'], 'lose']],
    dealer: ['10', 'K'],
    staked: 1,
    returned: '0',
  },
  {
    name: 'player bust loses and the dealer draws nothing',
    draws: ['10', '7', '6', '9', 'K'],
    actions: ['hit'],
    hands: [[['10', '6', 'K'], 'bust']],
    dealer: ['7', '9'],
    staked: 1,
    returned: '0',
  },
  {
    name: 'dealer stands on soft 17',
    draws: ['10', 'A', '8', '6'],
    actions: ['stand'],
    hands: [[['10', '8'], 'win']],
    dealer: ['A', '6'],
    staked: 1,
    returned: '2',
  },
  {
    name: 'dealer stands on hard 17',
    draws: ['10', '10', '7', '7'],
    actions: ['stand'],
    hands: [[['10', '7'], 'push']],
    dealer: ['10', '7'],
    staked: 1,
    returned: '1',
  },
  {
    name: 'dealer draws to 16 and busts',
    draws: ['10', '10', '7', '6', 'K'],
    actions: ['stand'],
    hands: [[['10', '7'], 'win']],
    dealer: ['10', '6', 'K'],
    staked: 1,
    returned: '2',
  },
  {
    name: 'dealer draws soft hands: A+5 then 5 is 21',
    draws: ['10', 'A', '10', '5', '5'],
    actions: ['stand'],
    hands: [[['10', '10'], 'lose']],
    dealer: ['A', '5', '5'],
    staked: 1,
    returned: '0',
  },
  {
    name: 'hitting to 21 stands automatically',
    draws: ['5', '10', '6', '7', 'K'],
    actions: ['hit'],
    hands: [[['5', '6', 'K'], 'win']],
    dealer: ['10', '7'],
    staked: 1,
    returned: '2',
  },
  {
    name: 'a three-card 21 is not a blackjack; dealer 21 pushes it',
    draws: ['5', 'A', '6', '5', 'K', '5'],
    actions: ['hit'],
    hands: [[['5', '6', 'K'], 'push']],
    dealer: ['A', '5', '5'],
    staked: 1,
    returned: '1',
  },
  {
    name: 'double takes one card and doubles the stake',
    draws: ['5', '10', '6', '7', '9'],
    actions: ['double'],
    hands: [[['5', '6', '9'], 'win']],
    dealer: ['10', '7'],
    staked: 2,
    returned: '4',
  },
  {
    name: 'double and lose loses two bets',
    draws: ['5', '10', '6', '9', '2'],
    actions: ['double'],
    hands: [[['5', '6', '2'], 'lose']],
    dealer: ['10', '9'],
    staked: 2,
    returned: '0',
  },
  {
    name: 'double on soft 17 with a ten makes hard 17; a doubled push returns both bets',
    draws: ['A', '9', '6', '8', 'K'],
    actions: ['double'],
    hands: [[['A', '6', 'K'], 'push']],
    dealer: ['9', '8'],
    staked: 2,
    returned: '2',
  },
  {
    name: 'split: second cards come one hand at a time, double after split allowed',
    draws: ['8', '10', '8', '7', '3', 'K', '10'],
    actions: ['split', 'double', 'stand'],
    hands: [
      [['8', '3', 'K'], 'win'],
      [['8', '10'], 'win'],
    ],
    dealer: ['10', '7'],
    staked: 3,
    returned: '6',
  },
  {
    name: 'split aces take one card each and stand; A+K after a split is 21, not blackjack',
    draws: ['A', '9', 'A', '7', 'K', '5', '2'],
    actions: ['split'],
    hands: [
      [['A', 'K'], 'win'],
      [['A', '5'], 'lose'],
    ],
    dealer: ['9', '7', '2'],
    staked: 2,
    returned: '2',
  },
  {
    name: 'max win: split, double both, win both returns 8 for 4 staked',
    draws: ['9', '6', '9', '10', '2', 'K', '2', 'Q', '10'],
    actions: ['split', 'double', 'double'],
    hands: [
      [['9', '2', 'K'], 'win'],
      [['9', '2', 'Q'], 'win'],
    ],
    dealer: ['6', '10', '10'],
    staked: 4,
    returned: '8',
  },
  {
    name: '21 on a split hand stands automatically and pays 1:1',
    draws: ['K', '9', 'K', '8', 'A', '7'],
    actions: ['split', 'stand'],
    hands: [
      [['K', 'A'], 'win'],
      [['K', '7'], 'push'],
    ],
    dealer: ['9', '8'],
    staked: 2,
    returned: '3',
  },
  {
    name: 'when every split hand busts the dealer draws nothing',
    draws: ['8', '10', '8', '6', '6', 'K', '5', 'Q'],
    actions: ['split', 'hit', 'hit'],
    hands: [
      [['8', '6', 'K'], 'bust'],
      [['8', '5', 'Q'], 'bust'],
    ],
    dealer: ['10', '6'],
    staked: 2,
    returned: '0',
  },
  {
    name: 'a split hand beats a dealer bust while the other busts',
    draws: ['8', '6', '8', '10', '6', 'K', '10', 'K'],
    actions: ['split', 'hit', 'stand'],
    hands: [
      [['8', '6', 'K'], 'bust'],
      [['8', '10'], 'win'],
    ],
    dealer: ['6', '10', 'K'],
    staked: 2,
    returned: '2',
  },
];

describe('blackjack rules', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const s = play(c.draws, c.actions);
    expect(s.status).toBe('settled');
    expect(s.hands.map((h) => [ranks(h.cards), h.result])).toEqual(c.hands);
    expect(ranks(s.dealer)).toEqual(c.dealer);
    expect(s.totalStaked).toBe(c.staked);
    expect(formatR(blackjackReturn(s)!)).toBe(c.returned);
    expect(s.cursor).toBe(c.draws.length); // every scripted card used, no more
    expect(legalActions(s)).toEqual([]);
  });
});

describe('blackjack actions', () => {
  it.each([
    ['a pair', ['8', '10', '8', '7'], ['hit', 'stand', 'double', 'split']],
    ['two different tens', ['K', '10', 'Q', '7'], ['hit', 'stand', 'double']],
    ['two equal tens', ['K', '10', 'K', '7'], ['hit', 'stand', 'double', 'split']],
  ])('legal actions on %s', (_name, draws, legal) => {
    expect(legalActions(blackjackDeal(deck(...draws)))).toEqual(legal);
  });

  it.each([
    ['double after three cards', ['2', '10', '3', '7', '4'], ['hit', 'double'], 'Cannot double after three cards'],
    ['split after three cards', ['2', '10', '2', '7', '2'], ['hit', 'split'], 'Can only split the first two cards'],
    ['split unequal ranks', ['K', '10', 'Q', '7'], ['split'], 'Cannot split K and Q: the cards must be of equal rank'],
    ['split twice', ['8', '10', '8', '7', '8'], ['split', 'split'], 'Cannot split more than once'],
    [
      'an unknown action',
      ['8', '10', '7', '7'],
      ['surrender'],
      'Unknown action "surrender": expected hit, stand, double or split',
    ],
    ['acting on a settled hand', ['A', '9', 'K', '7'], ['hit'], 'The hand is over'],
    [
      'insurance',
      ['8', 'A', '7', '7'],
      ['insurance'],
      'Unknown action "insurance": expected hit, stand, double or split',
    ],
  ])('refuses %s', (_name, draws, actions, error) => {
    const tape = deck(...draws);
    let state = blackjackDeal(tape);
    const last = actions.length - 1;
    for (let i = 0; i < last; i++) {
      const r = blackjackAct(state, actions[i], tape);
      if (!r.ok) throw new Error(r.error);
      state = r.state;
    }
    const before = JSON.stringify(state);
    expect(blackjackAct(state, actions[last], tape)).toEqual({ ok: false, error });
    expect(JSON.stringify(state)).toBe(before);
  });

  it('after a split the second hand gets its card only when the first is done', () => {
    const tape = deck('8', '10', '8', '7', '3', '9', '10');
    const split = blackjackAct(blackjackDeal(tape), 'split', tape);
    if (!split.ok) throw new Error(split.error);
    expect(split.state.hands.map((h) => ranks(h.cards))).toEqual([['8', '3'], ['8']]);
    expect(split.state.cursor).toBe(5);
    expect(legalActions(split.state)).toEqual(['hit', 'stand', 'double']);
    const hit = blackjackAct(split.state, 'hit', tape);
    if (!hit.ok) throw new Error(hit.error);
    expect(hit.state.hands.map((h) => ranks(h.cards))).toEqual([['8', '3', '9'], ['8']]);
    const stand = blackjackAct(hit.state, 'stand', tape);
    if (!stand.ok) throw new Error(stand.error);
    expect(stand.state.active).toBe(1);
    expect(stand.state.hands[1].cards.map((c) => c.rank)).toEqual(['8', '10']);
    expect(legalActions(stand.state)).toEqual(['hit', 'stand', 'double']);
  });

  it('state is JSON-serialisable, resumes from JSON, and inputs are never mutated', () => {
    const draws = ['8', '10', '8', '7', '3', 'K', '10'];
    const tape = deck(...draws);
    const dealt = blackjackDeal(tape);
    const snapshot = JSON.stringify(dealt);
    const a = blackjackAct(JSON.parse(snapshot), 'split', tape);
    if (!a.ok) throw new Error(a.error);
    expect(JSON.stringify(dealt)).toBe(snapshot);
    const b = blackjackAct(JSON.parse(JSON.stringify(a.state)), 'double', tape);
    if (!b.ok) throw new Error(b.error);
    const c = blackjackAct(JSON.parse(JSON.stringify(b.state)), 'stand', tape);
    if (!c.ok) throw new Error(c.error);
    expect(c.state).toEqual(play(draws, ['split', 'double', 'stand']));
  });

  it('hides the hole card while the player acts', () => {
    const s = blackjackDeal(deck('8', '10', '7', '7'));
    expect(visibleDealerCards(s).map(cardLabel)).toEqual([cardLabel(cardFromIndex(4 * R.indexOf('10')))]);
    const settled = play(['8', '10', '7', '7'], ['stand']);
    expect(visibleDealerCards(settled)).toHaveLength(2);
  });
});
