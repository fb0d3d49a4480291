import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { UserDto } from '@cosmic/contracts';
import { createStore, walletActions, StoreProvider } from '@cosmic/web-data-access';
import { fakeApi } from '@cosmic/web-data-access/testing';
import { WATCH_ONLY_TEXT } from '@cosmic/web-ui';
import { GameLayout, RefusalNote } from './game-layout';
import { REFUSALS } from './refusals';

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';
const GUEST = 'GUEST_1700000000000abcdefghi';
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

function renderLayout(u: UserDto) {
  const store = createStore();
  store.dispatch(walletActions.sessionStarted({ user: u, kind: 'manual' }));
  render(
    <StoreProvider store={store}>
      <MemoryRouter>
        <GameLayout
          board={<p>board</p>}
          controls={<button type="button">Roll</button>}
          panel={{
            value: { currency: 'HC', amount: 1n },
            onChange: () => undefined,
            aminaEnabled: false,
            aminaBalance: 0n,
            hcBalance: 0n,
            aminaMaxLimit: 0n,
          }}
        />
      </MemoryRouter>
    </StoreProvider>,
  );
  return store;
}

describe('GameLayout and a watch-only wallet', () => {
  beforeEach(() => localStorage.clear());

  it('a signed-in wallet (or a guest) gets the play buttons and no notice', () => {
    fakeApi(() => ({ body: user({ ownershipVerified: true }) }));
    renderLayout(user({ ownershipVerified: true }));
    expect(screen.getByRole('button', { name: 'Roll' })).toBeInTheDocument();
    expect(screen.queryByText(WATCH_ONLY_TEXT.title)).toBeNull();
  });

  it("a watch-only wallet sees the notice instead of the play buttons; 'Sign in with wallet' asks the wallet widget", () => {
    fakeApi(() => ({ body: user() }));
    const store = renderLayout(user());
    expect(screen.getByText('Watch-only wallet: sign in with your wallet to play with it')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Roll' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with wallet' }));
    expect(store.getState().wallet.signInRequested).toBe(true);
  });

  it("'Play as guest' signs the wallet session out and resumes the player's own guest", async () => {
    localStorage.setItem('guestUserId', GUEST);
    localStorage.setItem('walletConnected', 'true');
    localStorage.setItem('walletAddress', ADDRESS);
    const calls = fakeApi(({ method, path, body }) => {
      if (path === '/api/users/logout') return { status: 204 };
      if (method === 'POST' && path === '/api/users')
        return { body: user({ walletAddress: (body as { walletAddress: string }).walletAddress, isGuest: true }) };
      if (method === 'GET' && path === `/api/users/${ADDRESS}`) return { body: user() };
      return undefined;
    });
    const store = renderLayout(user());
    fireEvent.click(screen.getByRole('button', { name: 'Play as guest' }));
    await waitFor(() => expect(store.getState().wallet).toMatchObject({ address: GUEST, isGuest: true }));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/users/logout');
    expect(calls.filter((c) => c.path === '/api/users').at(-1)?.body).toEqual({ walletAddress: GUEST });
    expect(screen.getByRole('button', { name: 'Roll' })).toBeInTheDocument();
  });
});

describe('RefusalNote (issue 29 item 1)', () => {
  it('says why the bet was refused, with the link where the player can change it', () => {
    render(
      <MemoryRouter>
        <RefusalNote refusal={REFUSALS['SELF_EXCLUDED']} />
      </MemoryRouter>,
    );
    const note = screen.getByTestId('bet-refusal');
    expect(note).toHaveTextContent('You are self-excluded');
    expect(note).toHaveTextContent('Betting is blocked until your self-exclusion period ends.');
    expect(screen.getByRole('link', { name: 'See your self-exclusion' })).toHaveAttribute(
      'href',
      '/responsible-gaming',
    );
  });
});
