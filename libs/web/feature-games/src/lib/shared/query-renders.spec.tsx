import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { paytables } from '@cosmic/game-engine';
import { api, createStore, StoreProvider, walletActions } from '@cosmic/web-data-access';
import { ADDRESS, type FakeHandler, fakeApi, user } from '@cosmic/web-data-access/testing';
import type { UserDto } from '@cosmic/contracts';
import { useBlackjack } from '../blackjack/use-blackjack';
import { useDice } from '../dice/use-dice';
import { useHilo } from '../hilo/use-hilo';
import { MAX_WINS, maxWinsFrom } from '../games';
import { FALLBACK_MULTIPLIERS, servedPlinko, usePlinko } from '../plinko/use-plinko';
import { useSlots } from '../slots/use-slots';
import { openRound } from './open-round';

// A store change re-renders the components whose selection changed at once, in one task: a game's
// own queries select only what the game shows (shared/open-round.ts), so that a query that starts,
// or answers what the screen already shows, renders nothing.

const GUEST = 'GUEST_1700000000000abcdefghi';
const guest = user({ walletAddress: GUEST, isGuest: true, houseBalance: '500' });
/** A wallet whose key this session has proven: it bets AMINA, within limits the API sets. */
const wallet = user({ ownershipVerified: true });

/** The next animation frame, and a little more (RTK's store batches its notices to one per frame). */
const frame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 20)));

type Endpoint = { initiate(arg: unknown, options: { forceRefetch: true }): unknown };
/** The injected endpoint `name` (the games' and fairness' endpoints are injected into `api`). */
const endpoint = (name: string) => (api.endpoints as unknown as Record<string, Endpoint>)[name];

/**
 * Renders `hook` for `player` (a guest) whose game calls `answer`s; counts the renders. With
 * `started` false the session has not started yet (the test starts it).
 */
function setup(hook: () => unknown, answer: FakeHandler, player: UserDto = guest, started = true) {
  const calls = fakeApi(
    (call) =>
      answer(call) ??
      (call.method === 'GET' && call.path === `/api/users/${player.walletAddress}` ? { body: player } : undefined),
  );
  const store = createStore();
  if (started) store.dispatch(walletActions.sessionStarted({ user: player, kind: 'manual' }));
  let renders = 0;
  const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
  renderHook(
    () => {
      renders++;
      return hook();
    },
    { wrapper },
  );
  const fulfilled = (name: string) =>
    Object.values(store.getState().api.queries).filter((q) => q?.endpointName === name && q.status === 'fulfilled')
      .length;
  return { store, calls, renders: () => renders, fulfilled };
}

describe("a game's queries render it only when they bring what it shows", () => {
  it.each([
    ['hi-lo: its open round', 'hiloCurrent', () => useHilo(), '/api/games/hilo/current', GUEST, { active: false }],
    [
      'blackjack: its open hand',
      'blackjackCurrent',
      () => useBlackjack(),
      '/api/games/blackjack/current',
      GUEST,
      { active: false },
    ],
    ['slots: its free spins', 'slotsState', () => useSlots(), '/api/games/slots/state', GUEST, { freeSpinsLeft: 0 }],
    ['slots: the paytables', 'paytables', () => useSlots(), '/api/fairness/paytables', undefined, paytables],
    ['plinko: the paytables', 'paytables', () => usePlinko(), '/api/fairness/paytables', undefined, paytables],
    ["dice: the player's record", 'getUser', () => useDice(), `/api/users/${GUEST}`, GUEST, guest],
    [
      "dice: a wallet's betting limits",
      'bettingLimits',
      () => useDice(),
      `/api/crypto/betting-limits/${ADDRESS}`,
      ADDRESS,
      { min: '0.01', max: '2.5' },
    ],
  ] as const)('%s asked again and answered as before → no render', async (_what, name, hook, path, arg, body) => {
    const { store, calls, renders, fulfilled } = setup(
      hook,
      (call) => (call.method === 'GET' && call.path === path ? { body } : undefined),
      arg === ADDRESS ? wallet : guest,
    );
    await waitFor(() => expect(fulfilled(name)).toBe(1));
    await waitFor(() => expect(fulfilled('getUser')).toBe(1));
    const asked = () => calls.filter((c) => c.path === path).length;
    const before = { renders: renders(), asked: asked() };
    // the query asked once more, its answer held: the start (pending) is committed alone, as in a
    // browser, where the answer arrives in a later task (act would otherwise batch both)
    let answer!: () => void;
    const held = new Promise<void>((go) => (answer = go));
    const fetchNow = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await held;
      return fetchNow(...args);
    }) as typeof fetch;
    try {
      let refetched!: Promise<unknown>;
      await act(async () => {
        refetched = store.dispatch(endpoint(name).initiate(arg, { forceRefetch: true }) as never);
        // the store tells its subscribers of RTK Query's actions in the next animation frame
        await frame();
      });
      expect(renders()).toBe(before.renders);
      await act(async () => {
        answer();
        await refetched;
        await frame();
      });
    } finally {
      globalThis.fetch = fetchNow;
    }
    expect(asked()).toBe(before.asked + 1);
    expect(renders()).toBe(before.renders);
  });
});

describe("the session's start renders a game that names it only in its bets once, not twice", () => {
  it.each([
    ['dice', () => useDice(), 1],
    ['plinko', () => usePlinko(), 1],
    // hi-lo asks for its open round as soon as the session starts: that needs the address at once
    ['hi-lo', () => useHilo(), 2],
  ] as const)('%s', async (_game, hook, expected) => {
    const { store, renders } = setup(hook, () => undefined, guest, false);
    await act(frame);
    const before = renders();
    await act(async () => {
      store.dispatch(walletActions.sessionStarted({ user: guest, kind: 'manual' }));
      await frame();
    });
    // the screens' wallet (WalletProvider) follows the store a render later: that render is the one
    expect(renders() - before).toBe(expected);
  });
});

describe('what the queries select', () => {
  it('openRound: the open round, else nothing', () => {
    const round = { active: true as const, nonce: 1 };
    expect(openRound({ data: round })).toEqual({ current: round });
    expect(openRound({ data: { active: false as const } })).toEqual({ current: undefined });
    expect(openRound({})).toEqual({ current: undefined });
  });

  it('servedPlinko: nothing while the served tables are the shipped ones; the served ones when they differ', () => {
    expect(servedPlinko({})).toEqual({ served: undefined });
    expect(servedPlinko({ data: paytables })).toEqual({ served: undefined });
    const high = [...FALLBACK_MULTIPLIERS.high];
    high[0] = 100;
    const changed = {
      ...paytables,
      plinko: { ...paytables.plinko, high: { ...paytables.plinko.high, multipliers: high } },
    };
    expect(servedPlinko({ data: changed }).served?.high.multipliers[0]).toBe(100);
  });

  it('the lobby: the same MAX_WINS object while the paytables load', () => {
    expect(maxWinsFrom(undefined)).toBe(MAX_WINS);
  });
});
