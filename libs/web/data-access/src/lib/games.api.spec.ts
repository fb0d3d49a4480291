/** @jest-environment node */
import { api } from './api';
import './bets.api';
import './games.api';
import { createStore } from './store';
import { resolveRequestsAgainstPage } from '../testing/page-requests';

// Regression: the bet history (GET /api/bets) stayed stale after play, because the game calls
// invalidated the balance but not the bets. Every call that settles or stakes a bet must refresh it.

type Sub = { unwrap(): Promise<unknown>; unsubscribe?(): void };
type Endpoint = { initiate(arg: unknown): unknown };
const endpoints = api.endpoints as unknown as Record<string, Endpoint>;

const SETTLING_CALLS: Array<[string, unknown]> = [
  ['rollDice', { walletAddress: 'guest-1', betAmount: '1', currency: 'HC', betType: 'low' }],
  ['dropPlinko', { walletAddress: 'guest-1', betAmount: '1', currency: 'HC', risk: 'low' }],
  ['hiloStart', { walletAddress: 'guest-1', betAmount: '1', currency: 'HC' }],
  ['hiloGuess', { walletAddress: 'guest-1', guess: 'higher' }],
  ['hiloCashout', { walletAddress: 'guest-1' }],
  ['blackjackDeal', { walletAddress: 'guest-1', betAmount: '1', currency: 'HC' }],
  ['blackjackAct', { walletAddress: 'guest-1', action: 'stand' }],
  ['slotsSpin', { walletAddress: 'guest-1', betAmount: '1', currency: 'HC', isFreeSpins: false }],
  ['slotsBuyBonus', { walletAddress: 'guest-1', betAmount: '1', currency: 'HC' }],
];

describe('game calls refresh the bet history', () => {
  let paths: string[];
  resolveRequestsAgainstPage();
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    paths = [];
    globalThis.fetch = jest.fn(async (req: Request) => {
      const path = new URL(req.url).pathname;
      paths.push(`${req.method} ${path}`);
      return new Response(path === '/api/bets' ? '[]' : '{}', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch;
  });
  afterEach(() => jest.useRealTimers());

  it.each(SETTLING_CALLS)('%s makes a shown history read GET /api/bets again', async (name, arg) => {
    const store = createStore();
    const history = store.dispatch(endpoints['bets'].initiate({ walletAddress: 'guest-1' }) as never) as unknown as Sub;
    await history.unwrap();
    expect(paths.filter((p) => p === 'GET /api/bets')).toHaveLength(1);

    await (store.dispatch(endpoints[name].initiate(arg) as never) as unknown as Sub).unwrap();
    await jest.advanceTimersByTimeAsync(10);

    expect(paths.some((p) => p.startsWith('POST /api/games/'))).toBe(true);
    expect(paths.filter((p) => p === 'GET /api/bets')).toHaveLength(2);
    history.unsubscribe?.();
  });
});
