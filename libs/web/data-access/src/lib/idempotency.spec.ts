/** @jest-environment node */
import { api } from './api';
import './cashier.api';
import './games.api';
import './users.api';
import { IDEMPOTENCY_HEADER } from './idempotency';
import { createStore } from './store';
import { resolveRequestsAgainstPage } from '../testing/page-requests';

// Issue 21 item 3: every money-moving call sends an Idempotency-Key made per click, and a call
// whose answer was lost is sent again with the same key (the server then answers the first result).

type Initiate = (arg: unknown) => (...a: unknown[]) => Promise<{ data?: unknown; error?: unknown }>;
const endpoint = (name: string) => (api.endpoints as unknown as Record<string, { initiate: Initiate }>)[name];

const ok = (body: unknown = { ok: true }) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const keyOf = (call: unknown[]) => (call[0] as Request).headers.get(IDEMPOTENCY_HEADER);

/** Every mutation that moves money or plays a round, with an argument. */
const MONEY_CALLS: Array<[string, unknown]> = [
  ['rollDice', { walletAddress: 'GUEST_x', currency: 'HC', betAmount: '1', betType: 'low' }],
  ['dropPlinko', { walletAddress: 'GUEST_x', currency: 'HC', betAmount: '1', risk: 'low' }],
  ['hiloStart', { walletAddress: 'GUEST_x', currency: 'HC', bet: '1' }],
  ['hiloGuess', { walletAddress: 'GUEST_x', direction: 'higher' }],
  ['hiloCashout', { walletAddress: 'GUEST_x' }],
  ['blackjackDeal', { walletAddress: 'GUEST_x', currency: 'HC', betAmount: '1' }],
  ['blackjackAct', { walletAddress: 'GUEST_x', action: 'hit' }],
  ['slotsSpin', { walletAddress: 'GUEST_x', currency: 'HC', betAmount: '1', isFreeSpins: false }],
  ['slotsBuyBonus', { walletAddress: 'GUEST_x', currency: 'HC', betAmount: '1' }],
  ['submitDeposit', { walletAddress: 'A', signedTxnB64: 'x' }],
  ['notifyDeposit', { walletAddress: 'A', txId: 'T' }],
  ['withdraw', { walletAddress: 'A', amount: '1' }],
  ['claimAllowance', 'GUEST_abcdef'],
];

describe('Idempotency-Key on money-moving calls', () => {
  let fetchMock: jest.Mock;
  resolveRequestsAgainstPage();
  beforeEach(() => {
    fetchMock = jest.fn(async () => ok());
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it.each(MONEY_CALLS)('%s sends its own key on every click', async (name, arg) => {
    const store = createStore();
    await store.dispatch(endpoint(name).initiate(arg) as never);
    await store.dispatch(endpoint(name).initiate(arg) as never);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = fetchMock.mock.calls.map(keyOf);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second).not.toBe(first);
  });

  it('a bet whose answer was lost is sent again with the same key, and the retry’s answer is used', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('network connection was lost'))
      .mockResolvedValueOnce(new Response('', { status: 502 }))
      .mockResolvedValueOnce(ok({ total: 7 }));
    const store = createStore();
    const res = (await store.dispatch(endpoint('rollDice').initiate(MONEY_CALLS[0][1]) as never)) as { data?: unknown };
    expect(res.data).toEqual({ total: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const keys = fetchMock.mock.calls.map(keyOf);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).not.toBeNull();
  });

  it('a refusal is not retried (the server answered), and a call without a key is never resent', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ statusCode: 400, message: 'Insufficient balance!' }), { status: 400 }),
    );
    const store = createStore();
    const refused = (await store.dispatch(endpoint('rollDice').initiate(MONEY_CALLS[0][1]) as never)) as {
      error?: { status: number };
    };
    expect(refused.error?.status).toBe(400);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const build = (await store.dispatch(
      endpoint('buildDeposit').initiate({ walletAddress: 'A', amount: '1' }) as never,
    )) as { error?: { status: string } };
    expect(build.error?.status).toBe('FETCH_ERROR');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(fetchMock.mock.calls[1])).toBeNull();
  });
});
