import * as fs from 'node:fs';
import * as path from 'node:path';
import { GameEngineError } from '../errors';
import { sfc32 } from '../fair/prng';
import { listStream } from '../fair/source';
import { fairStream } from '../fair/stream';
import { formatR, ratio } from '../rational';
import { SLOTS_MODEL } from './cosmic-chaos';
import { freeSpinsFor, SlotsMachine, type SlotsModel } from './model';
import { playSlots, slotsSpinJson } from './play';

/** Parsed JSON fixture data. */
type Json = ReturnType<typeof JSON.parse>;
const vectors: Json = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../fixtures/engine-vectors.json'), 'utf8'));
const M = SLOTS_MODEL;
const ids = M.symbols.map((s) => s.id);
const baseWeights = M.symbols.map((s) => s.weight);

/** A float that draws symbol `id` through a weight table: the middle of its cumulative range. */
function floatFor(id: string, weights: readonly number[]): number {
  const i = ids.indexOf(id);
  if (weights[i] === 0) throw new Error(`${id} has no weight`);
  const before = weights.slice(0, i).reduce((a, b) => a + b, 0);
  const total = weights.reduce((a, b) => a + b, 0);
  return (before + 0.5) / total;
}

/** Floats for a grid given row by row (the first-fill order) as symbol ids. */
const gridFloats = (grid: string[], weights: readonly number[]): number[] => grid.map((id) => floatFor(id, weights));
/** Floats to refill a whole grid: column by column, top-down. */
const refillFloats = (grid: string[], weights: readonly number[]): number[] =>
  [0, 1, 2, 3, 4].flatMap((col) => [0, 1, 2, 3, 4].map((row) => floatFor(grid[row * 5 + col], weights)));
/** A grid with no cluster: moon and star in a checkerboard, with scatters on the first `scatters` cells. */
const quiet = (scatters = 0): string[] =>
  Array.from({ length: 25 }, (_, i) => (i < scatters ? 'galaxy' : (Math.floor(i / 5) + (i % 5)) % 2 ? 'star' : 'moon'));
const allSun = (): string[] => new Array(25).fill('sun');

describe('playSlots: known-answer vectors from scripts/vectors.py (independent Python)', () => {
  it('the Python reference plays the shipped model', () => {
    const m = vectors.slots.model;
    expect(m.ids).toEqual(ids);
    expect(m.weights).toEqual(baseWeights);
    expect(m.freeWeights).toEqual(M.freeSpins.weights);
    expect([m.scatter, m.minCluster, m.payScale, m.maxWin, m.freeMultiplier]).toEqual([
      M.scatterId,
      M.minCluster,
      M.payScale,
      M.maxWin,
      M.freeSpins.multiplier,
    ]);
    expect(m.awards).toEqual(M.freeSpins.awards);
    for (const id of ids.filter((id) => id !== M.scatterId)) expect([id, m.pays[id]]).toEqual([id, M.pays[id]]);
  });

  const cases: [string, Json][] = vectors.slots.spins.map((v: Json) => [v.name, v]);
  it.each(cases)('%s', (_name, v) => {
    const spin = playSlots(fairStream(v.serverSeed, v.clientSeed, v.nonce), { mode: v.mode });
    expect(slotsSpinJson(spin)).toEqual(v.expected);
  });
});

describe('playSlots', () => {
  it('records the initial grid, every cascade, the final grid and the exact total', () => {
    for (let seed = 0; seed < 200; seed++) {
      const spin = playSlots(sfc32(seed));
      expect(spin.initialGrid).toHaveLength(25);
      expect(spin.finalGrid).toHaveLength(25);
      if (spin.cascades.length > 0) expect(spin.cascades[0].grid).toEqual(spin.initialGrid);
      else expect(spin.finalGrid).toEqual(spin.initialGrid);
      const sum = spin.cascades.reduce((s, c) => s + Number(c.multiplier.num) / Number(c.multiplier.den), 0);
      expect(Number(spin.multiplier.num) / Number(spin.multiplier.den)).toBeCloseTo(sum, 9);
      for (const c of spin.cascades) {
        for (const k of c.clusters) {
          expect(k.positions).toHaveLength(k.size);
          for (const p of k.positions) expect(c.grid[p.row * 5 + p.col]).toBe(k.symbol);
        }
      }
      expect(spin.scatters).toBe(spin.finalGrid.filter((id) => id === 'galaxy').length);
    }
  });

  it('pays a cluster by symbol and size band; free spins pay ×3 on the free-spin weights', () => {
    // Row 0 is five suns, the rest a quiet checkerboard; the refill (five cells at the top) is quiet again.
    const grid = [...allSun().slice(0, 5), ...quiet().slice(5)];
    const refill = ['moon', 'star', 'moon', 'star', 'moon'];
    const base = playSlots(
      listStream([...gridFloats(grid, baseWeights), ...refill.map((id) => floatFor(id, baseWeights))]),
    );
    expect(base.cascades.map((c) => c.clusters.map((k) => [k.symbol, k.size, formatR(k.multiplier)]))).toEqual([
      [['sun', 5, '5']],
    ]);
    expect([formatR(base.multiplier), base.floatsUsed, base.mode]).toEqual(['5', 30, 'base']);
    const fw = M.freeSpins.weights;
    const free = playSlots(listStream([...gridFloats(grid, fw), ...refill.map((id) => floatFor(id, fw))]), {
      mode: 'free',
    });
    expect([formatR(free.cascades[0].clusters[0].multiplier), formatR(free.multiplier), free.mode]).toEqual([
      '15',
      '15',
      'free',
    ]);
  });

  it('caps one spin at maxWin × bet (5000×), after the ×3 of free spins', () => {
    // Four full grids of suns in a row (500× each), then a quiet grid.
    const fw = M.freeSpins.weights;
    const floats = (w: readonly number[]) => [
      ...gridFloats(allSun(), w),
      ...[1, 2, 3].flatMap(() => refillFloats(allSun(), w)),
      ...refillFloats(quiet(), w),
    ];
    const free = playSlots(listStream(floats(fw)), { mode: 'free' });
    expect(free.cascades.map((c) => formatR(c.multiplier))).toEqual(['1500', '1500', '1500', '1500']);
    expect([formatR(free.uncappedMultiplier), free.capped, formatR(free.multiplier)]).toEqual(['6000', true, '5000']);
    const base = playSlots(listStream(floats(baseWeights)));
    expect([formatR(base.uncappedMultiplier), base.capped, formatR(base.multiplier)]).toEqual(['2000', false, '2000']);
    // The simulation path pays exactly the same, cap included.
    const machine = new SlotsMachine(M);
    expect([machine.freeSpin(listStream(floats(fw))), machine.lastCapped, machine.capUnits]).toEqual([
      500_000,
      true,
      500_000,
    ]);
  });

  it.each([
    [0, 0],
    [2, 0],
    [3, 10],
    [4, 12],
    [5, 15],
    [6, 15],
    [9, 15],
  ])('%i scatters on a paid spin award %i free spins', (scatters, spins) => {
    const spin = playSlots(listStream(gridFloats(quiet(scatters), baseWeights)));
    expect([spin.cascades.length, spin.scatters, spin.freeSpinsAwarded]).toEqual([0, scatters, spins]);
    expect(freeSpinsFor(M, scatters)).toBe(spins);
  });

  it('free spins never retrigger: the shipped free-spin table has no scatter, and the rule holds anyway', () => {
    expect(M.freeSpins.weights[ids.indexOf('galaxy')]).toBe(0);
    expect(M.freeSpins.retrigger).toBe(false);
    const withScatters: SlotsModel = { ...M, freeSpins: { ...M.freeSpins, weights: baseWeights } };
    const grid = gridFloats(quiet(4), baseWeights);
    expect(playSlots(listStream(grid), { mode: 'free' }, withScatters).freeSpinsAwarded).toBe(0);
    const retriggering: SlotsModel = { ...withScatters, freeSpins: { ...withScatters.freeSpins, retrigger: true } };
    expect(playSlots(listStream(grid), { mode: 'free' }, retriggering).freeSpinsAwarded).toBe(12);
  });

  it('the allocation-free machine pays exactly what playSlots pays (base and free, awards too)', () => {
    const machine = new SlotsMachine(M);
    for (let seed = 0; seed < 600; seed++) {
      const base = playSlots(sfc32(seed));
      expect(ratio(machine.baseSpin(sfc32(seed)), M.payScale)).toEqual(base.multiplier);
      expect(machine.lastAward).toBe(base.freeSpinsAwarded);
      const free = playSlots(sfc32(seed), { mode: 'free' });
      expect(ratio(machine.freeSpin(sfc32(seed)), M.payScale)).toEqual(free.multiplier);
      expect(machine.lastAward).toBe(0);
    }
  });

  it('its JSON form is plain JSON', () => {
    const spin = slotsSpinJson(playSlots(sfc32(3), { mode: 'free' }));
    expect(JSON.parse(JSON.stringify(spin))).toEqual(spin);
  });

  it('rejects an unknown mode and an invalid model (programmer errors)', () => {
    expect(() => playSlots(sfc32(1), { mode: 'turbo' as 'base' })).toThrow(GameEngineError);
    expect(() => playSlots(sfc32(1), { mode: 'base' }, { ...M, maxWin: 0 })).toThrow(
      'Invalid slots model: maxWin must be a positive integer (bets)',
    );
  });
});
