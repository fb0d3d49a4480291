import { GameEngineError } from '../errors';
import { SLOTS_MODEL, SLOTS_SIMULATION } from './cosmic-chaos';
import { freeSpinsFor } from './model';
import { simulateSlots } from './simulate';

// Fixed-seed regression: the figures scripts/slots-sim.mjs prints for
//   node libs/game-engine/scripts/slots-sim.mjs --spins 300000 --buys 20000 --seed 1
// (recorded in SLOTS.md). Any change to the model, the mapping or the cascade mechanics moves them.
const REGRESSION = {
  base: { rounds: 300_000, totalUnits: 29_100_720, rtp: 0.970024 },
  buy: { rounds: 20_000, totalUnits: 191_942_580, rtp: 0.9597129 },
};

/** True when two estimates agree at 95%: |a − b| ≤ 1.96·√(se_a² + se_b²). */
function consistent(a: { rtp: number; ci: [number, number] }, b: { rtp: number; ci: [number, number] }): boolean {
  const se = (x: { ci: [number, number] }) => (x.ci[1] - x.ci[0]) / 2 / 1.96;
  return Math.abs(a.rtp - b.rtp) <= 1.96 * Math.hypot(se(a), se(b));
}

describe('slots simulation: fixed-seed regression (sfc32 seed 1)', () => {
  const base = simulateSlots(SLOTS_MODEL, 'base', REGRESSION.base.rounds, 1);
  const buy = simulateSlots(SLOTS_MODEL, 'buy', REGRESSION.buy.rounds, 1);

  it('re-measures the recorded base-game RTP exactly', () => {
    expect(base.totalUnits).toBe(REGRESSION.base.totalUnits);
    expect(Math.abs(base.rtp - REGRESSION.base.rtp)).toBeLessThan(1e-12);
  });

  it('re-measures the recorded bonus-buy RTP exactly', () => {
    expect(buy.totalUnits).toBe(REGRESSION.buy.totalUnits);
    expect(Math.abs(buy.rtp - REGRESSION.buy.rtp)).toBeLessThan(1e-12);
  });

  it('agrees with the published long runs, and the published RTPs lie within these runs’ 95% CIs', () => {
    expect(consistent(base, SLOTS_SIMULATION.base)).toBe(true);
    expect(consistent(buy, SLOTS_SIMULATION.buy)).toBe(true);
    expect(SLOTS_SIMULATION.base.rtp).toBeGreaterThanOrEqual(base.ci[0]);
    expect(SLOTS_SIMULATION.base.rtp).toBeLessThanOrEqual(base.ci[1]);
    expect(SLOTS_SIMULATION.buy.rtp).toBeGreaterThanOrEqual(buy.ci[0]);
    expect(SLOTS_SIMULATION.buy.rtp).toBeLessThanOrEqual(buy.ci[1]);
  });

  it('accounts for every spin: awards by scatter count, 10 spins per buy, paid + free parts = RTP', () => {
    const awarded = base.triggersByScatters.reduce(
      (sum, n, scatters) => sum + n * freeSpinsFor(SLOTS_MODEL, scatters),
      0,
    );
    expect(base.freeSpins).toBe(awarded);
    expect(base.triggers).toBe(base.triggersByScatters.reduce((a, b) => a + b, 0));
    expect(base.paidSpinRtp + base.freeSpinRtp).toBeCloseTo(base.rtp, 12);
    expect([buy.freeSpins, buy.triggers, buy.paidSpinRtp]).toEqual([REGRESSION.buy.rounds * 10, 0, 0]);
    expect(base.maxSpinWin).toBeLessThanOrEqual(SLOTS_MODEL.maxWin);
  });
});

describe('simulateSlots', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = simulateSlots(SLOTS_MODEL, 'base', 5_000, 5);
    expect(simulateSlots(SLOTS_MODEL, 'base', 5_000, 5)).toEqual(a);
    expect(simulateSlots(SLOTS_MODEL, 'base', 5_000, 6).totalUnits).not.toBe(a.totalUnits);
  });

  it('rejects a bad mode or count', () => {
    expect(() => simulateSlots(SLOTS_MODEL, 'bonus' as 'buy', 10, 1)).toThrow(GameEngineError);
    expect(() => simulateSlots(SLOTS_MODEL, 'base', 1, 1)).toThrow('rounds must be an integer >= 2, got 1');
  });
});
