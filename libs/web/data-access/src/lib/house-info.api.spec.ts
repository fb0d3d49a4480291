/** @jest-environment node */
import { api } from './api';
import { useHouseInfoQuery, type HouseInfo } from './house-info.api';
import { createStore } from './store';
import { resolveRequestsAgainstPage } from '../testing/page-requests';

const INFO: HouseInfo = {
  network: 'Algorand',
  chainId: 416001,
  assetId: '1107424865',
  name: 'AMINA',
  unit: 'AMINA',
  decimals: 8,
  totalSupply: '1000',
  creator: 'C'.repeat(58),
  houseAddress: 'H'.repeat(58),
  exchangeLinks: [{ name: 'Tinyman', url: 'https://app.tinyman.org/#/swap?asset_in=0&asset_out=1107424865' }],
};

type Endpoint = { initiate(arg: void): (...a: unknown[]) => { unwrap(): Promise<HouseInfo>; unsubscribe(): void } };
const endpoint = () => (api.endpoints as unknown as { houseInfo: Endpoint }).houseInfo;

describe('house info query', () => {
  let fetchMock: jest.Mock;
  resolveRequestsAgainstPage();
  beforeEach(() => {
    // fake timers so RTK Query's 5-minute cache timers never outlive the test
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    fetchMock = jest.fn(
      async () => new Response(JSON.stringify(INFO), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => jest.useRealTimers());

  it('exports a hook', () => {
    expect(typeof useHouseInfoQuery).toBe('function');
  });

  it('GETs /api/crypto/house-info with cookies and returns the body', async () => {
    const store = createStore();
    const sub = store.dispatch(endpoint().initiate() as never) as unknown as ReturnType<
      ReturnType<Endpoint['initiate']>
    >;
    await expect(sub.unwrap()).resolves.toEqual(INFO);
    const req = fetchMock.mock.calls[0][0] as Request;
    expect(new URL(req.url).pathname).toBe('/api/crypto/house-info');
    expect(req.method).toBe('GET');
    expect(req.credentials).toBe('include');
    sub.unsubscribe();
  });

  it('keeps the answer for 5 minutes after the last subscriber leaves', async () => {
    const store = createStore();
    const first = store.dispatch(endpoint().initiate() as never) as unknown as ReturnType<
      ReturnType<Endpoint['initiate']>
    >;
    await first.unwrap();
    first.unsubscribe();
    const cached = () =>
      Object.values(store.getState().api.queries).filter((q) => q?.endpointName === 'houseInfo').length;
    jest.advanceTimersByTime(299_000);
    expect(cached()).toBe(1);
    jest.advanceTimersByTime(2_000);
    expect(cached()).toBe(0);
  });
});
