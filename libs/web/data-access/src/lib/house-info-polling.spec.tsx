import './testing/pending-fetch';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { HOUSE_INFO_TTL_MS, useHouseInfoQuery } from './house-info.api';
import { createStore } from './store';
import { StoreProvider } from './wallet-provider';

// Issue 26 item 8: house info is cached 5 min AND read again when stale while a screen is open.

describe('useHouseInfoQuery', () => {
  afterEach(() => jest.useRealTimers());

  it('reads the house info again every 5 minutes while a screen shows it', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let served = 0;
    const fetchMock = jest.fn(async () => {
      served++;
      return {
        ok: true,
        status: 200,
        headers: new Headers({ 'content-type': 'application/json' }),
        clone() {
          return this;
        },
        text: async () => JSON.stringify({ assetId: String(served) }),
      } as unknown as Response;
    });
    const saved = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      const store = createStore();
      const wrapper = ({ children }: { children: ReactNode }) => (
        <StoreProvider store={store}>{children}</StoreProvider>
      );
      const { result, rerender } = renderHook(() => useHouseInfoQuery(), { wrapper });
      await act(async () => void (await jest.advanceTimersByTimeAsync(10)));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      rerender();
      expect(result.current.data?.assetId).toBe('1');
      await act(async () => void (await jest.advanceTimersByTimeAsync(HOUSE_INFO_TTL_MS - 1_000)));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await act(async () => void (await jest.advanceTimersByTimeAsync(2_000)));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      rerender();
      expect(result.current.data?.assetId).toBe('2');
    } finally {
      globalThis.fetch = saved;
    }
  });
});
