import { runFreeSpins } from './free-spin-run';

/** A server holding `held` free spins: each spin pays `wins[i]`; `refuseAt` refuses the spin of that index. */
function server(held: number, wins: number[], refuseAt?: number) {
  const log: string[] = [];
  let left = held;
  let i = 0;
  const spin = async () => {
    log.push('spin');
    if (i === refuseAt) return { ok: false as const, refusal: { title: 'You are self-excluded' } };
    left--;
    return { ok: true as const, spin: { winAmount: String(wins[i++] ?? 0), freeSpinsLeft: left } };
  };
  const pause = async (ms: number) => void log.push(`pause ${ms}`);
  return { log, spin, pause, left: () => left };
}

describe('runFreeSpins (issue 40 item 1: bought free spins play by themselves)', () => {
  it('plays all 10 held spins without a click, each its own call, a pause after each but the last', async () => {
    const s = server(10, [0, 5, 0, 12]);
    const wins: string[] = [];
    const end = await runFreeSpins(
      10,
      { ...s, stopped: () => false, played: (r) => wins.push(r.winAmount) },
      {
        firstMs: 2000,
        gapMs: 800,
      },
    );
    expect(end).toEqual({ played: 10, left: 0, refusal: null });
    expect(s.log.filter((l) => l === 'spin')).toHaveLength(10);
    expect(s.log.slice(0, 4)).toEqual(['pause 2000', 'spin', 'pause 800', 'spin']);
    expect(s.log.at(-1)).toBe('spin');
    expect(wins).toEqual(['0', '5', '0', '12', '0', '0', '0', '0', '0', '0']);
  });

  it('plays the spins a spin awards too: it follows the server count, not the first one', async () => {
    let left = 2;
    let spins = 0;
    const spin = async () => {
      left = spins++ === 0 ? 11 : left - 1; // the first spin retriggers: +10
      return { ok: true as const, spin: { winAmount: '1', freeSpinsLeft: left } };
    };
    const end = await runFreeSpins(2, { spin, pause: async () => undefined, stopped: () => false });
    expect(end).toEqual({ played: 12, left: 0, refusal: null });
  });

  it('Stop ends the run after the spin in flight; the rest stay held', async () => {
    const s = server(10, []);
    let stop = false;
    const end = await runFreeSpins(
      10,
      { ...s, stopped: () => stop, played: () => void (s.left() === 7 && (stop = true)) },
      { gapMs: 500 },
    );
    expect(end).toEqual({ played: 3, left: 7, refusal: null });
    expect(s.left()).toBe(7);
  });

  it('a Stop during the first pause plays nothing', async () => {
    let stop = false;
    const s = server(10, []);
    const end = await runFreeSpins(
      10,
      { ...s, pause: async () => void (stop = true), stopped: () => stop },
      { firstMs: 2000 },
    );
    expect(end).toEqual({ played: 0, left: 10, refusal: null });
    expect(s.log).toEqual([]);
  });

  it('a refusal (403 self-excluded, 423 AMINA paused) ends the run with its reason; the spins stay held', async () => {
    const s = server(10, [3, 4], 2);
    const end = await runFreeSpins(10, { ...s, stopped: () => false });
    expect(end).toEqual({ played: 2, left: 8, refusal: { title: 'You are self-excluded' } });
    expect(s.log.filter((l) => l === 'spin')).toHaveLength(3);
  });

  it('nothing held: no call, no pause', async () => {
    const s = server(0, []);
    expect(await runFreeSpins(0, { ...s, stopped: () => false }, { firstMs: 2000, gapMs: 500 })).toEqual({
      played: 0,
      left: 0,
      refusal: null,
    });
    expect(s.log).toEqual([]);
  });
});
