import './testing/pending-fetch';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { createStore } from './store';
import { BETTING_LIMITS_TTL_MS, useBettingLimits } from './use-betting-limits';
import { walletActions } from './wallet.slice';
import { StoreProvider } from './wallet-provider';

// Issue 26 item 8: limits are cached 30 s AND read again when stale while a screen is open.

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';

describe('useBettingLimits', () => {
  afterEach(() => jest.useRealTimers());

  it('reads the limits again every 30 s while a screen uses them', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    // the page's wallet reads the player's record too (wallet-provider.tsx): only the limits' reads count
    let served = 0;
    const limitReads = () => fetchMock.mock.calls.filter(([req]) => isLimits(req)).length;
    const isLimits = (req: unknown) => (req as Request).url.includes('/api/crypto/betting-limits/');
    const fetchMock = jest.fn(async (req: unknown) => {
      if (isLimits(req)) served++;
      return {
        ok: true,
        status: 200,
        headers: new Headers({ 'content-type': 'application/json' }),
        clone() {
          return this;
        },
        text: async () => JSON.stringify({ min: '0.001', max: '1.0', maxProfit: String(served), games: {} }),
      } as unknown as Response;
    });
    const saved = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      const store = createStore();
      store.dispatch(
        walletActions.sessionStarted({
          user: {
            id: '1',
            walletAddress: ADDRESS,
            username: 'u',
            isGuest: false,
            aminaBalance: '0',
            houseBalance: '0',
            ownershipVerified: true,
            nextAllowanceAt: null,
          },
          kind: 'manual',
        }),
      );
      const wrapper = ({ children }: { children: ReactNode }) => (
        <StoreProvider store={store}>{children}</StoreProvider>
      );
      const { result, rerender } = renderHook(() => useBettingLimits(), { wrapper });
      await act(async () => void (await jest.advanceTimersByTimeAsync(10)));
      expect(limitReads()).toBe(1);
      rerender();
      expect(result.current.maxProfit).toBe('1');
      await act(async () => void (await jest.advanceTimersByTimeAsync(BETTING_LIMITS_TTL_MS - 100)));
      expect(limitReads()).toBe(1);
      await act(async () => void (await jest.advanceTimersByTimeAsync(200)));
      expect(limitReads()).toBe(2);
      rerender();
      expect(result.current.maxProfit).toBe('2');
    } finally {
      globalThis.fetch = saved;
    }
  });
});
