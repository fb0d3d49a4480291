import { betPresets, betRange, chips } from './bet-sizing';
import { cardLabel, cardName } from './cards';
import { describeEvent } from './describe';
import { seatOrder } from './seat-layout';
import type { LegalActions } from '@cosmic/poker';

const legal = (over: Partial<LegalActions>): LegalActions => ({
  seat: 0,
  toCall: 0,
  fold: false,
  check: true,
  call: false,
  bet: null,
  raise: null,
  allIn: null,
  ...over,
});
const name = (seat: number) => ['Ann', 'Nova', 'Vega', 'You'][seat];

describe('cards', () => {
  it.each([
    [0, '2♦', 'two of diamonds'],
    [13, '5♥', 'five of hearts'],
    [34, '10♠', 'ten of spades'],
    [51, 'A♣', 'ace of clubs'],
  ])('card %d is %s (%s)', (card, label, spoken) => {
    expect(cardLabel(card)).toBe(label);
    expect(cardName(card)).toBe(spoken);
  });
});

describe('seat layout', () => {
  it('puts the viewer at the bottom and the others clockwise', () => {
    expect(seatOrder(2)).toEqual([2, 3, 4, 5, 0, 1]);
    expect(seatOrder(5)).toEqual([5, 0, 1, 2, 3, 4]);
    expect(seatOrder(null)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('bet sizing', () => {
  it('offers half pot, pot and all-in raises, clamped to the legal range', () => {
    // pot 150 with a bet of 50 to call: a pot raise goes to 50 + (150 + 50) = 250
    const l = legal({ toCall: 50, check: false, call: true, fold: true, raise: { min: 100, max: 990 } });
    expect(betPresets(l, 150, 50)).toEqual([
      { label: '½ pot', amount: 150 },
      { label: 'Pot', amount: 250 },
      { label: 'All-in', amount: 990 },
    ]);
    expect(betRange(l)).toEqual({ min: 100, max: 990, kind: 'raise' });
  });

  it('bets into an unopened pot; tiny stacks collapse presets to the range', () => {
    expect(betPresets(legal({ bet: { min: 10, max: 500 } }), 60, 0)).toEqual([
      { label: '½ pot', amount: 30 },
      { label: 'Pot', amount: 60 },
      { label: 'All-in', amount: 500 },
    ]);
    expect(betPresets(legal({ bet: { min: 10, max: 25 } }), 60, 0)).toEqual([
      { label: '½ pot', amount: 25 },
      { label: 'All-in', amount: 25 },
    ]);
    expect(betPresets(legal({}), 60, 0)).toEqual([]);
  });

  it('prints chips with separators', () => {
    expect(chips(12345)).toBe('12,345');
  });
});

describe('describeEvent', () => {
  it.each([
    [{ type: 'blind', seat: 1, blind: 'small', amount: 5 }, 'Nova posts the small blind (5)'],
    [{ type: 'action', seat: 0, action: 'raise', amount: 55, to: 60 }, 'Ann raises to 60'],
    [{ type: 'action', seat: 2, action: 'call', amount: 50, to: 60 }, 'Vega calls 50'],
    [{ type: 'action', seat: 2, action: 'bet', amount: 40, to: 40 }, 'Vega bets 40'],
    [{ type: 'action', seat: 0, action: 'fold', amount: 0, to: 0, auto: 'timeout' }, 'Ann folds (time ran out)'],
    [{ type: 'action', seat: 0, action: 'fold', amount: 0, to: 0, auto: 'left' }, 'Ann folds (left the table)'],
    [{ type: 'action', seat: 1, action: 'allin', amount: 300, to: 310 }, 'Nova goes all-in (310)'],
    [{ type: 'street', street: 'flop', cards: [0, 13, 51] }, 'Flop: 2♦ 5♥ A♣'],
    [{ type: 'refund', seat: 0, amount: 250 }, '250 uncalled returned to Ann'],
    [
      { type: 'show', seat: 1, cards: [50, 48], value: 0, description: 'Pair of Aces' },
      'Nova shows A♠ A♦ (Pair of Aces)',
    ],
    [{ type: 'win', seat: 1, amount: 1200, pot: 0, description: 'Pair of Aces' }, 'Nova wins 1,200 with Pair of Aces'],
    [{ type: 'win', seat: 2, amount: 80, pot: 1, description: null }, 'Vega wins 80 from side pot 1'],
    [{ type: 'action', seat: 3, action: 'call', amount: 10, to: 10 }, 'You call 10'],
    [
      { type: 'show', seat: 3, cards: [0, 4], value: 0, description: 'Pair of Twos' },
      'You show 2♦ 3♦ (Pair of Twos)',
    ],
    [{ type: 'win', seat: 3, amount: 40, pot: 0, description: 'Pair of Twos' }, 'You win 40 with Pair of Twos'],
  ] as const)('%j → %s', (event, text) => {
    expect(describeEvent(event as never, name)).toBe(text);
  });
});
