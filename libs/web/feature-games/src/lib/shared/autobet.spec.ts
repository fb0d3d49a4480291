import { BASE_UNITS_PER_COIN as COIN } from '@cosmic/game-engine';
import {
  type AutobetSettings,
  type AutobetStop,
  adjustBet,
  afterBet,
  clampAutobet,
  parsePercent,
  startRun,
} from './autobet';

const hc = (n: number) => BigInt(n) * COIN;
const OFF: AutobetSettings = {
  bets: 0,
  onWin: { kind: 'reset' },
  onLoss: { kind: 'reset' },
  stopProfit: null,
  stopLoss: null,
  stopWin: null,
};
const MARTINGALE: AutobetSettings = { ...OFF, onLoss: { kind: 'increase', basisPoints: 10_000n } };

/** Plays `payouts` (in HC, one per bet) through the rules: the stake of each bet, the net after it, and where it stopped. */
function play(settings: AutobetSettings, base: number, payoutsPerStake: number[]) {
  let run = startRun(hc(base));
  const stakes: number[] = [];
  let stop: AutobetStop | null = null;
  for (const times of payoutsPerStake) {
    const stake = run.next;
    stakes.push(Number(stake) / Number(COIN));
    ({ run, stop } = afterBet(run, settings, { stake, payout: (stake * BigInt(Math.round(times * 100))) / 100n }));
    if (stop) break;
  }
  return { stakes, net: Number(run.net) / Number(COIN), placed: run.placed, stop };
}

describe('afterBet: progression and stop rules, worked examples', () => {
  it.each([
    // name, settings, base, payout multiple of each bet, stakes placed, net HC, stop
    ['martingale: double on loss, reset on win', MARTINGALE, 10, [0, 0, 2, 0, 2], [10, 20, 40, 10, 20], 20, null],
    ['reset on both: the stake never moves', OFF, 5, [0, 4, 0], [5, 5, 5], 5, null],
    [
      '+50% on win, reset on loss (paroli)',
      { ...OFF, onWin: { kind: 'increase', basisPoints: 5_000n } },
      10,
      [2, 2, 0, 2],
      [10, 15, 22.5, 10],
      12.5,
      null,
    ],
    ['a push (payout = stake) counts as a loss', MARTINGALE, 10, [1, 1], [10, 20], 0, null],
    ['stops after the number of bets', { ...MARTINGALE, bets: 3 }, 10, [0, 0, 0, 0, 0], [10, 20, 40], -70, 'count'],
    [
      '0 bets runs until another rule stops it',
      { ...MARTINGALE, stopLoss: hc(70) },
      10,
      [0, 0, 0, 0, 0],
      [10, 20, 40],
      -70,
      'loss',
    ],
    [
      'stop on loss waits until the net loss reaches it',
      { ...OFF, stopLoss: hc(25) },
      10,
      [0, 0, 0, 0],
      [10, 10, 10],
      -30,
      'loss',
    ],
    [
      'stop on profit at net profit ≥ A',
      { ...OFF, stopProfit: hc(20) },
      10,
      [2, 0, 2, 2, 2],
      [10, 10, 10, 10],
      20,
      'profit',
    ],
    [
      'stop on a single win ≥ C (the payout)',
      { ...OFF, stopWin: hc(40) },
      10,
      [2, 2, 4, 2],
      [10, 10, 10],
      50,
      'single-win',
    ],
    ['a single win below C plays on', { ...OFF, stopWin: hc(41) }, 10, [4, 0], [10, 10], 20, null],
    ['the count is checked before the other rules', { ...OFF, bets: 1, stopProfit: hc(1) }, 10, [2], [10], 10, 'count'],
  ] as const)('%s', (_name, settings, base, payouts, stakes, net, stop) => {
    const r = play(settings, base, [...payouts]);
    expect(r.stakes).toEqual(stakes);
    expect(r.net).toBe(net);
    expect(r.placed).toBe(stakes.length);
    expect(r.stop).toBe(stop);
  });
});

describe('adjustBet', () => {
  it.each([
    [hc(10), { kind: 'reset' } as const, hc(3), hc(3)],
    [hc(10), { kind: 'increase', basisPoints: 10_000n } as const, hc(3), hc(20)],
    [hc(10), { kind: 'increase', basisPoints: 0n } as const, hc(3), hc(10)],
    [3n, { kind: 'increase', basisPoints: 5_000n } as const, 1n, 4n], // 1.5 base units rounds down to 1
  ])('case %#', (amount, adjust, base, next) => {
    expect(adjustBet(amount, adjust, base)).toBe(next);
  });
});

describe('clampAutobet: inside the panel limits and the balance', () => {
  const hcRange = (max: number) => ({ min: COIN, max: hc(max), step: COIN });
  it.each([
    ['in range', hc(20), hcRange(1000), hc(20)],
    ['above the max bet', hc(1280), hcRange(1000), hc(1000)],
    ['above the balance (max is the balance)', hc(40), hcRange(35), hc(35)],
    ['HC rounded down to whole coins', hc(22) + COIN / 2n, hcRange(1000), hc(22)],
    ['below the minimum', COIN / 2n, hcRange(1000), COIN],
    ['AMINA keeps its decimals', 123_456n, { min: 100_000n, max: 5n * COIN, step: 1n }, 123_456n],
  ])('%s', (_name, amount, range, expected) => {
    expect(clampAutobet(amount, range)).toBe(expected);
  });

  it('no bet fits when the balance is under the minimum', () => {
    expect(clampAutobet(hc(10), { min: COIN, max: 0n, step: COIN })).toBeNull();
  });
});

describe('parsePercent', () => {
  it.each([
    ['100', 10_000n],
    ['12.5', 1_250n],
    ['0.01', 1n],
    [' 0 ', 0n],
    ['10000', 1_000_000n],
    ['10000.01', null],
    ['-5', null],
    ['1.234', null],
    ['', null],
    ['abc', null],
  ])('%j → %s', (text, bp) => {
    expect(parsePercent(text)).toBe(bp);
  });
});
