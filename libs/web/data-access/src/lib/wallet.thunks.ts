import { createAsyncThunk, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { UserDto } from '@cosmic/contracts';
import { api } from './api';
import { switchPlayer } from './base-query';
import { cryptoEndpoints } from './crypto.api';
import { errorMessage } from './error-message';
import { ownershipEndpoints, type SignInChallenge, type SignInProof } from './ownership.api';
import { showToast } from './toast.slice';
import { usersEndpoints, usersUtil } from './users.api';
import { clearStoredWallet, newGuestId, readStoredWallet, storeGuest, storeWallet } from './wallet-storage';
import { walletAppAfterResume } from './wallet-app';
import { walletActions, type WalletKind, type WalletState } from './wallet.slice';

type State = { wallet: WalletState; api: ReturnType<typeof api.reducer> };
/** Dispatch that runs the wallet thunks and the API's endpoint thunks. */
export type WalletDispatch = ThunkDispatch<State, unknown, UnknownAction>;
type Dispatch = WalletDispatch;
const thunk = createAsyncThunk.withTypes<{ state: State; dispatch: Dispatch }>();

/** An Algorand address: 58 characters, uppercase A-Z and digits 2-7 (the server also checks the checksum). */
export const ALGORAND_ADDRESS = /^[A-Z2-7]{58}$/;
/** The connect function's message for a malformed address. */
export const INVALID_ADDRESS_MESSAGE = 'Invalid Algorand address format (must be 58 characters)';
/** The balance is refreshed 2 s after a wallet connects. */
export const CONNECT_REFRESH_MS = 2000;

/** Signs an ownership challenge: a signed transaction (base64) or an ARC-60 / raw signature. */
export type OwnershipSigner = (challenge: SignInChallenge) => Promise<SignInProof>;

/**
 * The answers to a reload's GET /api/users/{address} that say the session cookie is not this
 * wallet's: none or expired (401), another player's (403), no such player (404). Only then is a
 * new session opened.
 */
const NOT_THIS_SESSION: ReadonlySet<unknown> = new Set([401, 403, 404]);
/** A reload's session read that got no such answer (a 503, a 429, a dropped connection) is tried this many times. */
export const RESUME_TRIES = 4;
/** The wait before the n-th try again: 0.5 s, 1 s, 2 s. */
export const RESUME_BACKOFF_MS = 500;

async function openSession(dispatch: Dispatch, walletAddress: string, resume: boolean): Promise<UserDto> {
  // A reload keeps the session cookie (and its ownership proof) when it still matches. A new session
  // for a wallet is watch-only until the player signs again, so a read that failed for another
  // reason is tried again, never answered with a new session.
  for (let tried = 1; resume; tried++) {
    const existing = await dispatch(
      usersEndpoints.getUser.initiate(walletAddress, { subscribe: false, forceRefetch: true }),
    );
    if (existing.data) {
      if (existing.data.walletAddress === walletAddress) return existing.data;
      break;
    }
    const status = existing.error && 'status' in existing.error ? existing.error.status : undefined;
    if (NOT_THIS_SESSION.has(status)) break;
    if (tried >= RESUME_TRIES) throw existing.error;
    await new Promise((r) => setTimeout(r, RESUME_BACKOFF_MS * 2 ** (tried - 1)));
  }
  return dispatch(usersEndpoints.createUser.initiate({ walletAddress })).unwrap();
}

/** Reads opt-in (and balances) from the chain; a failed check falls back to the direct balance call. */
const checkChain = thunk('wallet/checkChain', async (walletAddress: string, { dispatch, getState }) => {
  try {
    const verified = await dispatch(cryptoEndpoints.verifyWallet.initiate(walletAddress)).unwrap();
    if (getState().wallet.address === walletAddress) dispatch(walletActions.optInKnown(verified.optedIn));
  } catch {
    await dispatch(cryptoEndpoints.cryptoBalance.initiate(walletAddress, { subscribe: false, forceRefetch: true }));
  }
  // the refresh 2 s after connecting, for this wallet only: had the player moved on (disconnected, another wallet
  // connecting) it would refetch another player's record, maybe under the next session's cookie (a
  // 403 the security dashboard rightly counts as session abuse)
  setTimeout(() => {
    if (getState().wallet.address === walletAddress) dispatch(api.util.invalidateTags(['User', 'Balance']));
  }, CONNECT_REFRESH_MS);
});

async function start(
  dispatch: Dispatch,
  walletAddress: string,
  kind: WalletKind,
  resume: boolean,
  resetCache = false,
): Promise<UserDto> {
  dispatch(walletActions.connecting());
  const begin = (user: UserDto) => {
    // Reset only once the new session exists, in the same tick as the switch, so no query of the
    // previous player runs against the new session cookie (a 403).
    if (resetCache) dispatch(api.util.resetApiState());
    dispatch(usersUtil.upsertQueryData('getUser', walletAddress, user));
    dispatch(walletActions.sessionStarted({ user, kind }));
  };
  try {
    const opening = openSession(dispatch, walletAddress, resume);
    // another player's session: the previous player's queries are held while it opens (a poll
    // falling after the new cookie arrived but before the switch: base-query.ts, switchPlayer)
    const user = resetCache ? await switchPlayer(opening, begin) : await opening;
    if (!resetCache) begin(user);
    if (user.isGuest) storeGuest(walletAddress);
    else {
      storeWallet(walletAddress, kind);
      void dispatch(checkChain(walletAddress));
    }
    return user;
  } catch (e) {
    dispatch(walletActions.connectFailed());
    throw new Error(errorMessage(e, 'Could not reach the casino'));
  }
}

/**
 * Starts the guest session: the stored guest id, or a new one (first load, after disconnect).
 * `resume` (a reload) first asks whether the session cookie is still this guest's; after a wallet
 * session the cookie is the wallet's, so asking would only be refused (403, which the security
 * dashboard rightly counts as someone reading another account): the guest id opens its session.
 */
export const startGuest = thunk(
  'wallet/startGuest',
  async ({ resume = true }: { resume?: boolean } | void = {}, { dispatch }) => {
    const stored = readStoredWallet();
    const storedGuest = 'guestId' in stored ? stored.guestId : null;
    return start(dispatch, storedGuest ?? newGuestId(), 'guest', resume && storedGuest !== null);
  },
);

/** First load: restores the stored wallet, else starts a guest. Runs once. */
export const initWallet = thunk(
  'wallet/init',
  async (_: void, { dispatch }) => {
    const stored = readStoredWallet();
    if ('address' in stored) {
      try {
        return await start(dispatch, stored.address, stored.kind, true);
      } catch {
        clearStoredWallet(); // the stored wallet is unusable: play as a guest instead
        return dispatch(startGuest({ resume: false })).unwrap();
      }
    }
    return dispatch(startGuest()).unwrap();
  },
  { condition: (_, { getState }) => getState().wallet.status === 'idle' },
);

/** Connects a wallet address (manual, dev wallet or wallet app): validates, opens the session, checks the chain. */
export const connectWallet = thunk(
  'wallet/connect',
  async ({ address, kind }: { address: string; kind: Exclude<WalletKind, 'guest'> }, { dispatch }) => {
    const walletAddress = address.trim();
    if (!ALGORAND_ADDRESS.test(walletAddress)) throw new Error(INVALID_ADDRESS_MESSAGE);
    return start(dispatch, walletAddress, kind, false, true); // nothing of the previous player may show
  },
);

/**
 * Disconnects: the server revokes the session (POST /api/users/logout), the wallet app
 * disconnects, state, the stored wallet and the data cache are cleared; then the player's own
 * guest (the stored guest id) resumes, or a new one starts.
 */
export const disconnectWallet = thunk('wallet/disconnect', async (_: void, { dispatch, getState }) => {
  const { walletKind: kind, connected } = getState().wallet;
  // The player's state and cached data go first: once the session is revoked, nothing of this
  // player may be read again (a refetch under the revoked cookie is refused, and the security
  // dashboard counts it against the player's address).
  clearStoredWallet();
  dispatch(walletActions.walletCleared());
  dispatch(api.util.resetApiState());
  if (connected) {
    // a session that is already gone (401) or a server that cannot be reached must not keep the
    // player stuck: the guest session below replaces the cookie either way
    await dispatch(usersEndpoints.logout.initiate())
      .unwrap()
      .catch(() => undefined);
  }
  try {
    await (await walletAppAfterResume(kind))?.disconnect();
  } catch {
    // the wallet app may already be gone; the casino side still disconnects
  }
  dispatch(showToast({ title: 'Wallet Disconnected', description: 'You are playing as a guest with House Coins.' }));
  await dispatch(startGuest({ resume: false })).unwrap();
});

async function askChallenge(dispatch: Dispatch, address: string): Promise<SignInChallenge> {
  try {
    return await dispatch(ownershipEndpoints.ownershipChallenge.initiate(address)).unwrap();
  } catch (e) {
    throw new Error(errorMessage(e, 'Could not get a challenge'));
  }
}

/**
 * Proves ownership (sign-in): a challenge (or the one already shown to the player), signed by the
 * given signer, then verified; the session is then proven for 24 h.
 */
export const verifyOwnership = thunk(
  'wallet/verifyOwnership',
  async (
    { sign, challenge: shown }: { sign: OwnershipSigner; challenge?: SignInChallenge },
    { dispatch, getState },
  ) => {
    const { address, isGuest } = getState().wallet;
    if (!address || isGuest) throw new Error('Wallet not connected');
    const challenge: SignInChallenge = shown ?? (await askChallenge(dispatch, address));
    const proof = await sign(challenge);
    try {
      await dispatch(
        ownershipEndpoints.verifyOwnership.initiate({
          walletAddress: address,
          challengeId: challenge.challengeId,
          ...proof,
        }),
      ).unwrap();
    } catch (e) {
      throw new Error(errorMessage(e, 'Ownership proof failed'));
    }
  },
);
