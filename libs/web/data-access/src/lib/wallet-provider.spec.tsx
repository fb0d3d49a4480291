import './testing/pending-fetch';
import { memo } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';
import { createStore } from './store';
import { walletActions } from './wallet.slice';
import { StoreProvider, useWallet } from './wallet-provider';

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';
const session = walletActions.sessionStarted({
  user: {
    id: '1',
    walletAddress: ADDRESS,
    username: 'u',
    isGuest: false,
    aminaBalance: '2.5',
    houseBalance: '40',
    ownershipVerified: true,
    nextAllowanceAt: null,
  },
  kind: 'manual',
});

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

  it('names what is missing when a screen reads the wallet outside a StoreProvider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useWallet())).toThrow(
      'useWallet is called outside a WalletProvider: render the tree in a StoreProvider',
    );
  });
});
