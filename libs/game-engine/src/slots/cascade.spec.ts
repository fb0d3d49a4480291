import { GameEngineError } from '../errors';
import { sfc32 } from '../fair/prng';
import { listStream } from '../fair/source';
import { CascadeEngine } from './cascade';

// Ten equally weighted symbols: symbol s is drawn by the float (s + 0.5) / 10; 9 is the scatter.
const engine = () => new CascadeEngine(new Array(10).fill(1), 9, (_symbol, size) => size * 10);
const floats = (symbols: string) => [...symbols.replace(/\s/g, '')].map((s) => (Number(s) + 0.5) / 10);
const rows = (g: number[]) => [0, 1, 2, 3, 4].map((r) => g.slice(r * 5, r * 5 + 5).join(''));

describe('cascade mechanics', () => {
  it('removes a win, drops the rest down its column, refills column by column top-down', () => {
    const stream = listStream(floats('34343 02020 11111 20202 02020' + '56565'));
    const result = engine().spin(stream);
    expect(result.steps).toHaveLength(1);
    expect(rows(result.steps[0].grid)).toEqual(['34343', '02020', '11111', '20202', '02020']);
    expect(result.steps[0].clusters.map((c) => [c.symbol, c.size, c.win])).toEqual([[1, 5, 50]]);
    expect(rows(result.finalGrid)).toEqual(['56565', '34343', '02020', '20202', '02020']);
    expect([result.totalWin, result.floatsUsed, result.scatters]).toEqual([50, 30, 0]);
  });

  it('chains cascades until no cluster is left; a refilled column is filled from row 0 down', () => {
    const initial = '15656 16565 15656 16565 15656';
    const stream = listStream(floats(initial + '22222' + '34340'));
    const result = engine().spin(stream);
    expect(result.steps.map((s) => s.clusters.map((c) => `${c.symbol}×${c.size}`))).toEqual([['1×5'], ['2×5']]);
    expect(rows(result.steps[1].grid)).toEqual(['25656', '26565', '25656', '26565', '25656']);
    expect(result.finalGrid.filter((_, i) => i % 5 === 0)).toEqual([3, 4, 3, 4, 0]);
    expect([result.totalWin, result.floatsUsed]).toEqual([100, 35]);
  });

  it('refills several columns in column order', () => {
    // An L-shaped win over columns 0..2: column 0 loses 4 cells, columns 1 and 2 one each.
    const initial = '10202 12020 10202 11120 20202';
    const stream = listStream(floats(initial + '3456' + '7' + '8'));
    const result = engine().spin(stream);
    expect(rows(result.finalGrid)).toEqual(['37802', '40220', '52002', '60220', '20202']);
    expect(result.floatsUsed).toBe(31);
  });

  it('counts scatters on the final grid and never clusters them', () => {
    const stream = listStream(floats('99999 99999 01010 10101 01010'));
    const result = engine().spin(stream);
    expect([result.steps.length, result.scatters]).toEqual([0, 10]);
  });

  it('maps floats through the weight table: k = floor(f·W), first cumulative weight above k', () => {
    const e = new CascadeEngine([3, 0, 1], 2, () => 0);
    expect([0, 0.7499, 0.75, 0.9999].map((f) => e.symbolFor(f))).toEqual([0, 0, 2, 2]);
    const big = new CascadeEngine([70_000, 30_000], 1, () => 0); // above the lookup-table size
    expect([0.69999, 0.7, 0.99999].map((f) => big.symbolFor(f))).toEqual([0, 1, 1]);
  });

  it('rejects bad weight tables and runaway cascades', () => {
    expect(() => new CascadeEngine([1], 0, () => 0)).toThrow(GameEngineError);
    expect(() => new CascadeEngine([1, 1.5], 0, () => 0)).toThrow(GameEngineError);
    expect(() => new CascadeEngine([0, 0], 0, () => 0)).toThrow(GameEngineError);
    // Only one symbol can ever be drawn, so the whole grid wins forever.
    const runaway = new CascadeEngine([1, 0], 1, () => 1, 5, 50);
    expect(() => runaway.spinWin(sfc32(1))).toThrow('More than 50 cascades');
  });

  it('the fast path and the recording path agree', () => {
    const weights = [30, 25, 20, 15, 10, 4];
    const pay = (s: number, n: number) => (s + 1) * n;
    const fast = new CascadeEngine(weights, 5, pay);
    const slow = new CascadeEngine(weights, 5, pay);
    for (let seed = 0; seed < 300; seed++) {
      const win = fast.spinWin(sfc32(seed));
      const r = slow.spin(sfc32(seed));
      expect([win, fast.lastScatters, fast.lastFloats]).toEqual([r.totalWin, r.scatters, r.floatsUsed]);
      expect(r.steps.reduce((s, step) => s + step.win, 0)).toBe(r.totalWin);
    }
  });

  it('is fast: the allocation-free path plays over 25k spins per second even under ts-jest on a loaded CI machine (the 200k target is measured by npm run bench)', () => {
    const e = new CascadeEngine([22, 20, 18, 15, 12, 10, 8, 6, 4, 2], 9, (s, n) => (s + 1) * n);
    const source = sfc32(42);
    const spins = 100_000;
    let total = 0;
    for (let i = 0; i < 20_000; i++) total += e.spinWin(source); // warm up the JIT
    // CPU time of this process, not wall time, best of three rounds: other test workers sharing
    // the cores must not decide
    const rounds = [0, 1, 2].map(() => {
      const t0 = process.cpuUsage();
      for (let i = 0; i < spins; i++) total += e.spinWin(source);
      const used = process.cpuUsage(t0);
      return spins / ((used.user + used.system) / 1e6);
    });
    const perSecond = Math.max(...rounds);
    expect(total).toBeGreaterThan(0);
    // a guard against a 10x regression: this host measured 85k-100k here while the bench did 410k-870k
    expect(perSecond).toBeGreaterThan(25_000);
  });
});
