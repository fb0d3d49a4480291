import { listStream } from './fair/source';
import { PLINKO_MULTIPLIERS, PLINKO_RISKS, playPlinko, plinkoDrop } from './plinko';
import { formatR } from './rational';

describe('plinko', () => {
  it('float i decides row i: right when floor(f × 2) = 1', () => {
    const floats = [0, 0.5, 0.4999, 0.99, 0.25, 0.75, 0.1, 0.9, 0.5, 0.49, 0.51, 0];
    expect(plinkoDrop(listStream(floats))).toEqual({ path: [0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0], slot: 6 });
    expect(plinkoDrop(listStream(new Array(12).fill(0.9))).slot).toBe(12);
  });

  it('the medium table is the spec table', () => {
    expect(PLINKO_MULTIPLIERS.medium.map(Number)).toEqual([25, 12, 5, 2, 1, 0.5, 0.2, 0.5, 1, 2, 5, 12, 25]);
  });

  describe.each(PLINKO_RISKS)('%s table', (risk) => {
    const m = PLINKO_MULTIPLIERS[risk].map(Number);
    it('has 13 slots, is symmetric and never rises toward the centre', () => {
      expect(m).toHaveLength(13);
      expect(m).toEqual([...m].reverse());
      for (let i = 0; i < 6; i++) expect(m[i]).toBeGreaterThanOrEqual(m[i + 1]);
    });
    it('uses at most one decimal', () => {
      for (const x of PLINKO_MULTIPLIERS[risk]) expect(x).toMatch(/^\d+(\.\d)?$/);
    });
  });

  it('keeps the published maxima 8x / 25x / 60x at the ends', () => {
    expect([PLINKO_MULTIPLIERS.low[0], PLINKO_MULTIPLIERS.medium[0], PLINKO_MULTIPLIERS.high[0]]).toEqual([
      '8',
      '25',
      '60',
    ]);
  });

  it('settles a drop with the exact multiplier, and rejects an unknown risk', () => {
    const r = playPlinko(listStream(new Array(12).fill(0)), 'high');
    if (!r.ok) throw new Error(r.error);
    expect([r.outcome.slot, formatR(r.outcome.multiplier)]).toEqual([0, '60']);
    const centre = playPlinko(listStream([...new Array(6).fill(0), ...new Array(6).fill(0.7)]), 'low');
    if (!centre.ok) throw new Error(centre.error);
    expect(formatR(centre.outcome.multiplier)).toBe('3/5');
    expect(playPlinko(listStream([]), 'extreme')).toEqual({
      ok: false,
      error: 'risk must be one of low, medium, high',
    });
  });
});
