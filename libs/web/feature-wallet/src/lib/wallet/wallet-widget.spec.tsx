import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserDto } from '@cosmic/contracts';
import { fakeApi, type FakeCall, ADDRESS, renderWithStore, user } from '@cosmic/web-data-access/testing';
import { walletActions } from '@cosmic/web-data-access';
import type { LibraryWallet } from './connectors/wallet-connector';
import { WalletConnector } from './connectors/wallet-connector';
import type { WalletApps } from './connectors/wallet-manager';
import type { AppKind } from './connectors/wallet-texts';
import { WalletWidget } from './wallet-widget';

// use-wallet itself is an ESM chunk the browser loads; here its wallets are fakes with the same
// members (connect, disconnect, signTransactions, signData) behind the real adapter.
type FakeWallet = LibraryWallet & {
  connect: jest.Mock;
  disconnect: jest.Mock;
  signTransactions: jest.Mock;
  signData: jest.Mock;
};
let wallets: Record<AppKind, FakeWallet>;
let apps: WalletApps & { chooseDemoAccount: jest.Mock; resume: jest.Mock };
jest.mock('./connectors/load-wallet-apps', () => ({ loadWalletApps: jest.fn(async () => apps) }));

function fakeWallet(name: string): FakeWallet {
  const state = { connected: false };
  return {
    metadata: { name, icon: `data:image/svg+xml;base64,${name}` },
    canSignData: false,
    get isConnected() {
      return state.connected;
    },
    get activeAddress() {
      return state.connected ? ADDRESS : null;
    },
    connect: jest.fn(async () => {
      state.connected = true;
      return [{ name: `${name} Account 1`, address: ADDRESS }];
    }),
    disconnect: jest.fn(async () => void (state.connected = false)),
    signTransactions: jest.fn(async () => [new Uint8Array([9, 8, 7])]),
    signData: jest.fn(),
  } as unknown as FakeWallet;
}

function fakeApps({ devnet }: { devnet: boolean }) {
  wallets = {
    pera: fakeWallet('Pera'),
    defly: fakeWallet('Defly'),
    lute: fakeWallet('Lute'),
    dev: fakeWallet('Mnemonic'),
  };
  const kinds: AppKind[] = devnet ? ['pera', 'defly', 'lute', 'dev'] : ['pera', 'defly', 'lute'];
  const connectors = kinds.map((k) => new WalletConnector(k, wallets[k]));
  apps = {
    networkId: devnet ? 'devnet' : 'mainnet',
    connectors,
    get: (kind: AppKind) => connectors.find((c) => c.kind === kind) ?? null,
    chooseDemoAccount: jest.fn(async () => undefined),
    resume: jest.fn(async () => null),
  };
}

const DEV = { address: ADDRESS, mnemonic: 'twenty five words', label: 'Demo player 1', optedIn: true };
const CHALLENGE = {
  challengeId: 'c1',
  message: '{}',
  txnB64: 'AQID',
  arc60: { data: 'e30=', domain: 'localhost', authenticatorData: 'YWJj' },
  expiresAt: '2030-01-01T00:00:00Z',
};

/** The API as the widget needs it; the session is proven once verify accepted a proof. */
function api({ devnet = false, optedIn = true, verifyStatus = 200 } = {}) {
  fakeApps({ devnet });
  const proven = new Set<string>();
  const users = new Map<string, UserDto>();
  return fakeApi(({ method, path, body }: FakeCall) => {
    const b = body as Record<string, string>;
    if (method === 'POST' && path === '/api/users') {
      const guest = b.walletAddress.startsWith('GUEST_');
      proven.delete(b.walletAddress);
      const u = user({
        walletAddress: b.walletAddress,
        isGuest: guest,
        aminaBalance: guest ? '0' : '12.3456789',
        ownershipVerified: false,
      });
      users.set(b.walletAddress, u);
      return { body: u };
    }
    if (path === '/api/users/logout') return { status: 204 };
    const m = /^\/api\/users\/(.+)$/.exec(path);
    if (method === 'GET' && m && users.has(decodeURIComponent(m[1])))
      return {
        body: { ...users.get(decodeURIComponent(m[1]))!, ownershipVerified: proven.has(decodeURIComponent(m[1])) },
      };
    if (path === '/api/crypto/house-info')
      return { body: { network: devnet ? 'Algorand devnet' : 'Algorand', chainId: null } };
    if (path === '/api/crypto/verify-wallet')
      return { body: { balances: { AMINA: '12.3456789', HC: '1000' }, optedIn } };
    if (path === '/api/dev/wallets' && devnet) return { body: [DEV] };
    if (path === '/api/crypto/ownership/challenge') return { body: CHALLENGE };
    if (path === '/api/crypto/ownership/verify') {
      if (verifyStatus !== 200)
        return { status: verifyStatus, body: { message: 'The signature does not prove control of this wallet' } };
      proven.add(ADDRESS);
      return { body: { ownershipVerified: true, expiresAt: '2030-01-02T00:00:00Z' } };
    }
    return undefined;
  });
}

const toast = (store: ReturnType<typeof renderWithStore>['store']) => store.getState().toast.current;
const openChooser = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Connect Wallet' }));
  return screen.findByRole('dialog', { name: 'Connect Wallet' });
};

describe('WalletWidget', () => {
  beforeEach(() => localStorage.clear());

  it('creates a guest on first load and shows its 1,000 HC', async () => {
    const calls = api();
    renderWithStore(<WalletWidget />);
    expect(await screen.findByTestId('hc-balance')).toHaveTextContent('1,000 HC');
    const created = calls.find((c) => c.method === 'POST' && c.path === '/api/users');
    const id = (created?.body as { walletAddress: string }).walletAddress;
    expect(id).toMatch(/^GUEST_\d{13}[a-z0-9]{22}$/);
    expect(localStorage.getItem('guestUserId')).toBe(id);
    expect(screen.getByText('Guest')).toBeInTheDocument();
  });

  it('the connect flows load only when asked: no house info or demo wallets are read before Connect Wallet is pressed', async () => {
    const calls = api({ devnet: true });
    renderWithStore(<WalletWidget />);
    expect(await screen.findByTestId('hc-balance')).toHaveTextContent('1,000 HC');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    const asked = () =>
      calls
        .filter((c) => c.path === '/api/dev/wallets' || c.path === '/api/crypto/house-info')
        .map((c) => c.path)
        .sort();
    expect(asked()).toEqual([]);
    await openChooser();
    await waitFor(() => expect(asked()).toEqual(['/api/crypto/house-info', '/api/dev/wallets']));
  });

  it("'Connect Wallet' opens the chooser: Pera first, Defly, Lute, then manual entry; no demo wallets off the devnet", async () => {
    api();
    renderWithStore(<WalletWidget />);
    const chooser = await openChooser();
    const names = within(within(chooser).getByRole('list', { name: 'Wallet apps' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(
      ['PPera Wallet→', 'DDefly Wallet→', 'LLute Wallet→'].map((n) => expect.stringContaining(n.slice(1, -1))),
    );
    expect(within(chooser).getByRole('button', { name: 'Enter address manually' })).toBeInTheDocument();
    await waitFor(() => expect(chooser.querySelectorAll('img[src^="data:image/svg+xml"]')).toHaveLength(3)); // use-wallet's icons once loaded
    expect(within(chooser).queryByText('Devnet demo wallets')).toBeNull();
    fireEvent.click(within(chooser).getByRole('button', { name: 'Enter address manually' }));
    expect(await screen.findByRole('dialog', { name: 'Enter Wallet Address' })).toBeInTheDocument();
  });

  it("Pera refuses to connect: 'Pera Connection Failed' with '<reason> - Try manual entry instead.' and the manual dialog opens", async () => {
    api();
    const { store } = renderWithStore(<WalletWidget />);
    const chooser = await openChooser();
    wallets.pera.connect.mockRejectedValueOnce(new Error('Connect modal is closed by user'));
    fireEvent.click(within(chooser).getByRole('button', { name: /Pera Wallet/ }));
    expect(await screen.findByRole('dialog', { name: 'Enter Wallet Address' })).toBeInTheDocument();
    expect(toast(store)).toMatchObject({
      title: 'Pera Connection Failed',
      description: 'Pera Wallet connection failed: Connect modal is closed by user - Try manual entry instead.',
    });
  });

  it("Pera connects and signs in the same step: session, challenge, signed transaction, 'Pera Wallet Connected!', Signed in", async () => {
    const calls = api();
    const { store } = renderWithStore(<WalletWidget />);
    fireEvent.click(within(await openChooser()).getByRole('button', { name: /Pera Wallet/ }));
    await waitFor(() => expect(toast(store)?.title).toBe('Pera Wallet Connected!'));
    expect(toast(store)?.description).toBe('AAAAAA…HFKQ is proven: you play with this wallet.');
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts.slice(posts.indexOf('/api/users', 1))).toEqual(
      expect.arrayContaining(['/api/users', '/api/crypto/ownership/challenge', '/api/crypto/ownership/verify']),
    );
    expect(calls.find((c) => c.path === '/api/crypto/ownership/verify')?.body).toEqual({
      walletAddress: ADDRESS,
      challengeId: 'c1',
      signedTxnB64: 'CQgH',
    });
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-address')).toHaveTextContent('AAAAAA…HFKQ');
    expect(localStorage.getItem('walletKind')).toBe('pera');
    expect(screen.queryByRole('button', { name: 'Sign in with wallet' })).toBeNull();
  });

  it("a refused signature leaves the wallet connected watch-only, says why, and 'Sign in with wallet' retries", async () => {
    api();
    const { store } = renderWithStore(<WalletWidget />);
    const chooser = await openChooser();
    wallets.defly.signTransactions.mockRejectedValueOnce(new Error('Transaction signing was cancelled'));
    fireEvent.click(within(chooser).getByRole('button', { name: /Defly Wallet/ }));
    await waitFor(() => expect(toast(store)?.title).toBe('Watch-only: not signed in'));
    expect(toast(store)?.description).toBe(
      'Transaction cancelled in your wallet - You can look but not play with this wallet. Choose "Sign in with wallet" to try again.',
    );
    expect(screen.getByText('Watch-only')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with wallet' }));
    await waitFor(() => expect(toast(store)?.title).toBe('Signed in'));
    expect(wallets.defly.connect).toHaveBeenCalledTimes(1); // the same wallet session signed again
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
  });

  it('a bet panel can ask for the sign-in (watch-only notice): the widget runs it', async () => {
    api();
    const { store } = renderWithStore(<WalletWidget />);
    const chooser = await openChooser();
    wallets.lute.signData.mockRejectedValueOnce(new Error('User Rejected Request'));
    Object.assign(wallets.lute, { canSignData: true });
    fireEvent.click(within(chooser).getByRole('button', { name: /Lute Wallet/ }));
    await screen.findByText('Watch-only');
    wallets.lute.signData.mockResolvedValueOnce({
      data: 'e30=',
      signer: new Uint8Array(32),
      domain: 'localhost',
      authenticatorData: new Uint8Array([97, 98, 99]),
      signature: new Uint8Array([1, 2]),
    });
    act(() => void store.dispatch(walletActions.signInRequested()));
    await waitFor(() => expect(toast(store)?.title).toBe('Signed in'));
    expect(wallets.lute.signData).toHaveBeenLastCalledWith('e30=', { scope: 1, encoding: 'base64' });
  });

  it('devnet: the demo accounts go through use-wallet’s Mnemonic wallet with the chosen mnemonic', async () => {
    const calls = api({ devnet: true });
    const { store } = renderWithStore(<WalletWidget />);
    const chooser = await openChooser();
    expect(await within(chooser).findByText('Devnet demo wallets')).toBeInTheDocument();
    fireEvent.click(within(chooser).getByRole('button', { name: /Demo player 1/ }));
    await waitFor(() => expect(toast(store)?.title).toBe('Dev Wallet Connected!'));
    expect(apps.chooseDemoAccount).toHaveBeenCalledWith('twenty five words');
    expect(wallets.dev.connect).toHaveBeenCalled();
    expect(calls.find((c) => c.path === '/api/crypto/ownership/verify')?.body).toMatchObject({ signedTxnB64: 'CQgH' });
    expect(localStorage.getItem('walletKind')).toBe('dev');
    await waitFor(() => expect(screen.getByTestId('amina-balance')).toHaveTextContent('12.345 AMINA'));
  });

  it('a typed address is watch-only; its "Sign in with wallet" opens the chooser in sign-in mode with pasting a signature', async () => {
    localStorage.setItem('walletConnected', 'true');
    localStorage.setItem('walletAddress', ADDRESS);
    api();
    renderWithStore(<WalletWidget />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in with wallet' });
    expect(dialog).toHaveTextContent('Sign in as AAAAAA…HFKQ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Paste a signature made elsewhere' }));
    expect(await screen.findByRole('dialog', { name: 'Prove ownership' })).toBeInTheDocument();
  });

  it("shows 'Need AMINA opt-in' when the wallet has not opted in", async () => {
    localStorage.setItem('walletConnected', 'true');
    localStorage.setItem('walletAddress', ADDRESS);
    api({ optedIn: false });
    renderWithStore(<WalletWidget />);
    expect(await screen.findByText('Need AMINA opt-in')).toBeInTheDocument();
  });

  it("disconnect: server logout, the wallet app's disconnect, 'Wallet Disconnected', and the player's own guest again", async () => {
    localStorage.setItem('guestUserId', 'GUEST_1700000000000abcdefghi');
    const calls = api();
    const { store } = renderWithStore(<WalletWidget />);
    fireEvent.click(within(await openChooser()).getByRole('button', { name: /Pera Wallet/ }));
    await screen.findByText('Signed in');
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByTestId('hc-balance')).toHaveTextContent('1,000 HC');
    expect(toast(store)?.title).toBe('Wallet Disconnected');
    expect(calls.map((c) => c.path)).toContain('/api/users/logout');
    expect(wallets.pera.disconnect).toHaveBeenCalled();
    expect(localStorage.getItem('walletConnected')).toBeNull();
    expect(localStorage.getItem('walletAddress')).toBeNull();
    expect(localStorage.getItem('guestUserId')).toBe('GUEST_1700000000000abcdefghi');
    expect(store.getState().wallet).toMatchObject({
      address: 'GUEST_1700000000000abcdefghi',
      isGuest: true,
      ownershipVerified: false,
      walletKind: 'guest',
    });
  });

  it('a reload with a wallet app resumes the session use-wallet kept, so disconnect reaches the app', async () => {
    localStorage.setItem('walletConnected', 'true');
    localStorage.setItem('walletAddress', ADDRESS);
    localStorage.setItem('walletKind', 'pera');
    api();
    await wallets.pera.connect(); // the session use-wallet kept
    apps.resume.mockImplementation(async () => apps.get('pera'));
    renderWithStore(<WalletWidget />);
    await screen.findByTestId('wallet-address');
    await waitFor(() => expect(apps.resume).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    await screen.findByTestId('hc-balance');
    expect(wallets.pera.disconnect).toHaveBeenCalled();
  });
});
