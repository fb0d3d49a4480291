import * as fs from 'node:fs';
import * as path from 'node:path';
import { paytables } from '../paytables';
import { SLOTS_MODEL, SLOTS_PAY_BANDS, SLOTS_SIMULATION } from './cosmic-chaos';
import { slotsModelError } from './model';

const M = SLOTS_MODEL;
const slots = paytables.slots;
const paying = M.symbols.filter((s) => s.id !== M.scatterId);

describe('the shipped Cosmic Chaos model', () => {
  it('is a valid, frozen model: 5×5, ten emoji symbols, one scatter, clusters of 5+', () => {
    expect(slotsModelError(M)).toBeNull();
    expect(Object.isFrozen(M) && Object.isFrozen(M.symbols[0]) && Object.isFrozen(M.freeSpins.weights)).toBe(true);
    expect(M.symbols).toHaveLength(10);
    expect(new Set(M.symbols.map((s) => s.emoji)).size).toBe(10);
    expect([M.scatterId, M.minCluster, M.maxWin]).toEqual(['galaxy', 5, 5000]);
    expect(M.freeSpins).toMatchObject({ scattersToTrigger: 3, awards: [10, 12, 15], retrigger: false, multiplier: 3 });
    expect(M.buyBonus).toEqual({ cost: 100, spins: 10 });
  });

  it('weight tables total 10,000; the free-spin table has no scatter', () => {
    expect(M.symbols.reduce((s, x) => s + x.weight, 0)).toBe(10_000);
    expect(M.freeSpins.weights.reduce((s, w) => s + w, 0)).toBe(10_000);
    expect(M.freeSpins.weights[M.symbols.findIndex((s) => s.id === M.scatterId)]).toBe(0);
  });

  it('pays rise with cluster size and with the symbol, band by band', () => {
    for (const s of paying) expect(M.pays[s.id]).toHaveLength(21); // sizes 5..25
    for (let size = 0; size < 21; size++) {
      const column = paying.map((s) => M.pays[s.id][size]);
      expect([...column].sort((a, b) => a - b)).toEqual(column);
    }
    for (const s of paying) {
      const row = M.pays[s.id];
      for (let i = 1; i < row.length; i++) expect(row[i]).toBeGreaterThanOrEqual(row[i - 1]);
    }
    expect(SLOTS_PAY_BANDS[SLOTS_PAY_BANDS.length - 1]).toBe(25);
  });
});

describe('paytables.slots (GET /api/fairness/paytables)', () => {
  it('publishes the figures, the tables and the free-spin terms', () => {
    expect(Object.keys(slots)).toEqual(
      expect.arrayContaining([
        'rtp',
        'bonusBuyRtp',
        'hitRate',
        'maxWin',
        'symbols',
        'pays',
        'freeSpins',
        'freeSpinMultiplier',
        'bonusBuyCost',
        'bonusBuySpins',
      ]),
    );
    expect([slots.freeSpinMultiplier, slots.bonusBuyCost, slots.bonusBuySpins, slots.maxWinCap]).toEqual([
      3, 100, 10, 5000,
    ]);
    expect(slots.freeSpins).toEqual({
      awards: [
        { scatters: 3, orMore: false, spins: 10 },
        { scatters: 4, orMore: false, spins: 12 },
        { scatters: 5, orMore: true, spins: 15 },
      ],
      retrigger: false,
    });
    expect(slots.symbols.map((s) => [s.id, s.weight, s.freeSpinWeight])).toEqual(
      M.symbols.map((s, i) => [s.id, s.weight, M.freeSpins.weights[i]]),
    );
    expect(slots.symbols.filter((s) => s.scatter).map((s) => s.id)).toEqual(['galaxy']);
    expect(slots.symbols.every((s) => s.name.length > 0 && s.emoji.length > 0)).toBe(true);
  });

  it('publishes pays as contiguous size bands from 5 to 25, in multiples of the bet', () => {
    expect(Object.keys(slots.pays)).toEqual(paying.map((s) => s.id));
    for (const s of paying) {
      const bands = slots.pays[s.id];
      expect(bands[0].min).toBe(5);
      expect(bands[bands.length - 1].max).toBe(25);
      for (let i = 1; i < bands.length; i++) expect(bands[i].min).toBe(bands[i - 1].max + 1);
      for (const b of bands)
        for (let size = b.min; size <= b.max; size++) expect(M.pays[s.id][size - 5] / 100).toBe(b.multiplier);
    }
    expect(slots.pays['moon'].map((b) => b.multiplier)).toEqual([0.5, 0.7, 1, 1.5, 2, 4, 8, 20, 50]);
    expect(slots.pays['sun'][8]).toEqual({ min: 20, max: 25, multiplier: 500 });
  });

  it('the published RTPs hit the targets, proved by long enough runs', () => {
    const { base, buy } = SLOTS_SIMULATION;
    expect([slots.rtp, slots.rtpCi, slots.bonusBuyRtp, slots.bonusBuyRtpCi]).toEqual([
      base.rtp,
      base.ci,
      buy.rtp,
      buy.ci,
    ]);
    expect(base.rounds).toBeGreaterThanOrEqual(20_000_000);
    expect(buy.rounds).toBeGreaterThanOrEqual(200_000);
    // base game 96% ± 0.3 and bonus buy 96% ± 1: the whole 95% CI inside each band
    expect(base.ci[0]).toBeGreaterThanOrEqual(0.957);
    expect(base.ci[1]).toBeLessThanOrEqual(0.963);
    expect(buy.ci[0]).toBeGreaterThanOrEqual(0.95);
    expect(buy.ci[1]).toBeLessThanOrEqual(0.97);
    expect(slots.hitRate).toBe(base.hitRate);
    expect(slots.maxWin).toBe(Math.max(base.maxSpinWin, buy.maxSpinWin));
    expect(slots.maxWin).toBeLessThanOrEqual(slots.maxWinCap);
    expect(SLOTS_SIMULATION.spinsPerSecond).toBeGreaterThanOrEqual(200_000);
  });

  it('SLOTS.md quotes the published figures', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../SLOTS.md'), 'utf8');
    const pct = (x: number) => `${(x * 100).toFixed(3)}%`;
    const { base, buy } = SLOTS_SIMULATION;
    for (const figure of [
      pct(base.rtp),
      pct(base.ci[0]),
      pct(base.ci[1]),
      pct(buy.rtp),
      pct(buy.ci[0]),
      pct(buy.ci[1]),
      pct(base.hitRate),
    ]) {
      expect(doc).toContain(figure);
    }
    expect(doc).toContain(SLOTS_SIMULATION.command);
    expect(doc).toContain(`${slots.maxWin}×`);
  });
});
