import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { SeedStateDto, UserDto } from '@cosmic/contracts';
import { createStore, SEEDS_NEED_SIGN_IN, walletActions, StoreProvider } from '@cosmic/web-data-access';
import { fakeApi } from '@cosmic/web-data-access/testing';
import { LobbyFairPanel } from './lobby-fair-panel';
import { LobbyPage } from './lobby-page';

// Issue 26 item 5: the Provably Fair panel is available in the lobby.

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';
const GUEST = 'GUEST_1700000000000abcdefghi';
const user = (over: Partial<UserDto>): UserDto => ({
  id: '7',
  walletAddress: ADDRESS,
  username: 'cosmic_x',
  isGuest: false,
  aminaBalance: '0',
  houseBalance: '1000',
  ownershipVerified: true,
  nextAllowanceAt: null,
  ...over,
});
const seeds = (nonce: number, hash = 'a'.repeat(64)): SeedStateDto => ({
  serverSeedHash: hash,
  nextServerSeedHash: 'b'.repeat(64),
  clientSeed: 'lucky',
  nonce,
  isActive: true,
});

function renderPanel(u?: UserDto, ui = <LobbyFairPanel />) {
  const store = createStore();
  if (u) store.dispatch(walletActions.sessionStarted({ user: u, kind: 'manual' }));
  render(
    <StoreProvider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </StoreProvider>,
  );
  return store;
}

function seedsApi() {
  let rotated = false;
  return fakeApi(({ method, path }) => {
    if (path === '/api/game-seeds/current') return { body: rotated ? seeds(0, 'c'.repeat(64)) : seeds(4) };
    if (method === 'POST' && path === '/api/game-seeds/new-server-seed') {
      rotated = true;
      return {
        body: {
          revealed: {
            serverSeed: '1'.repeat(64),
            serverSeedHash: 'a'.repeat(64),
            clientSeed: 'lucky',
            nonce: 4,
            revealedAt: '2026-01-01T00:00:00.000Z',
          },
          current: seeds(0, 'c'.repeat(64)),
        },
      };
    }
    return undefined;
  });
}

describe('LobbyFairPanel', () => {
  it("without a session says 'Connect your wallet to manage provably fair seeds' and links to /fairness", () => {
    const calls = seedsApi();
    renderPanel();
    const panel = screen.getByRole('region', { name: 'Provably Fair' });
    expect(panel).toHaveTextContent('Connect your wallet to manage provably fair seeds');
    expect(screen.getByRole('link', { name: 'Verify bets and see revealed seeds' })).toHaveAttribute(
      'href',
      '/fairness',
    );
    expect(calls).toEqual([]);
  });

  it('the lobby page shows it', () => {
    seedsApi();
    renderPanel(undefined, <LobbyPage />);
    expect(screen.getByRole('region', { name: 'Provably Fair' })).toBeInTheDocument();
  });

  it('a guest sees hash, client seed and nonce, and rotating the server seed starts a new pair', async () => {
    const calls = seedsApi();
    const store = renderPanel(user({ walletAddress: GUEST, isGuest: true, ownershipVerified: false }));
    expect(screen.getByText('Loading provably fair data...')).toBeInTheDocument();
    expect(await screen.findByTestId('server-seed-hash')).toHaveTextContent('a'.repeat(64));
    expect(screen.getByTestId('client-seed')).toHaveTextContent('lucky');
    expect(screen.getByTestId('nonce')).toHaveTextContent('4');
    expect(screen.queryByTestId('seeds-blocked')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Generate New Server Seed' }));
    await waitFor(() => expect(store.getState().toast.current?.title).toBe('New server seed generated'));
    await waitFor(() => expect(screen.getByTestId('nonce')).toHaveTextContent('0'));
    expect(screen.getByTestId('server-seed-hash')).toHaveTextContent('c'.repeat(64));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/game-seeds/new-server-seed',
      body: { walletAddress: GUEST },
    });
  });

  it('a watch-only wallet sees its seeds and why it cannot change them; nothing is sent', async () => {
    const calls = seedsApi();
    renderPanel(user({ ownershipVerified: false }));
    expect(await screen.findByTestId('server-seed-hash')).toBeInTheDocument();
    expect(screen.getByTestId('seeds-blocked')).toHaveTextContent(SEEDS_NEED_SIGN_IN);
    expect(screen.getByRole('button', { name: 'Generate New Server Seed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Client Seed' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
