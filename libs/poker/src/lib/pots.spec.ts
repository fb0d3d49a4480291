import { awardPot, buildPots, uncalledBet, type Contribution } from './pots';

const c = (seat: number, amount: number, folded = false): Contribution => ({ seat, amount, folded });

describe('uncalledBet', () => {
  it.each([
    [[c(0, 100), c(1, 40)], { seat: 0, amount: 60 }],
    [[c(0, 100), c(1, 100)], null],
    [[c(0, 30, true), c(1, 10), c(2, 500)], { seat: 2, amount: 470 }],
    [[c(0, 5)], { seat: 0, amount: 5 }],
    // a big blind who folds (leaves) before the small blind acts forfeits the whole blind
    [[c(0, 5), c(1, 10, true)], null],
  ])('%j → %j', (contribs, expected) => {
    expect(uncalledBet(contribs)).toEqual(expected);
  });
});

describe('buildPots', () => {
  it.each<[string, Contribution[], Array<{ amount: number; eligible: number[] }>]>([
    [
      'one pot when everyone put in the same',
      [c(0, 100), c(1, 100), c(2, 100)],
      [{ amount: 300, eligible: [0, 1, 2] }],
    ],
    [
      'folded chips stay in the pot, folded seats are not eligible',
      [c(0, 100), c(1, 40, true), c(2, 100)],
      [{ amount: 240, eligible: [0, 2] }],
    ],
    ['a folded biggest bet goes to the last pot', [c(0, 5), c(1, 10, true)], [{ amount: 15, eligible: [0] }]],
    [
      'both blinds left: the button who put nothing in takes them',
      [c(0, 0), c(1, 5, true), c(2, 10, true)],
      [{ amount: 15, eligible: [0] }],
    ],
    [
      'three all-ins of different sizes: main pot and one side pot',
      [c(0, 100), c(1, 300), c(2, 300)],
      [
        { amount: 300, eligible: [0, 1, 2] },
        { amount: 400, eligible: [1, 2] },
      ],
    ],
    [
      'four players, two short all-ins: main and two side pots',
      [c(0, 50), c(1, 120), c(2, 400), c(3, 400)],
      [
        { amount: 200, eligible: [0, 1, 2, 3] },
        { amount: 210, eligible: [1, 2, 3] },
        { amount: 560, eligible: [2, 3] },
      ],
    ],
    [
      'a folded player who put in more than a short all-in feeds both pots',
      [c(0, 50), c(1, 200, true), c(2, 300), c(3, 300)],
      [
        { amount: 200, eligible: [0, 2, 3] },
        { amount: 650, eligible: [2, 3] },
      ],
    ],
    [
      'equal all-in levels merge into one pot',
      [c(0, 80), c(1, 80), c(2, 80, true)],
      [{ amount: 240, eligible: [0, 1] }],
    ],
  ])('%s', (_name, contribs, expected) => {
    const pots = buildPots(contribs);
    expect(pots).toEqual(expected);
    expect(pots.reduce((a, p) => a + p.amount, 0)).toBe(contribs.reduce((a, x) => a + x.amount, 0));
  });
});

describe('awardPot', () => {
  const order = [1, 2, 3, 0]; // clockwise from the button's left; the button is seat 0

  it('gives the pot to the best eligible hand', () => {
    const r = awardPot(
      { amount: 300, eligible: [0, 1, 2] },
      new Map([
        [0, 5],
        [1, 9],
        [2, 7],
        [3, 99],
      ]),
      order,
    );
    expect(r.winners).toEqual([1]);
    expect(r.shares).toEqual({ 1: 300 });
  });

  it('ignores a better hand that is not eligible (side pot)', () => {
    const r = awardPot(
      { amount: 400, eligible: [2, 3] },
      new Map([
        [1, 99],
        [2, 7],
        [3, 8],
      ]),
      order,
    );
    expect(r.shares).toEqual({ 3: 400 });
  });

  it('splits equally between tied hands', () => {
    const r = awardPot(
      { amount: 300, eligible: [0, 2] },
      new Map([
        [0, 7],
        [2, 7],
      ]),
      order,
    );
    expect(r.shares).toEqual({ 2: 150, 0: 150 });
  });

  it('odd chips go one each to the tied winners nearest the button’s left', () => {
    const r = awardPot(
      { amount: 301, eligible: [0, 2] },
      new Map([
        [0, 7],
        [2, 7],
      ]),
      order,
    );
    expect(r.shares).toEqual({ 2: 151, 0: 150 });
    const three = awardPot(
      { amount: 302, eligible: [0, 1, 3] },
      new Map([
        [0, 7],
        [1, 7],
        [3, 7],
      ]),
      order,
    );
    expect(three.shares).toEqual({ 1: 101, 3: 101, 0: 100 });
  });
});
