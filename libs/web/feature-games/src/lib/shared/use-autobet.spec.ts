import { act, renderHook, waitFor } from '@testing-library/react';
import { BASE_UNITS_PER_COIN as COIN } from '@cosmic/game-engine';
import type { AutobetSettings } from './autobet';
import { type PlaceResult, useAutobet } from './use-autobet';
import { REFUSALS } from './refusals';
import { realityCheckDue, setRealityCheckDue } from './reality-pause';

const hc = (n: number) => BigInt(n) * COIN;
const RANGE = { min: COIN, max: hc(1000), step: COIN };
const SETTINGS: AutobetSettings = {
  bets: 0,
  onWin: { kind: 'reset' },
  onLoss: { kind: 'increase', basisPoints: 10_000n },
  stopProfit: null,
  stopLoss: null,
  stopWin: null,
};

/** A game whose bets settle with the given payouts (HC) one after another, recording every stake it was asked to place. */
function game(outcomes: (number | PlaceResult)[]) {
  const placed: bigint[] = [];
  const place = jest.fn(async (amount: bigint): Promise<PlaceResult> => {
    placed.push(amount);
    const next = outcomes[placed.length - 1];
    if (next === undefined) throw new Error('more bets than the test planned');
    return typeof next === 'number' ? { ok: true, stake: amount, payout: hc(next) } : next;
  });
  return { place, placed };
}

describe('useAutobet', () => {
  it('places each bet through the game, doubling on loss, until the number of bets', async () => {
    const g = game([0, 0, 160, 0]);
    const { result } = renderHook(() => useAutobet({ place: g.place, range: RANGE, currency: 'HC' }));
    await act(() => result.current.start({ ...SETTINGS, bets: 4 }, hc(20)));
    expect(g.placed).toEqual([hc(20), hc(40), hc(80), hc(20)]);
    expect(result.current.status).toEqual({
      running: false,
      placed: 4,
      net: 0n,
      next: null,
      stopped: 'Autobet finished: 4 bets placed',
    });
  });

  it('stops at once on a refusal and says why', async () => {
    const g = game([
      0,
      { ok: false, refusal: { title: 'Daily loss limit reached', reason: 'It resets at midnight UTC.' } },
    ]);
    const { result } = renderHook(() => useAutobet({ place: g.place, range: RANGE, currency: 'HC' }));
    await act(() => result.current.start({ ...SETTINGS, bets: 20 }, hc(10)));
    expect(g.place).toHaveBeenCalledTimes(2);
    expect(result.current.status).toMatchObject({
      running: false,
      placed: 1,
      net: hc(-10),
      stopped: 'Autobet stopped: Daily loss limit reached. It resets at midnight UTC.',
    });
  });

  it('a reality check pauses the run: the refused bet is sent again, the same, once the player answers', async () => {
    const g = game([0, { ok: false, refusal: REFUSALS['REALITY_CHECK'] }, 0, 0]);
    const { result } = renderHook(() => useAutobet({ place: g.place, range: RANGE, currency: 'HC' }));
    let run: Promise<void> = Promise.resolve();
    act(() => {
      run = result.current.start({ ...SETTINGS, bets: 3 }, hc(10));
    });
    await waitFor(() => expect(result.current.status.paused).toBe(true));
    expect(realityCheckDue()).toBe(true);
    expect(g.place).toHaveBeenCalledTimes(2);
    await new Promise((done) => setTimeout(done, 600));
    expect(g.place).toHaveBeenCalledTimes(2); // nothing is sent while the check waits
    act(() => setRealityCheckDue(false));
    await act(() => run);
    expect(g.placed).toEqual([hc(10), hc(20), hc(20), hc(40)]);
    expect(result.current.status).toMatchObject({ running: false, placed: 3, net: hc(-70) });
    expect(result.current.status.paused).toBeFalsy();
  });

  it('clamps each bet to the range: the max (the balance) caps a doubled bet', async () => {
    const g = game([0, 0, 0]);
    const { result } = renderHook(() =>
      useAutobet({ place: g.place, range: { ...RANGE, max: hc(30) }, currency: 'HC' }),
    );
    await act(() => result.current.start({ ...SETTINGS, bets: 3 }, hc(10)));
    expect(g.placed).toEqual([hc(10), hc(20), hc(30)]);
  });

  it('stops without a bet when the balance is below the minimum', async () => {
    const g = game([]);
    const { result } = renderHook(() => useAutobet({ place: g.place, range: { ...RANGE, max: 0n }, currency: 'HC' }));
    await act(() => result.current.start(SETTINGS, hc(10)));
    expect(g.place).not.toHaveBeenCalled();
    expect(result.current.status.stopped).toBe('Autobet stopped: the balance cannot cover the minimum bet');
  });

  it('Stop ends the run after the bet in flight', async () => {
    let settle: (r: PlaceResult) => void = () => undefined;
    const place = jest.fn((amount: bigint) =>
      new Promise<PlaceResult>((done) => (settle = (r) => done(r))).then((r) => (r.ok ? { ...r, stake: amount } : r)),
    );
    const { result } = renderHook(() => useAutobet({ place, range: RANGE, currency: 'HC' }));
    let run: Promise<void> = Promise.resolve();
    act(() => {
      run = result.current.start(SETTINGS, hc(10));
    });
    await waitFor(() => expect(result.current.status.running).toBe(true));
    act(() => result.current.stop());
    await act(async () => {
      settle({ ok: true, stake: hc(10), payout: hc(20) });
      await run;
    });
    expect(place).toHaveBeenCalledTimes(1);
    expect(result.current.status).toMatchObject({ running: false, placed: 1, net: hc(10), stopped: 'Autobet stopped' });
  });

  it('leaving the page ends the run after the bet in flight', async () => {
    let settle: (r: PlaceResult) => void = () => undefined;
    const place = jest.fn(() => new Promise<PlaceResult>((done) => (settle = done)));
    const { result, unmount } = renderHook(() => useAutobet({ place, range: RANGE, currency: 'HC' }));
    let run: Promise<void> = Promise.resolve();
    act(() => {
      run = result.current.start(SETTINGS, hc(10));
    });
    unmount();
    settle({ ok: true, stake: hc(10), payout: 0n });
    await run;
    expect(place).toHaveBeenCalledTimes(1);
  });
});
