import { sfc32 } from '../fair/prng';
import { formatR } from '../rational';
import { modelPay, playSlotsSpin, type SlotsModel, slotsModelError } from './model';

// A small test model (the shipped one is SLOTS_MODEL, slots/cosmic-chaos.ts).
const model = (): SlotsModel => ({
  symbols: [
    { id: 'a', emoji: '🪐', weight: 30 },
    { id: 'b', emoji: '🌙', weight: 25 },
    { id: 'c', emoji: '⭐', weight: 20 },
    { id: 'scatter', emoji: '🌌', weight: 4 },
  ],
  scatterId: 'scatter',
  minCluster: 5,
  payScale: 100,
  pays: { a: [10, 20, 40], b: [20, 40, 80], c: [50, 100, 200] },
  maxWin: 5000,
  freeSpins: { scattersToTrigger: 3, awards: [10], retrigger: false, multiplier: 3, weights: [20, 20, 20, 4] },
  buyBonus: { cost: 100, spins: 10 },
});

describe('slots model', () => {
  it('accepts a well-formed model', () => expect(slotsModelError(model())).toBeNull());

  it.each([
    ['an unknown scatter', (m: SlotsModel) => (m.scatterId = 'x'), 'scatterId "x" is not a symbol'],
    ['duplicate ids', (m: SlotsModel) => (m.symbols[1].id = 'a'), 'symbol ids must be unique'],
    ['fractional weights', (m: SlotsModel) => (m.symbols[0].weight = 1.5), 'weights must be non-negative integers'],
    [
      'a missing pay row',
      (m: SlotsModel) => delete m.pays.c,
      'pays.c must be a non-empty list of non-negative integers',
    ],
    [
      'short free-spin weights',
      (m: SlotsModel) => m.freeSpins.weights.pop(),
      'freeSpins.weights needs one integer weight per symbol',
    ],
    [
      'an all-zero weight table',
      (m: SlotsModel) => (m.freeSpins.weights = [0, 0, 0, 0]),
      'each weight table must total 1..2^21-1',
    ],
    ['a fractional cap', (m: SlotsModel) => (m.maxWin = 2.5), 'maxWin must be a positive integer (bets)'],
    [
      'no free-spin awards',
      (m: SlotsModel) => (m.freeSpins.awards = []),
      'freeSpins.awards must be a non-empty list of positive integers',
    ],
    [
      'a zero trigger',
      (m: SlotsModel) => (m.freeSpins.scattersToTrigger = 0),
      'freeSpins.scattersToTrigger must be a positive integer',
    ],
    [
      'a fractional multiplier',
      (m: SlotsModel) => (m.freeSpins.multiplier = 1.5),
      'freeSpins.multiplier must be a positive integer',
    ],
    [
      'a missing retrigger rule',
      (m: SlotsModel) => delete (m.freeSpins as Partial<SlotsModel['freeSpins']>).retrigger,
      'freeSpins.retrigger must be true or false',
    ],
    ['a zero buy price', (m: SlotsModel) => (m.buyBonus.cost = 0), 'buyBonus cost and spins must be positive integers'],
  ])('rejects %s', (_name, mutate, error) => {
    const m = model();
    mutate(m);
    expect(slotsModelError(m)).toBe(error);
  });

  it('pays by cluster size, bigger clusters using the last entry', () => {
    const pay = modelPay(model());
    expect([pay(0, 5), pay(0, 6), pay(0, 7), pay(0, 25), pay(2, 5)]).toEqual([10, 20, 40, 40, 50]);
  });

  it('gives the win as an exact multiplier, ×3 in free spins', () => {
    let wins = 0;
    for (let seed = 0; seed < 100; seed++) {
      const base = playSlotsSpin(model(), sfc32(seed));
      expect(base.multiplier.num * 100n).toBe(BigInt(base.totalWin) * base.multiplier.den);
      const free = playSlotsSpin(model(), sfc32(seed), true);
      expect(free.multiplier.num * 100n).toBe(BigInt(free.totalWin * 3) * free.multiplier.den);
      if (base.totalWin > 0) wins++;
    }
    expect(wins).toBeGreaterThan(0);
    expect(formatR(playSlotsSpin(model(), sfc32(0)).multiplier)).toMatch(/^\d+(\/\d+)?$/);
  });
});
