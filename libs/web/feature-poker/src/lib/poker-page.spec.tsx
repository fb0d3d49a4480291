import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { UserDto } from '@cosmic/contracts';
import type { PokerMe, TableSummary } from '@cosmic/poker';
import { createStore, walletActions, StoreProvider } from '@cosmic/web-data-access';
import { fakeApi } from '@cosmic/web-data-access/testing';
import { PokerPage } from './poker-page';

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';
const user = (over: Partial<UserDto> = {}): UserDto => ({
  id: '7',
  walletAddress: ADDRESS,
  username: 'cosmic_x',
  isGuest: false,
  aminaBalance: '0',
  houseBalance: '1000',
  ownershipVerified: false,
  nextAllowanceAt: null,
  ...over,
});
const PULSAR: TableSummary = {
  id: 'pulsar',
  name: 'Pulsar',
  seats: 6,
  humans: 1,
  bots: 0,
  smallBlind: 5,
  bigBlind: 10,
  minBuyIn: 10,
  maxBuyIn: 500,
  botsFill: false,
};
const ME: PokerMe = { seat: null, changeChips: 0, chipsPerHc: 100 };

function renderPage(u: UserDto) {
  fakeApi(({ path }) => {
    if (path === '/api/poker/me') return { body: ME };
    if (path === '/api/poker/tables') return { body: [PULSAR] };
    if (path === `/api/users/${ADDRESS}`) return { body: u };
    return undefined;
  });
  const store = createStore();
  store.dispatch(walletActions.sessionStarted({ user: u, kind: 'manual' }));
  render(
    <StoreProvider store={store}>
      <MemoryRouter>
        <PokerPage />
      </MemoryRouter>
    </StoreProvider>,
  );
  return store;
}

describe('PokerPage and a watch-only wallet', () => {
  it("shows the watch-only notice and offers no seat: 'Sign in to play', disabled; 'Sign in with wallet' asks the wallet widget", async () => {
    const store = renderPage(user());
    expect(await screen.findByRole('button', { name: 'Sign in to take a seat at Pulsar' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Take a seat at Pulsar' })).toBeNull();
    expect(screen.getByTestId('watch-only-notice')).toHaveTextContent(
      'Watch-only wallet: sign in with your wallet to play with it',
    );
    expect(screen.getByRole('button', { name: 'Watch Pulsar' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with wallet' }));
    expect(store.getState().wallet.signInRequested).toBe(true);
  });

  it('a signed-in wallet gets no notice and a seat to take', async () => {
    renderPage(user({ ownershipVerified: true }));
    expect(await screen.findByRole('button', { name: 'Take a seat at Pulsar' })).toBeEnabled();
    expect(screen.queryByTestId('watch-only-notice')).toBeNull();
  });
});
