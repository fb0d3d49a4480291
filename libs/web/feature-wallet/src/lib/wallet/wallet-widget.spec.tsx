import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserDto } from '@cosmic/contracts';
import { fakeApi, type FakeCall } from '@cosmic/web-data-access/testing';
import { ADDRESS, renderWithStore, user } from '../../test/render';
import { WalletWidget } from './wallet-widget';

jest.mock('@cosmic/web-data-access', () => ({
  ...jest.requireActual('@cosmic/web-data-access'),
  signWithMnemonic: jest.fn(async (txnB64: string, mnemonic: string) => `signed(${txnB64},${mnemonic})`),
}));

const DEV = { address: ADDRESS, mnemonic: 'twenty five words', label: 'Demo player 1', optedIn: true };

/** The API as the widget needs it; `verified` flips once the ownership proof is accepted. */
function api({ devnet = false, optedIn = true } = {}) {
  let verified = false;
  const users = new Map<string, UserDto>();
  const calls = fakeApi(({ method, path, body }: FakeCall) => {
    const b = body as Record<string, string>;
    if (method === 'POST' && path === '/api/users') {
      const guest = b.walletAddress.startsWith('GUEST_');
      const u = user({ walletAddress: b.walletAddress, isGuest: guest, aminaBalance: guest ? '0' : '12.3456789', ownershipVerified: false });
      users.set(b.walletAddress, u);
      return { body: u };
    }
    const m = /^\/api\/users\/(.+)$/.exec(path);
    if (method === 'GET' && m && users.has(decodeURIComponent(m[1]))) {
      const u = users.get(decodeURIComponent(m[1]))!;
      return { body: { ...u, aminaBalance: u.isGuest ? '0' : '12.3456789', ownershipVerified: verified } };
    }
    if (path === '/api/crypto/verify-wallet') return { body: { balances: { AMINA: '12.3456789', HC: '1000' }, optedIn } };
    if (path === '/api/dev/wallets' && devnet) return { body: [DEV] };
    if (path === '/api/crypto/ownership/challenge') return { body: { challengeId: 'c1', txnB64: 'VFhu', arc60: { data: '', domain: '' }, expiresAt: '2030-01-01T00:00:00Z' } };
    if (path === '/api/crypto/ownership/verify') {
      verified = true;
      return { body: { verified: true } };
    }
    return undefined;
  });
  return calls;
}

const toast = (store: ReturnType<typeof renderWithStore>['store']) => store.getState().toast.current;

describe('WalletWidget', () => {
  beforeEach(() => localStorage.clear());

  it('creates a guest on first load and shows its 1,000 HC', async () => {
    const calls = api();
    renderWithStore(<WalletWidget />);
    expect(await screen.findByTestId('hc-balance')).toHaveTextContent('1,000 HC');
    const created = calls.find((c) => c.method === 'POST' && c.path === '/api/users');
    const id = (created?.body as { walletAddress: string }).walletAddress;
    expect(id).toMatch(/^GUEST_\d{13}[a-z0-9]{9}$/);
    expect(localStorage.getItem('guestUserId')).toBe(id);
    expect(screen.getByText('Guest')).toBeInTheDocument();
  });

  it("'Connect Wallet' without Pera: 'Pera Connection Failed' toast and the Manual dialog opens", async () => {
    api();
    const { store } = renderWithStore(<WalletWidget />);
    await screen.findByTestId('hc-balance');
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Enter Wallet Address' })).toBeInTheDocument();
    expect(toast(store)?.title).toBe('Pera Connection Failed');
    expect(toast(store)?.description).toMatch(/ - Try manual entry instead\.$/);
  });

  it('hides the dev wallet off the devnet (GET /api/dev/wallets is 404) and offers it on the devnet', async () => {
    api();
    const off = renderWithStore(<WalletWidget />);
    await screen.findByTestId('hc-balance');
    await waitFor(() => expect(off.store.getState().api.queries['devWallets(undefined)']?.status).toBe('rejected'));
    expect(screen.queryByRole('button', { name: 'Dev wallet' })).toBeNull();
    off.unmount();
    api({ devnet: true });
    renderWithStore(<WalletWidget />);
    expect(await screen.findByRole('button', { name: 'Dev wallet' })).toBeInTheDocument();
  });

  it('dev wallet: connects, shows address and AMINA with 3 decimals, proves ownership by signing the challenge', async () => {
    const calls = api({ devnet: true });
    const { store } = renderWithStore(<WalletWidget />);
    fireEvent.click(await screen.findByRole('button', { name: 'Dev wallet' }));
    fireEvent.click(await screen.findByRole('button', { name: /Demo player 1/ }));
    expect(await screen.findByTestId('wallet-address')).toHaveTextContent('AAAAAA…HFKQ');
    await waitFor(() => expect(screen.getByTestId('amina-balance')).toHaveTextContent('12.345 AMINA'));
    expect(localStorage.getItem('walletKind')).toBe('dev');

    fireEvent.click(screen.getByRole('button', { name: 'Verify ownership' }));
    await waitFor(() => expect(toast(store)?.title).toBe('Ownership verified'));
    expect(calls.find((c) => c.path === '/api/crypto/ownership/verify')?.body).toEqual({ walletAddress: ADDRESS, challengeId: 'c1', signedTxnB64: 'signed(VFhu,twenty five words)' });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify ownership' })).toBeNull();
  });

  it("shows 'Need AMINA opt-in' when the wallet has not opted in", async () => {
    localStorage.setItem('walletConnected', 'true');
    localStorage.setItem('walletAddress', ADDRESS);
    api({ optedIn: false });
    renderWithStore(<WalletWidget />);
    expect(await screen.findByText('Need AMINA opt-in')).toBeInTheDocument();
  });

  it("disconnect clears the wallet and local storage, says 'Wallet Disconnected' and starts a new guest", async () => {
    localStorage.setItem('walletConnected', 'true');
    localStorage.setItem('walletAddress', ADDRESS);
    localStorage.setItem('guestUserId', 'GUEST_1700000000000abcdefghi');
    const calls = api();
    const { store } = renderWithStore(<WalletWidget />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByTestId('hc-balance')).toHaveTextContent('1,000 HC');
    expect(toast(store)?.title).toBe('Wallet Disconnected');
    expect(localStorage.getItem('walletConnected')).toBeNull();
    expect(localStorage.getItem('walletAddress')).toBeNull();
    const guest = localStorage.getItem('guestUserId');
    expect(guest).toMatch(/^GUEST_/);
    expect(guest).not.toBe('GUEST_1700000000000abcdefghi');
    expect(store.getState().wallet).toMatchObject({ address: guest, isGuest: true, optedIn: null, ownershipVerified: false, walletKind: 'guest' });
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/users').at(-1)?.body).toEqual({ walletAddress: guest });
  });
});
