import './testing/pending-fetch';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import type { UserDto } from '@cosmic/contracts';
import { createStore } from './store';
import { useBetContext } from './use-bet-context';
import { walletActions } from './wallet.slice';
import { usersUtil } from './users.api';
import { StoreProvider } from './wallet-provider';

const user = (over: Partial<UserDto>): UserDto => ({
  id: '1',
  walletAddress: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ',
  username: 'u',
  isGuest: false,
  aminaBalance: '2.5',
  houseBalance: '40',
  ownershipVerified: false,
  nextAllowanceAt: null,
  ...over,
});

function run(prepare?: (store: ReturnType<typeof createStore>) => void) {
  const store = createStore();
  prepare?.(store);
  const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
  return renderHook(() => useBetContext(), { wrapper }).result.current;
}

describe('useBetContext', () => {
  it('before any session: 0 AMINA, 1000 HC (defaults not shown: the balance is not known), the disconnected limit 0.001 and AMINA off', () => {
    expect(run()).toEqual({
      aminaBalance: 0n,
      hcBalance: 100_000_000_000n,
      aminaMaxLimit: 100_000n,
      aminaEnabled: false,
      balanceKnown: false,
    });
  });

  it.each([
    ['a guest', false, user({ isGuest: true, walletAddress: 'GUEST_1abcdef' })],
    ['a watch-only wallet', false, user({})],
    ['a verified wallet', true, user({ ownershipVerified: true })],
  ])('%s: AMINA enabled = %s; limit default until the server answers', (_, enabled, u) => {
    const ctx = run((s) => void s.dispatch(walletActions.sessionStarted({ user: u, kind: 'manual' })));
    expect(ctx.aminaEnabled).toBe(enabled);
    // the session is known, its record (and so the balance) not yet: fetch never answers here
    expect(ctx.balanceKnown).toBe(false);
    expect(ctx.aminaMaxLimit).toBe(u.isGuest ? 100_000n : 100_000_000n);
  });

  it("the balance is known, and is the record's, once the player's record has arrived", async () => {
    const u = user({ houseBalance: '40', aminaBalance: '2.5' });
    const store = createStore();
    store.dispatch(walletActions.sessionStarted({ user: u, kind: 'manual' }));
    const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
    const { result } = renderHook(() => useBetContext(), { wrapper });
    expect(result.current.balanceKnown).toBe(false);
    await store.dispatch(usersUtil.upsertQueryData('getUser', u.walletAddress, u));
    await waitFor(() => expect(result.current.balanceKnown).toBe(true));
    expect(result.current).toMatchObject({ hcBalance: 4_000_000_000n, aminaBalance: 250_000_000n });
  });

  it('is the same object across renders while nothing in it changes, and a new one when the balance does', async () => {
    const u = user({ houseBalance: '40' });
    const store = createStore();
    store.dispatch(walletActions.sessionStarted({ user: u, kind: 'manual' }));
    await store.dispatch(usersUtil.upsertQueryData('getUser', u.walletAddress, u));
    const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
    const { result, rerender } = renderHook(() => useBetContext(), { wrapper });
    await waitFor(() => expect(result.current.balanceKnown).toBe(true));
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    await store.dispatch(usersUtil.upsertQueryData('getUser', u.walletAddress, { ...u, houseBalance: '41' }));
    await waitFor(() => expect(result.current.hcBalance).toBe(4_100_000_000n));
    expect(result.current).not.toBe(first);
  });
});
