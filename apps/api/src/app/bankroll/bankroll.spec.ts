import { paytables } from '@cosmic/game-engine';
import { maxNetWinPerUnit, maxStakeFor } from './bankroll.service';

describe('bankroll cap arithmetic', () => {
  it('takes each game’s best net win per unit staked from the published paytables', () => {
    expect(maxNetWinPerUnit({ game: 'dice', betType: 'seven' })).toBe(3);
    expect(maxNetWinPerUnit({ game: 'dice', betType: 'low' })).toBe(1);
    expect(maxNetWinPerUnit({ game: 'plinko', risk: 'high' })).toBe(paytables.plinko.high.maxMultiplier - 1);
    expect(maxNetWinPerUnit({ game: 'slots' })).toBe(5000);
    expect(maxNetWinPerUnit({ game: 'blackjack' })).toBe(4);
    expect(maxNetWinPerUnit({ game: 'hilo' })).toBeNull();
  });

  it('the largest stake never lets the best win pass the cap, and is the largest such stake', () => {
    for (const [cap, net] of [
      [900_000_000n, 3],
      [9_000_000n, 5000],
      [1n, 1],
      [123_456_789n, 0.6],
      [0n, 3],
    ] as const) {
      const stake = maxStakeFor(cap, net);
      expect(Number(stake) * net).toBeLessThanOrEqual(Number(cap));
      expect(Number(stake + 1n) * net).toBeGreaterThan(Number(cap));
    }
  });
});
