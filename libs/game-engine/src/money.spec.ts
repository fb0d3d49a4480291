import { BASE_UNITS_PER_COIN, payout, settledPayout } from './money';
import { ratio } from './rational';

const COIN = BASE_UNITS_PER_COIN;

describe('settledPayout: House Coins are paid in whole coins (issue 29 item 6)', () => {
  it.each([
    // [what, stake in coins, multiplier, HC paid in base units, AMINA paid in base units]
    ['plinko 0.6x on 1 coin', 1n, ratio(3, 5), 0n, 60_000_000n],
    ['blackjack 2.5x on 1 coin', 1n, ratio(5, 2), 2n * COIN, 250_000_000n],
    ['plinko 1.4x on 3 coins', 3n, ratio(7, 5), 4n * COIN, 420_000_000n],
    ['dice 2x on 10 coins', 10n, ratio(2), 20n * COIN, 20n * COIN],
    ['a loss', 10n, ratio(0), 0n, 0n],
  ])('%s', (_, coins, m, hc, amina) => {
    expect(settledPayout('HC', coins * COIN, m)).toBe(hc);
    expect(settledPayout('AMINA', coins * COIN, m)).toBe(amina);
    expect(settledPayout('AMINA', coins * COIN, m)).toBe(payout(coins * COIN, m));
  });

  it('the hi-lo cash-out of the issue (29.57801785 HC) pays 29 HC', () => {
    // 10 HC at a run multiplier of 2.957801785…: payout rounds to the base unit, HC to the coin
    const m = ratio(2_957_801_785n, 1_000_000_000n);
    expect(payout(10n * COIN, m)).toBe(2_957_801_785n);
    expect(settledPayout('HC', 10n * COIN, m)).toBe(29n * COIN);
  });
});
