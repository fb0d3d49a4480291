import { parseAmount } from '@cosmic/algorand';
import {
  addBet,
  blackjackBet,
  bonusBuyBet,
  chartSummary,
  emptySession,
  hiloBet,
  instantBet,
  MAX_POINTS,
  type SessionStats,
  type SettledBet,
  sessionStats,
  signedAmount,
  slotsBet,
  thinPoints,
} from './session-stats';

const u = (text: string) => {
  const r = parseAmount(text);
  if (!r.ok) throw new Error(text);
  return r.value;
};

const fair = { nonce: 1, serverSeedHash: 'h', clientSeed: 'c' };
let nextId = 1;
const id = () => String(nextId++);

/** The settled bets of the worked examples, each from the answer its game gets. */
const dice = (bet: string, win: string, currency: 'HC' | 'AMINA' = 'HC') =>
  instantBet({ betId: id(), currency, betAmount: bet, winAmount: win });
const plinko = (bet: string, win: string) =>
  instantBet({ betId: id(), currency: 'HC', betAmount: bet, winAmount: win });
const spin = (bet: string, win: string, isFreeSpin = false) =>
  slotsBet({ betId: id(), currency: 'HC', betAmount: bet, winAmount: win, isFreeSpin });
const hand = (totalStaked: string, win: string) =>
  blackjackBet({ ...fair, betId: id(), currency: 'HC', gameOver: true, totalStaked, winAmount: win })!;
const run = (bet: string, win: string | undefined) =>
  hiloBet({ ...fair, betId: id(), currency: 'HC', gameOver: true, betAmount: bet, winAmount: win })!;

const play = (bets: SettledBet[], from: SessionStats = emptySession(0)) =>
  bets.reduce((s, bet) => sessionStats(s, { type: 'bet', bet }), from);

/** The HC figures after the bets, amounts as decimal strings. */
const figures = (s: SessionStats) => {
  const c = s.currencies.HC;
  const d = (v: bigint) => signedAmount(v);
  return {
    bets: c.bets,
    wagered: d(c.wagered),
    paid: d(c.paid),
    wins: c.wins,
    losses: c.losses,
    even: c.even,
    net: d(c.net),
    points: c.points.map((p) => d(p.net)),
  };
};

describe('sessionStats: worked examples (HC)', () => {
  it.each([
    [
      'a dice win: 10 HC on low, paid 20',
      [() => dice('10', '20')],
      { bets: 1, wagered: '+10', paid: '+20', wins: 1, losses: 0, even: 0, net: '+10', points: ['0', '+10'] },
    ],
    [
      'a dice loss: 10 HC, paid 0',
      [() => dice('10', '0')],
      { bets: 1, wagered: '+10', paid: '0', wins: 0, losses: 1, even: 0, net: '−10', points: ['0', '−10'] },
    ],
    [
      'a win then a loss then a win',
      [() => dice('10', '40'), () => dice('25', '0'), () => dice('5', '10')],
      {
        bets: 3,
        wagered: '+40',
        paid: '+50',
        wins: 2,
        losses: 1,
        even: 0,
        net: '+10',
        points: ['0', '+30', '+5', '+10'],
      },
    ],
    [
      'a plinko 1x drop is a push: the stake back, net 0',
      [() => plinko('10', '10')],
      { bets: 1, wagered: '+10', paid: '+10', wins: 0, losses: 0, even: 1, net: '0', points: ['0', '0'] },
    ],
    [
      'a plinko 0.2x drop returns part of the stake: a loss of 8',
      [() => plinko('10', '2')],
      { bets: 1, wagered: '+10', paid: '+2', wins: 0, losses: 1, even: 0, net: '−8', points: ['0', '−8'] },
    ],
    [
      'a plinko 0.5x drop of 3 HC returns 1.5: fractions stay exact',
      [() => plinko('3', '1.5')],
      { bets: 1, wagered: '+3', paid: '+1.5', wins: 0, losses: 1, even: 0, net: '−1.5', points: ['0', '−1.5'] },
    ],
    [
      'a paid spin that triggers free spins, then two free spins (one pays 30, one nothing)',
      [() => spin('10', '4'), () => spin('10', '30', true), () => spin('10', '0', true)],
      {
        bets: 3,
        wagered: '+10',
        paid: '+34',
        wins: 1,
        losses: 1,
        even: 1,
        net: '+24',
        points: ['0', '−6', '+24', '+24'],
      },
    ],
    [
      'a bonus buy (100× a 10 HC bet) is wagered and pays nothing by itself; its free spins pay',
      [() => bonusBuyBet({ currency: 'HC', cost: '1000' }, 'bonus-1'), () => spin('10', '250', true)],
      {
        bets: 2,
        wagered: '+1,000',
        paid: '+250',
        wins: 1,
        losses: 1,
        even: 0,
        net: '−750',
        points: ['0', '−1,000', '−750'],
      },
    ],
    [
      'blackjack: a doubled hand that wins stakes 20 and pays 40',
      [() => hand('20', '40')],
      { bets: 1, wagered: '+20', paid: '+40', wins: 1, losses: 0, even: 0, net: '+20', points: ['0', '+20'] },
    ],
    [
      'blackjack: a split hand, one won one lost, stakes 20 and pays 20 (even)',
      [() => hand('20', '20')],
      { bets: 1, wagered: '+20', paid: '+20', wins: 0, losses: 0, even: 1, net: '0', points: ['0', '0'] },
    ],
    [
      'blackjack: a split with one hand doubled, both lost: 30 staked',
      [() => hand('30', '0')],
      { bets: 1, wagered: '+30', paid: '0', wins: 0, losses: 1, even: 0, net: '−30', points: ['0', '−30'] },
    ],
    [
      'blackjack: a natural pays 3:2 (10 → 25), a push returns the stake',
      [() => hand('10', '25'), () => hand('10', '10')],
      { bets: 2, wagered: '+20', paid: '+35', wins: 1, losses: 0, even: 1, net: '+15', points: ['0', '+15', '+15'] },
    ],
    [
      'hi-lo: a cash-out of 10 HC at 1.75x pays 17.5',
      [() => run('10', '17.5')],
      { bets: 1, wagered: '+10', paid: '+17.5', wins: 1, losses: 0, even: 0, net: '+7.5', points: ['0', '+7.5'] },
    ],
    [
      'hi-lo: a wrong guess after a streak pays nothing (no winAmount)',
      [() => run('10', undefined)],
      { bets: 1, wagered: '+10', paid: '0', wins: 0, losses: 1, even: 0, net: '−10', points: ['0', '−10'] },
    ],
  ])('%s', (_name, makers, expected) => {
    expect(figures(play(makers.map((m) => m())))).toEqual(expected);
  });
});

describe('sessionStats', () => {
  it('keeps HC and AMINA apart', () => {
    const s = play([dice('10', '20'), dice('0.01', '0', 'AMINA'), dice('0.5', '1', 'AMINA')]);
    expect(s.currencies.HC).toMatchObject({ bets: 1, wagered: u('10'), net: u('10') });
    expect(s.currencies.AMINA).toMatchObject({
      bets: 2,
      wagered: u('0.51'),
      paid: u('1'),
      wins: 1,
      losses: 1,
      net: u('0.49'),
    });
  });

  it('counts a bet reported twice once (the same bet id)', () => {
    const bet = dice('10', '0');
    const s = play([bet, bet, { ...bet }]);
    expect(s.currencies.HC.bets).toBe(1);
    expect(s.currencies.HC.net).toBe(-u('10'));
  });

  it('reset starts a new, empty session at the given time', () => {
    const s = sessionStats(play([dice('10', '20'), dice('0.01', '0', 'AMINA')]), { type: 'reset', at: 1234 });
    expect(s).toEqual(emptySession(1234));
    expect(s.currencies.HC).toMatchObject({ bets: 0, wagered: 0n, net: 0n, points: [{ bet: 0, net: 0n }] });
    // a bet counted before the reset is a new bet of the new session only if it is new: ids are forgotten
    expect(s.counted).toEqual([]);
  });

  it('the blackjack and hi-lo answers of an open round are no bet yet', () => {
    expect(
      blackjackBet({ gameOver: false, betId: null, currency: 'HC', totalStaked: '10', winAmount: '0' }),
    ).toBeNull();
    expect(blackjackBet({ gameOver: true, betId: null, currency: 'HC', totalStaked: '10', winAmount: '0' })).toBeNull();
    expect(
      hiloBet({ gameOver: false, betId: undefined, currency: 'HC', betAmount: '10', winAmount: undefined }),
    ).toBeNull();
  });

  it('a free spin keeps the bet it was played at as the base of a big win', () => {
    expect(slotsBet({ betId: '7', currency: 'HC', betAmount: '10', winAmount: '30', isFreeSpin: true })).toEqual({
      id: '7',
      currency: 'HC',
      stake: 0n,
      payout: u('30'),
      base: u('10'),
    });
  });
});

describe('thinPoints', () => {
  it('keeps a short list as it is', () => {
    const points = [0, 1, 2].map((i) => ({ bet: i, net: BigInt(i) }));
    expect(thinPoints(points, 5)).toBe(points);
  });

  it.each([
    [6, 5, [0, 2, 4, 5]],
    [7, 5, [0, 2, 4, 6]],
  ])('halves %i points past a maximum of %i, keeping the first and the last', (n, max, bets) => {
    const points = Array.from({ length: n }, (_, i) => ({ bet: i, net: BigInt(i) }));
    expect(thinPoints(points, max).map((p) => p.bet)).toEqual(bets);
  });

  it('a long session stays at most MAX_POINTS and ends at the latest bet', () => {
    let s = emptySession(0).currencies.HC;
    for (let i = 0; i < 3 * MAX_POINTS; i++) s = addBet(s, { stake: 1n, payout: i % 3 === 0 ? 3n : 0n });
    expect(s.points.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(s.points.length).toBeGreaterThan(MAX_POINTS / 2);
    expect(s.points[0]).toEqual({ bet: 0, net: 0n });
    expect(s.points[s.points.length - 1]).toEqual({ bet: 3 * MAX_POINTS, net: s.net });
    expect(s.net).toBe(0n);
  });
});

describe('chartSummary', () => {
  it.each([
    [[], 'No HC bets yet this session'],
    [[['10', '20']], 'Net profit over 1 bet: now +10 HC, highest +10 HC, lowest 0 HC'],
    [
      [
        ['10', '0'],
        ['10', '0'],
        ['10', '45'],
      ],
      'Net profit over 3 bets: now +15 HC, highest +15 HC, lowest −20 HC',
    ],
    [
      [
        ['1000', '0'],
        ['500', '0'],
      ],
      'Net profit over 2 bets: now −1,500 HC, highest 0 HC, lowest −1,500 HC',
    ],
  ])('%j → %s', (bets, text) => {
    expect(chartSummary(play(bets.map(([b, w]) => dice(b, w))).currencies.HC, 'HC')).toBe(text);
  });
});
