import './testing/pending-fetch';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { balanceRevealActions, balanceRevealSlice, shownBalance } from './balance-reveal.slice';
import { createStore } from './store';
import { MAX_HOLD_MS, useWinReveal } from './use-win-reveal';
import { balancesOf, shownBalances } from './use-wallet';
import { StoreProvider } from './wallet-provider';

const COIN = 100_000_000n;
const reduce = balanceRevealSlice.reducer;
const hold = (id: string, win: bigint, balance: bigint, nonce: number, currency: 'HC' | 'AMINA' = 'HC') =>
  balanceRevealActions.withheld({ id, currency, win: win.toString(), balance: balance.toString(), nonce });

describe('shownBalance', () => {
  it('is the cached balance when nothing is held', () => {
    expect(shownBalance(undefined, 'HC', 5n)).toBe(5n);
    expect(shownBalance(reduce(undefined, { type: 'init' }), 'HC', 5n)).toBe(5n);
  });

  it('two plinko balls in flight: the stakes show at once, each win when its ball lands, in either order', () => {
    // 1000 HC; ball 1 (nonce 4) stakes 10 and wins 5 → 995; ball 2 (nonce 5) stakes 10 and wins 20 → 1005
    let s = reduce(undefined, hold('a', 5n * COIN, 995n * COIN, 4));
    expect(shownBalance(s, 'HC', 1000n * COIN)).toBe(990n * COIN);
    s = reduce(s, hold('b', 20n * COIN, 1005n * COIN, 5));
    expect(shownBalance(s, 'HC', 1000n * COIN)).toBe(980n * COIN);
    const bFirst = reduce(s, balanceRevealActions.revealed('b'));
    expect(shownBalance(bFirst, 'HC', 1000n * COIN)).toBe(1000n * COIN);
    const aFirst = reduce(s, balanceRevealActions.revealed('a'));
    expect(shownBalance(aFirst, 'HC', 1000n * COIN)).toBe(985n * COIN);
    // all revealed: the cache (by now the server's 1005) is shown again
    expect(shownBalance(reduce(aFirst, balanceRevealActions.revealed('b')), 'HC', 1005n * COIN)).toBe(1005n * COIN);
  });

  it('an older answer arriving last does not replace the newer balance', () => {
    let s = reduce(undefined, hold('b', 20n * COIN, 1005n * COIN, 5));
    s = reduce(s, hold('a', 5n * COIN, 995n * COIN, 4));
    expect(shownBalance(s, 'HC', 0n)).toBe(980n * COIN);
  });

  it('holds in one currency leave the other alone', () => {
    const s = reduce(undefined, hold('x', 2n, 10n, 1, 'AMINA'));
    expect(shownBalance(s, 'HC', 7n)).toBe(7n);
    expect(shownBalance(s, 'AMINA', 99n)).toBe(8n);
    expect(reduce(s, balanceRevealActions.revealed('x'))).toEqual({ held: {}, settled: {} });
  });
});

describe('shownBalances', () => {
  it('keeps the texts in step with the held-back amounts', () => {
    const s = reduce(undefined, hold('x', 29n * COIN, 1029n * COIN, 1));
    expect(shownBalances(balancesOf({ aminaBalance: '1.5', houseBalance: '1029' }), s)).toEqual({
      amina: 150_000_000n,
      hc: 1000n * COIN,
      aminaText: '1.500',
      hcText: '1000',
    });
  });
});

describe('useWinReveal', () => {
  function setup() {
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
    const hook = renderHook(() => useWinReveal(), { wrapper });
    const shown = () => shownBalance(store.getState().balanceReveal, 'HC', 1000n * COIN);
    return { store, hook, shown };
  }
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('withholds a win until reveal() and then shows the cache again', () => {
    const { hook, shown } = setup();
    let reveal = () => undefined as void;
    act(() => void (reveal = hook.result.current({ currency: 'HC', winAmount: '30', balance: '1020', nonce: 3 })));
    expect(shown()).toBe(990n * COIN);
    act(() => reveal());
    expect(shown()).toBe(1000n * COIN);
  });

  it(`shows a win anyway after ${MAX_HOLD_MS} ms, and when the screen unmounts`, () => {
    const { hook, shown } = setup();
    act(() => void hook.result.current({ currency: 'HC', winAmount: '30', balance: '1020', nonce: 3 }));
    act(() => void jest.advanceTimersByTime(MAX_HOLD_MS - 1));
    expect(shown()).toBe(990n * COIN);
    act(() => void jest.advanceTimersByTime(1));
    expect(shown()).toBe(1000n * COIN);
    act(() => void hook.result.current({ currency: 'HC', winAmount: '1', balance: '991', nonce: 4 }));
    expect(shown()).toBe(990n * COIN);
    hook.unmount();
    expect(shown()).toBe(1000n * COIN);
  });

  it('an answer without a balance (a hi-lo guess) holds nothing', () => {
    const { hook, store } = setup();
    act(() => void hook.result.current({ currency: 'HC', nonce: 1 }));
    expect(store.getState().balanceReveal).toEqual({ held: {}, settled: {} });
  });
});
