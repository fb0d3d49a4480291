import './testing/pending-fetch';
import { memo } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';
import { api } from './api';
import { createStore } from './store';
import { useBettingLimits } from './use-betting-limits';
import { useRequestAddress, useRequestAddressReader } from './use-wallet';
import { walletActions } from './wallet.slice';
import { StoreProvider, useWallet } from './wallet-provider';

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';
const GUEST = 'GUEST_0b5c6f0e-5d1f-4f0e-9d54-4a3c1c2b7e11';
const user = {
  id: '1',
  walletAddress: ADDRESS,
  username: 'u',
  isGuest: false,
  aminaBalance: '2.5',
  houseBalance: '40',
  ownershipVerified: true,
  nextAllowanceAt: null,
};
const guest = { ...user, id: '2', walletAddress: GUEST, isGuest: true, aminaBalance: '0', houseBalance: '1000' };
const session = walletActions.sessionStarted({ user, kind: 'manual' });

describe('WalletProvider', () => {
  it('a session started in the store reaches the screens that read the wallet, and only those', async () => {
    const store = createStore();
    const renders = { reader: 0, other: 0 };
    function Reader() {
      renders.reader++;
      const { connected, address } = useWallet();
      return <p>{connected ? `wallet ${address}` : 'no wallet'}</p>;
    }
    // a screen that reads nothing of the wallet: the store's change must not render it again
    function Other() {
      renders.other++;
      return <p>board</p>;
    }
    const view = (
      <StoreProvider store={store}>
        <Reader />
        <Other />
      </StoreProvider>
    );
    render(view);
    expect(screen.getByText('no wallet')).toBeTruthy();
    const before = { ...renders };
    await act(async () => void store.dispatch(session));
    expect(screen.getByText(`wallet ${ADDRESS}`)).toBeTruthy();
    expect(renders.reader).toBeGreaterThan(before.reader);
    expect(renders.other).toBe(before.other);
  });

  it('a memoized screen below a reader is not rendered again while what it is given stays the same', async () => {
    const store = createStore();
    let boardRenders = 0;
    const Board = memo(function Board({ currency }: { currency: string }) {
      boardRenders++;
      return <p>board in {currency}</p>;
    });
    function Game() {
      const { hasWallet } = useWallet();
      return (
        <>
          <p>{hasWallet ? 'wallet' : 'guest'}</p>
          <Board currency="HC" />
        </>
      );
    }
    render(
      <StoreProvider store={store}>
        <Game />
      </StoreProvider>,
    );
    await act(async () => void store.dispatch(session));
    expect(screen.getByText('wallet')).toBeTruthy();
    expect(boardRenders).toBe(1);
  });

  it("a request names the store's player at once while the screen still draws the previous one", async () => {
    // a typed (watch-only) wallet, then "Play as guest": the cache reset and the guest's session
    // in one tick, as wallet.thunks.ts does it. A screen drawing the wallet a render behind must
    // not ask for the typed wallet's limits again under the guest's session (a 403 the security
    // dashboard counts as session abuse).
    const urls: string[] = [];
    const saved = globalThis.fetch;
    globalThis.fetch = (async (req: Request) => {
      urls.push(req.url);
      return new Response(JSON.stringify({ min: '0.001', max: '1.0', maxProfit: '1', games: {} }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    try {
      const store = createStore();
      const seen: Array<[string | null, string | null]> = [];
      function Panel() {
        const { address } = useWallet();
        const asked = useRequestAddress();
        useBettingLimits();
        seen.push([address, asked]);
        return <p>{address ?? 'no session'}</p>;
      }
      store.dispatch(walletActions.sessionStarted({ user: { ...user, ownershipVerified: false }, kind: 'manual' }));
      render(
        <StoreProvider store={store}>
          <Panel />
        </StoreProvider>,
      );
      await act(async () => void (await new Promise((r) => setTimeout(r, 20))));
      const limits = (address: string) => urls.filter((u) => u.endsWith(`/api/crypto/betting-limits/${address}`));
      expect(limits(ADDRESS)).toHaveLength(1);
      const before = urls.length;
      await act(async () => {
        store.dispatch(api.util.resetApiState());
        store.dispatch(walletActions.sessionStarted({ user: guest, kind: 'guest' }));
        await new Promise((r) => setTimeout(r, 20));
      });
      expect(screen.getByText(GUEST)).toBeTruthy();
      // the screen did draw the typed wallet once more after the switch (the deferred render) …
      expect(seen.some(([drawn, asked]) => drawn === ADDRESS && asked === GUEST)).toBe(true);
      // … and asked for nothing of it: the user record is the wallet's own read (the guest's)
      expect(urls.slice(before).filter((u) => u.includes(ADDRESS))).toEqual([]);
    } finally {
      globalThis.fetch = saved;
    }
  });

  it("useRequestAddressReader names the store's session when called, and renders nothing as it changes", async () => {
    const store = createStore();
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders++;
        return { session: useRequestAddressReader(), wallet: useRequestAddressReader('wallet') };
      },
      { wrapper: ({ children }) => <StoreProvider store={store}>{children}</StoreProvider> },
    );
    const first = result.current;
    expect(first.session()).toBe('');
    const before = renders;
    act(() => void store.dispatch(walletActions.sessionStarted({ user: guest, kind: 'guest' })));
    expect(first.session()).toBe(GUEST);
    expect(first.wallet()).toBe(''); // a guest is no wallet
    act(() => void store.dispatch(session));
    // the same function, read after the player changed, names the new player at once
    expect(first.session()).toBe(ADDRESS);
    expect(first.wallet()).toBe(ADDRESS);
    // only the screens' wallet (WalletProvider, a render later) could render it; the reader does not
    expect(result.current.session).toBe(first.session);
    await act(async () => void (await new Promise((r) => setTimeout(r, 20))));
    expect(renders).toBe(before);
  });

  it('names what is missing when a screen reads the wallet outside a StoreProvider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useWallet())).toThrow(
      'useWallet is called outside a WalletProvider: render the tree in a StoreProvider',
    );
  });
});
