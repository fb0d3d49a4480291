import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createStore, StoreProvider, walletActions, type WalletKind } from '../index';
import type { UserDto } from '@cosmic/contracts';

/** A 58-character address with a valid checksum (the all-zero key). */
export const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';

/** A user record as the API answers it. */
export function user(over: Partial<UserDto> = {}): UserDto {
  return {
    id: '7',
    walletAddress: ADDRESS,
    username: 'cosmic_x',
    isGuest: false,
    aminaBalance: '12.3456',
    houseBalance: '1000',
    ownershipVerified: false,
    nextAllowanceAt: null,
    ...over,
  };
}

type Store = ReturnType<typeof createStore>;

/** Renders with a fresh store (optionally prepared) and a router; returns the store too. */
export function renderWithStore(ui: ReactElement, route = '/', prepare?: (store: Store) => void) {
  const store = createStore();
  prepare?.(store);
  const view = render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </StoreProvider>,
  );
  return { store, ...view };
}

/** Prepares a store with a started session for this user. */
export const signedIn =
  (u: UserDto = user(), kind: WalletKind = 'manual') =>
  (store: Store) =>
    void store.dispatch(walletActions.sessionStarted({ user: u, kind }));
