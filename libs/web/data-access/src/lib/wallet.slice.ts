import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserDto } from '@cosmic/contracts';
import { ownershipEndpoints } from './ownership.api';
import { usersEndpoints } from './users.api';

/**
 * How the wallet was connected: a guest, a typed address (watch-only until proven), or a wallet
 * app through use-wallet: Pera, Defly, Lute, or 'dev' (a devnet demo account through use-wallet's
 * Mnemonic wallet).
 */
export type WalletKind = 'guest' | 'manual' | 'dev' | 'pera' | 'defly' | 'lute';

/** The wallet session. A guest counts as connected (it has a session) but has no wallet. */
export interface WalletState {
  /** idle before the first load's guest/restore, connecting during a connect, ready after. */
  status: 'idle' | 'connecting' | 'ready';
  address: string | null;
  userId: string | null;
  isGuest: boolean;
  connected: boolean;
  /** Whether the wallet has opted in to AMINA; null while unknown (guest, or the chain check failed). */
  optedIn: boolean | null;
  ownershipVerified: boolean;
  walletKind: WalletKind | null;
  /** A screen asked the wallet widget to run "Sign in with wallet" (the widget clears it). */
  signInRequested: boolean;
}

/** The wallet slice's state before anything is connected (also what disconnect returns to). */
export const initialWalletState: WalletState = {
  status: 'idle',
  address: null,
  userId: null,
  isGuest: true,
  connected: false,
  optedIn: null,
  ownershipVerified: false,
  walletKind: null,
  signInRequested: false,
};

export const walletSlice = createSlice({
  name: 'wallet',
  initialState: initialWalletState,
  reducers: {
    connecting(state) {
      state.status = 'connecting';
    },
    sessionStarted(state, { payload }: PayloadAction<{ user: UserDto; kind: WalletKind }>) {
      const { user, kind } = payload;
      return {
        status: 'ready',
        address: user.walletAddress,
        userId: user.id,
        isGuest: user.isGuest,
        connected: true,
        optedIn: null,
        ownershipVerified: user.ownershipVerified,
        walletKind: user.isGuest ? 'guest' : kind,
        signInRequested: false,
      };
    },
    connectFailed(state) {
      state.status = state.connected ? 'ready' : 'idle';
    },
    optInKnown(state, { payload }: PayloadAction<boolean | null>) {
      state.optedIn = payload;
    },
    walletCleared() {
      return initialWalletState;
    },
    signInRequested(state) {
      state.signInRequested = !state.isGuest && state.connected;
    },
    signInHandled(state) {
      state.signInRequested = false;
    },
  },
  extraReducers: (b) => {
    // The polled user record is the source of truth for the session's ownership proof.
    b.addMatcher(usersEndpoints.getUser.matchFulfilled, (state, { payload }) => {
      if (payload.walletAddress !== state.address) return;
      state.userId = payload.id;
      state.ownershipVerified = payload.ownershipVerified;
    });
    b.addMatcher(ownershipEndpoints.verifyOwnership.matchFulfilled, (state, { payload, meta }) => {
      if (meta.arg.originalArgs.walletAddress !== state.address) return;
      state.ownershipVerified = payload?.ownershipVerified === true;
    });
  },
});

/** Wallet slice actions. */
export const walletActions = walletSlice.actions;
