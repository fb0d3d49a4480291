/** @jest-environment node */
import type { UserDto } from '@cosmic/contracts';
import { createStore } from './store';
import { dismissToast, showToast, toastSlice } from './toast.slice';
import { initialWalletState, walletActions, walletSlice } from './wallet.slice';
import { registerWalletApp } from './wallet-app';
import {
  connectWallet,
  disconnectWallet,
  INVALID_ADDRESS_MESSAGE,
  initWallet,
  RESUME_BACKOFF_MS,
  RESUME_TRIES,
  verifyOwnership,
} from './wallet.thunks';
import { usersEndpoints } from './users.api';
import { newGuestId } from './wallet-storage';
import { resolveRequestsAgainstPage } from '../testing/page-requests';

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';
const user = (over: Partial<UserDto> = {}): UserDto => ({
  id: '7',
  walletAddress: ADDRESS,
  username: 'cosmic_x',
  isGuest: false,
  aminaBalance: '1.5',
  houseBalance: '1000',
  ownershipVerified: false,
  nextAllowanceAt: null,
  ...over,
});

class MemoryStorage {
  private m = new Map<string, string>();
  getItem = (k: string) => this.m.get(k) ?? null;
  setItem = (k: string, v: string) => void this.m.set(k, String(v));
  removeItem = (k: string) => void this.m.delete(k);
  clear = () => this.m.clear();
}

type Route = (method: string, path: string, body: any) => { status?: number; body?: unknown } | undefined;
let calls: Array<{ method: string; path: string; body: any }>;
function serve(route: Route) {
  calls = [];
  globalThis.fetch = jest.fn(async (req: Request) => {
    const url = new URL(req.url);
    const text = await req.text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method: req.method, path: url.pathname, body });
    const res = route(req.method, url.pathname, body) ?? { status: 404, body: { message: 'not found' } };
    return new Response(res.body === undefined ? '' : JSON.stringify(res.body), {
      status: res.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
}

/** The happy API: users are created as asked, the chain says opted in. */
const happy: Route = (method, path, body) => {
  if (method === 'POST' && path === '/api/users')
    return { body: user({ walletAddress: body.walletAddress, isGuest: body.walletAddress.startsWith('GUEST_') }) };
  if (path === '/api/crypto/verify-wallet') return { body: { balances: { AMINA: '1.5', HC: '1000' }, optedIn: true } };
  return undefined;
};

const storage = () => globalThis.localStorage as unknown as MemoryStorage;
/** A reload's stored wallet: a demo wallet at ADDRESS. */
function storedDevWallet() {
  storage().setItem('walletConnected', 'true');
  storage().setItem('walletAddress', ADDRESS);
  storage().setItem('walletKind', 'dev');
}

resolveRequestsAgainstPage();
beforeAll(() => void Object.assign(globalThis, { localStorage: new MemoryStorage() }));
beforeEach(() => storage().clear());
afterEach(() => jest.useRealTimers());

describe('wallet slice', () => {
  it.each([
    ['connecting', walletActions.connecting(), { status: 'connecting' }],
    [
      'a guest session',
      walletActions.sessionStarted({ user: user({ walletAddress: 'GUEST_1abcdef', isGuest: true }), kind: 'manual' }),
      { connected: true, isGuest: true, walletKind: 'guest', address: 'GUEST_1abcdef' },
    ],
    [
      'a wallet session',
      walletActions.sessionStarted({ user: user({ ownershipVerified: true }), kind: 'dev' }),
      { connected: true, isGuest: false, walletKind: 'dev', userId: '7', ownershipVerified: true, optedIn: null },
    ],
    ['opt-in known', walletActions.optInKnown(false), { optedIn: false }],
    ['cleared', walletActions.walletCleared(), initialWalletState],
    ['sign-in asked with no wallet: ignored', walletActions.signInRequested(), { signInRequested: false }],
    ['sign-in handled', walletActions.signInHandled(), { signInRequested: false }],
  ])('%s', (_, action, expected) => {
    expect(walletSlice.reducer(initialWalletState, action)).toMatchObject(expected);
  });

  it('a screen asks the widget to sign in (wallet sessions only); the widget clears the request', () => {
    let state = walletSlice.reducer(initialWalletState, walletActions.sessionStarted({ user: user(), kind: 'pera' }));
    state = walletSlice.reducer(state, walletActions.signInRequested());
    expect(state.signInRequested).toBe(true);
    expect(walletSlice.reducer(state, walletActions.signInHandled()).signInRequested).toBe(false);
  });

  it('follows the polled user record for the ownership proof (same address only)', () => {
    const state = walletSlice.reducer(
      initialWalletState,
      walletActions.sessionStarted({ user: user(), kind: 'manual' }),
    );
    const fulfilled = (u: UserDto) => ({
      type: usersEndpoints.getUser.matchFulfilled.toString(),
      payload: u,
      meta: { arg: { endpointName: 'getUser' }, requestStatus: 'fulfilled' },
    });
    const action = { ...fulfilled(user({ ownershipVerified: true })), type: 'api/executeQuery/fulfilled' };
    expect(walletSlice.reducer(state, action).ownershipVerified).toBe(true);
    const other = {
      ...fulfilled(user({ walletAddress: 'OTHER', ownershipVerified: true })),
      type: 'api/executeQuery/fulfilled',
    };
    expect(walletSlice.reducer(state, other).ownershipVerified).toBe(false);
  });
});

describe('toast slice', () => {
  it('keeps one toast: a new one replaces it with a new id; dismiss closes it', () => {
    let s = toastSlice.reducer(undefined, showToast({ title: 'A' }));
    const first = s.current!.id;
    s = toastSlice.reducer(s, showToast({ title: 'B', description: 'b', variant: 'error' }));
    expect(s.current).toEqual({ id: first + 1, title: 'B', description: 'b', variant: 'error', open: true });
    s = toastSlice.reducer(s, dismissToast());
    expect(s.current?.open).toBe(false);
  });
});

describe('newGuestId', () => {
  it('draws its 22 random characters from crypto.getRandomValues, never Math.random', () => {
    const math = jest.spyOn(Math, 'random');
    const csprng = jest.spyOn(globalThis.crypto, 'getRandomValues');
    const id = newGuestId(1_700_000_000_000);
    expect(id).toMatch(/^GUEST_1700000000000[a-z0-9]{22}$/);
    expect(csprng).toHaveBeenCalled();
    expect(math).not.toHaveBeenCalled();
    expect(new Set(Array.from({ length: 50 }, () => newGuestId(1)))).toHaveProperty('size', 50);
    math.mockRestore();
    csprng.mockRestore();
  });

  it('maps bytes to base 36 without bias: bytes 252-255 are skipped', () => {
    const bytes = (b: Uint8Array) => b.fill(0).map((_, i) => (i % 2 ? 255 : 35 + 36 * (i % 7)));
    expect(newGuestId(1, bytes)).toBe(`GUEST_1${'z'.repeat(22)}`);
  });
});

describe('wallet thunks', () => {
  it('first load creates a guest GUEST_<timestamp><random>, stores guestUserId, runs once', async () => {
    serve(happy);
    const store = createStore();
    await Promise.all([store.dispatch(initWallet()), store.dispatch(initWallet())]);
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/users');
    expect(posts).toHaveLength(1);
    const id = posts[0].body.walletAddress;
    expect(id).toMatch(/^GUEST_\d{13}[a-z0-9]{22}$/);
    expect(storage().getItem('guestUserId')).toBe(id);
    expect(store.getState().wallet).toMatchObject({
      status: 'ready',
      connected: true,
      isGuest: true,
      address: id,
      walletKind: 'guest',
    });
  });

  it('a reload keeps the session when the cookie still matches (GET, no POST)', async () => {
    storage().setItem('guestUserId', 'GUEST_1700000000000abc');
    serve((m, p) =>
      m === 'GET' && p === '/api/users/GUEST_1700000000000abc'
        ? { body: user({ walletAddress: 'GUEST_1700000000000abc', isGuest: true }) }
        : undefined,
    );
    const store = createStore();
    await store.dispatch(initWallet());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/users/GUEST_1700000000000abc']);
    expect(store.getState().wallet.address).toBe('GUEST_1700000000000abc');
  });

  it.each([401, 403, 404])(
    "a reload whose cookie is not the stored wallet's session (%i) opens a new one for it (POST)",
    async (status) => {
      storedDevWallet();
      serve((m, p, b) =>
        m === 'GET' && p.startsWith('/api/users/') ? { status, body: { message: 'x' } } : happy(m, p, b),
      );
      const store = createStore();
      await store.dispatch(initWallet());
      expect(calls.slice(0, 2).map((c) => `${c.method} ${c.path}`)).toEqual([
        `GET /api/users/${ADDRESS}`,
        'POST /api/users',
      ]);
      expect(store.getState().wallet).toMatchObject({ address: ADDRESS, walletKind: 'dev', isGuest: false });
    },
  );

  it.each([503, 429, 500])(
    'a reload whose session read fails (%i) tries it again, backing off, and keeps the proven session: no new watch-only one',
    async (status) => {
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      storedDevWallet();
      let reads = 0;
      serve((m, p, b) => {
        if (m === 'GET' && p === `/api/users/${ADDRESS}`)
          return ++reads < RESUME_TRIES
            ? { status, body: { message: 'busy' } }
            : { body: user({ ownershipVerified: true }) };
        return happy(m, p, b);
      });
      const store = createStore();
      const done = store.dispatch(initWallet());
      const at = (ms: number) => jest.advanceTimersByTimeAsync(ms);
      await at(0);
      expect(reads).toBe(1);
      await at(RESUME_BACKOFF_MS - 1);
      expect(reads).toBe(1);
      await at(1);
      expect(reads).toBe(2); // after 0.5 s
      await at(2 * RESUME_BACKOFF_MS);
      expect(reads).toBe(3); // 1 s later
      await at(4 * RESUME_BACKOFF_MS);
      expect(reads).toBe(4); // 2 s later: answered
      await done;
      expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/users')).toEqual([]);
      expect(store.getState().wallet).toMatchObject({ address: ADDRESS, ownershipVerified: true, status: 'ready' });
      expect(storage().getItem('walletAddress')).toBe(ADDRESS);
    },
  );

  it('a reload whose session read keeps failing opens no watch-only session for the wallet: the player goes on as the guest', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    storedDevWallet();
    serve((m, p, b) =>
      m === 'GET' && p.startsWith('/api/users/') ? { status: 503, body: { message: 'Server busy' } } : happy(m, p, b),
    );
    const store = createStore();
    const done = store.dispatch(initWallet());
    await jest.advanceTimersByTimeAsync(10_000);
    await done;
    expect(calls.filter((c) => c.method === 'GET' && c.path === `/api/users/${ADDRESS}`)).toHaveLength(RESUME_TRIES);
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/users').map((c) => c.body.walletAddress);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^GUEST_/);
    expect(store.getState().wallet).toMatchObject({ isGuest: true, walletKind: 'guest' });
  });

  it.each([
    ['too short', ADDRESS.slice(1)],
    ['lower case', ADDRESS.toLowerCase()],
    ['a digit outside 2-7', `${ADDRESS.slice(0, 57)}8`],
  ])('connect refuses an address that is %s with the spec message and no call', async (_, address) => {
    serve(happy);
    const store = createStore();
    await expect(store.dispatch(connectWallet({ address, kind: 'manual' })).unwrap()).rejects.toMatchObject({
      message: INVALID_ADDRESS_MESSAGE,
    });
    expect(calls).toEqual([]);
    expect(INVALID_ADDRESS_MESSAGE).toBe('Invalid Algorand address format (must be 58 characters)');
  });

  it('connect opens the session, persists walletConnected/walletAddress and reads opt-in from verify-wallet', async () => {
    serve((m, p, b) =>
      p === '/api/crypto/verify-wallet'
        ? { body: { balances: { AMINA: '0', HC: '1000' }, optedIn: false } }
        : happy(m, p, b),
    );
    const store = createStore();
    await store.dispatch(connectWallet({ address: ` ${ADDRESS} `, kind: 'manual' })).unwrap();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/users', body: { walletAddress: ADDRESS } });
    expect(calls[1]).toEqual({ method: 'POST', path: '/api/crypto/verify-wallet', body: { walletAddress: ADDRESS } });
    expect(store.getState().wallet).toMatchObject({
      address: ADDRESS,
      connected: true,
      isGuest: false,
      optedIn: false,
      walletKind: 'manual',
    });
    expect(storage().getItem('walletConnected')).toBe('true');
    expect(storage().getItem('walletAddress')).toBe(ADDRESS);
  });

  it("connect never reads the guest's record with the new wallet's cookie (a 403 the dashboard counts as session abuse)", async () => {
    serve(happy);
    const store = createStore();
    await store.dispatch(initWallet()).unwrap();
    const guest = store.getState().wallet.address!;
    // the header's balance: a live subscription to the guest's record
    const sub = store.dispatch(usersEndpoints.getUser.initiate(guest));
    await new Promise((r) => setTimeout(r, 10));
    calls.length = 0;
    await store.dispatch(connectWallet({ address: ADDRESS, kind: 'manual' })).unwrap();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/users', body: { walletAddress: ADDRESS } });
    expect(calls.filter((c) => c.path === `/api/users/${guest}`)).toEqual([]);
    sub.unsubscribe();
  });

  it("a read of the guest's record asked for while the wallet's session opens is held, then dropped unsent; the new player's reads go out", async () => {
    let answerPost: () => void = () => undefined;
    serve(happy);
    const store = createStore();
    await store.dispatch(initWallet()).unwrap();
    const guest = store.getState().wallet.address!;
    const sub = store.dispatch(usersEndpoints.getUser.initiate(guest)); // the header's balance
    await new Promise((r) => setTimeout(r, 10));
    // the wallet's POST /api/users answers only when told: its cookie would arrive with the answer
    const route = globalThis.fetch as jest.Mock;
    const send = route.getMockImplementation()!;
    route.mockImplementation(async (req: Request) => {
      if (req.method === 'POST' && new URL(req.url).pathname === '/api/users')
        await new Promise<void>((r) => (answerPost = r));
      return send(req);
    });
    calls.length = 0;
    const connecting = store.dispatch(connectWallet({ address: ADDRESS, kind: 'manual' })).unwrap();
    await new Promise((r) => setTimeout(r, 10));
    const poll = sub.refetch(); // the balance poll falls while the session opens
    await new Promise((r) => setTimeout(r, 10));
    answerPost();
    await connecting;
    await poll; // answered (dropped), not left waiting
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.path === `/api/users/${guest}`)).toEqual([]);
    expect(store.getState().wallet.address).toBe(ADDRESS);
    // the new player's reads are not held
    await store.dispatch(usersEndpoints.getUser.initiate(ADDRESS, { subscribe: false, forceRefetch: true }));
    expect(calls.filter((c) => c.method === 'GET' && c.path === `/api/users/${ADDRESS}`)).toHaveLength(1);
    sub.unsubscribe();
  });

  it('a failed verify-wallet falls back to GET /api/crypto/balance/{address}', async () => {
    serve((m, p, b) =>
      p === '/api/crypto/verify-wallet' ? { status: 502, body: { message: 'chain down' } } : happy(m, p, b),
    );
    const store = createStore();
    await store.dispatch(connectWallet({ address: ADDRESS, kind: 'manual' })).unwrap();
    await new Promise((r) => setTimeout(r, 10));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`GET /api/crypto/balance/${ADDRESS}`);
    expect(store.getState().wallet.optedIn).toBeNull();
  });

  it('connect failure keeps the spec fallback (no user: 0 AMINA / 1000 HC) and reports the server message', async () => {
    serve(() => ({ status: 503, body: { message: 'Database unavailable' } }));
    const store = createStore();
    await expect(store.dispatch(connectWallet({ address: ADDRESS, kind: 'manual' })).unwrap()).rejects.toMatchObject({
      message: 'Database unavailable',
    });
    expect(store.getState().wallet.connected).toBe(false);
  });

  it("disconnect: the server revokes the session, the wallet app disconnects, state, stored wallet and cache are cleared; the player's own guest resumes", async () => {
    serve((m, p, b) => (m === 'POST' && p === '/api/users/logout' ? { status: 204 } : happy(m, p, b)));
    const store = createStore();
    const app = {
      name: 'Pera',
      address: ADDRESS,
      signTransactions: jest.fn(),
      signChallenge: jest.fn(),
      disconnect: jest.fn(),
    };
    registerWalletApp('pera', app);
    storage().setItem('guestUserId', 'GUEST_1700000000000old');
    await store.dispatch(connectWallet({ address: ADDRESS, kind: 'pera' })).unwrap();
    expect(storage().getItem('guestUserId')).toBe('GUEST_1700000000000old'); // a wallet does not drop the guest
    await new Promise((r) => setTimeout(r, 10)); // the chain check after connect
    calls.length = 0;
    await store.dispatch(disconnectWallet()).unwrap();
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/users/logout', body: undefined });
    expect(app.disconnect).toHaveBeenCalled();
    expect(storage().getItem('walletConnected')).toBeNull();
    expect(storage().getItem('walletAddress')).toBeNull();
    expect(storage().getItem('walletKind')).toBeNull();
    expect(store.getState().toast.current?.title).toBe('Wallet Disconnected');
    expect(store.getState().wallet).toMatchObject({
      address: 'GUEST_1700000000000old',
      isGuest: true,
      optedIn: null,
      ownershipVerified: false,
    });
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/users').at(-1)?.body).toEqual({
      walletAddress: 'GUEST_1700000000000old',
    });
    // the guest's session is opened by its id, never first read with the wallet's cookie (a 403 the dashboard counts as abuse)
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/users/GUEST_'))).toEqual([]);
    const cached = Object.values(store.getState().api.queries).map((q) => q?.originalArgs);
    expect(cached).not.toContain(ADDRESS);
  });

  it("disconnect drops the player's state and cache before the session is revoked: the 2 s refresh that falls in between reads nothing under the revoked cookie", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let atLogout: string | null | undefined;
    const store = createStore();
    serve((m, p, b) => {
      if (m === 'POST' && p === '/api/users/logout') {
        atLogout = store.getState().wallet.address;
        return { status: 204 };
      }
      return happy(m, p, b);
    });
    const app = {
      name: 'Pera',
      address: ADDRESS,
      signTransactions: jest.fn(),
      signChallenge: jest.fn(),
      disconnect: jest.fn(),
    };
    // the wallet app takes 3 s to disconnect: the refresh 2 s after the connect falls inside it
    app.disconnect.mockImplementation(() => new Promise((r) => setTimeout(r, 3000)));
    registerWalletApp('pera', app);
    await store.dispatch(connectWallet({ address: ADDRESS, kind: 'pera' })).unwrap();
    const sub = store.dispatch(usersEndpoints.getUser.initiate(ADDRESS)); // the widget's subscription
    await jest.advanceTimersByTimeAsync(100);
    calls.length = 0;
    const done = store.dispatch(disconnectWallet()).unwrap();
    await jest.advanceTimersByTimeAsync(3500);
    await done;
    expect(atLogout).toBeNull();
    expect(calls.filter((c) => c.method === 'GET' && c.path === `/api/users/${ADDRESS}`)).toEqual([]);
    sub.unsubscribe();
  });

  it('disconnect still returns to the guest when the server cannot revoke the session (already gone)', async () => {
    serve((m, p, b) => (p === '/api/users/logout' ? { status: 401, body: { message: 'No session' } } : happy(m, p, b)));
    const store = createStore();
    await store.dispatch(connectWallet({ address: ADDRESS, kind: 'manual' })).unwrap();
    await store.dispatch(disconnectWallet()).unwrap();
    expect(store.getState().wallet).toMatchObject({ isGuest: true, connected: true });
    expect(storage().getItem('guestUserId')).toMatch(/^GUEST_/);
  });

  it('verifyOwnership: challenge → signer → verify; the slice marks the session verified', async () => {
    const challenge = {
      challengeId: 'c9',
      message: '{}',
      txnB64: 'dHhu',
      arc60: { data: 'e30=', domain: 'casino', authenticatorData: 'YQ==' },
      expiresAt: '2030-01-01T00:00:00Z',
    };
    serve((m, p, b) => {
      if (p === '/api/crypto/ownership/challenge') return { body: challenge };
      if (p === '/api/crypto/ownership/verify')
        return { body: { ownershipVerified: true, expiresAt: '2030-01-02T00:00:00Z' } };
      return happy(m, p, b);
    });
    const store = createStore();
    await store.dispatch(connectWallet({ address: ADDRESS, kind: 'dev' })).unwrap();
    const signer = jest.fn(async () => ({ signedTxnB64: 'c2lnbmVk' }));
    await store.dispatch(verifyOwnership({ sign: signer })).unwrap();
    expect(signer).toHaveBeenCalledWith(challenge);
    expect(calls.find((c) => c.path === '/api/crypto/ownership/challenge')?.body).toEqual({ walletAddress: ADDRESS });
    expect(calls.find((c) => c.path === '/api/crypto/ownership/verify')?.body).toEqual({
      walletAddress: ADDRESS,
      challengeId: 'c9',
      signedTxnB64: 'c2lnbmVk',
    });
    expect(store.getState().wallet.ownershipVerified).toBe(true);
  });

  it('verifyOwnership with the challenge already shown (pasted proof): no new challenge, the ARC-60 fields pass through', async () => {
    serve((m, p, b) =>
      p === '/api/crypto/ownership/verify'
        ? { body: { ownershipVerified: true, expiresAt: '2030-01-02T00:00:00Z' } }
        : happy(m, p, b),
    );
    const store = createStore();
    await store.dispatch(connectWallet({ address: ADDRESS, kind: 'lute' })).unwrap();
    const shown = {
      challengeId: 'c3',
      message: '{}',
      txnB64: 'dHhu',
      arc60: { data: 'e30=', domain: 'casino', authenticatorData: 'YQ==' },
      expiresAt: '2030-01-01T00:00:00Z',
    };
    await store
      .dispatch(
        verifyOwnership({
          sign: async () => ({ signatureB64: 'c2ln', authenticatorDataB64: 'YQ==' }),
          challenge: shown,
        }),
      )
      .unwrap();
    expect(calls.some((c) => c.path === '/api/crypto/ownership/challenge')).toBe(false);
    expect(calls.find((c) => c.path === '/api/crypto/ownership/verify')?.body).toEqual({
      walletAddress: ADDRESS,
      challengeId: 'c3',
      signatureB64: 'c2ln',
      authenticatorDataB64: 'YQ==',
    });
    expect(store.getState().wallet.ownershipVerified).toBe(true);
  });

  it("verifyOwnership reports the server's reason when the proof is refused", async () => {
    serve((m, p, b) => {
      if (p === '/api/crypto/ownership/challenge')
        return {
          body: {
            challengeId: 'c',
            message: '',
            txnB64: 'x',
            arc60: { data: '', domain: '', authenticatorData: '' },
            expiresAt: '',
          },
        };
      if (p === '/api/crypto/ownership/verify')
        return { status: 400, body: { message: 'signature does not match walletAddress' } };
      return happy(m, p, b);
    });
    const store = createStore();
    await store.dispatch(connectWallet({ address: ADDRESS, kind: 'manual' })).unwrap();
    await expect(
      store.dispatch(verifyOwnership({ sign: async () => ({ signedTxnB64: 'x' }) })).unwrap(),
    ).rejects.toMatchObject({ message: 'signature does not match walletAddress' });
    expect(store.getState().wallet.ownershipVerified).toBe(false);
  });

  it('refreshes the user record 2 s after a wallet connects', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    serve((m, p, b) =>
      m === 'GET' && p === `/api/users/${ADDRESS}` ? { body: user({ aminaBalance: '9' }) } : happy(m, p, b),
    );
    const store = createStore();
    await store.dispatch(connectWallet({ address: ADDRESS, kind: 'manual' })).unwrap();
    const sub = store.dispatch(usersEndpoints.getUser.initiate(ADDRESS)); // the widget's subscription
    await jest.advanceTimersByTimeAsync(100);
    const before = calls.filter((c) => c.method === 'GET').length;
    await jest.advanceTimersByTimeAsync(2000);
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(before);
    sub.unsubscribe();
  });

  it("the 2 s refresh is dropped once the player moved on: no read of the guest's record under whatever session comes next", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    serve(happy);
    const store = createStore();
    await store.dispatch(connectWallet({ address: ADDRESS, kind: 'manual' })).unwrap();
    await store.dispatch(disconnectWallet()).unwrap(); // within the 2 s: back to the guest
    const guest = store.getState().wallet.address!;
    expect(guest).toMatch(/^GUEST_/);
    const sub = store.dispatch(usersEndpoints.getUser.initiate(guest)); // the header's subscription
    await jest.advanceTimersByTimeAsync(100);
    calls.length = 0;
    await jest.advanceTimersByTimeAsync(2000);
    expect(calls.filter((c) => c.path === `/api/users/${guest}`)).toEqual([]);
    sub.unsubscribe();
  });
});
