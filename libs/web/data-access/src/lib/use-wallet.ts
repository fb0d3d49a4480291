import { useCallback, useMemo } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatAmount, parseAmount } from '@cosmic/algorand';
import { STARTING_HC, type UserDto } from '@cosmic/contracts';
import { type BalanceRevealState, shownBalance } from './balance-reveal.slice';
import type { SignInChallenge } from './ownership.api';
import { useGetUserQuery } from './users.api';
import { walletActions, type WalletKind, type WalletState } from './wallet.slice';
import {
  connectWallet,
  disconnectWallet,
  initWallet,
  verifyOwnership,
  type OwnershipSigner,
  type WalletDispatch,
} from './wallet.thunks';

/** The balance is polled every 10 s from the user record. */
export const BALANCE_POLL_MS = 10_000;

/** Balances in base units (8 decimals) with display strings. */
export interface WalletBalances {
  amina: bigint;
  hc: bigint;
  /** AMINA with 3 decimals, as the wallet widget shows it. */
  aminaText: string;
  hcText: string;
}

const units = (text: string | undefined, fallback: bigint) => {
  const r = text === undefined ? null : parseAmount(text);
  return r?.ok ? r.value : fallback;
};

/** Balances from a user record; 0 AMINA and the starting 1000 HC when there is none. */
export function balancesOf(user: Pick<UserDto, 'aminaBalance' | 'houseBalance'> | undefined): WalletBalances {
  const amina = units(user?.aminaBalance, 0n);
  const hc = units(user?.houseBalance, STARTING_HC);
  return { amina, hc, aminaText: formatAmount(amina, { decimals: 3 }), hcText: formatAmount(hc) };
}

/** Balances as the screen shows them: wins a game has not revealed yet are left out (balance-reveal.slice). */
export function shownBalances(balances: WalletBalances, reveal: BalanceRevealState | undefined): WalletBalances {
  const amina = shownBalance(reveal, 'AMINA', balances.amina);
  const hc = shownBalance(reveal, 'HC', balances.hc);
  if (amina === balances.amina && hc === balances.hc) return balances;
  return { amina, hc, aminaText: formatAmount(amina, { decimals: 3 }), hcText: formatAmount(hc) };
}

/**
 * Whose data a request may name: any session (a guest too), a player who may play (not a typed,
 * watch-only address) or a real wallet (not a guest).
 */
export type RequestParty = 'session' | 'player' | 'wallet';

const requestAddress: Record<RequestParty, (w: WalletState) => string | null> = {
  session: (w) => (w.connected && w.address ? w.address : null),
  player: (w) => (w.connected && w.address && (w.isGuest || w.ownershipVerified) ? w.address : null),
  wallet: (w) => (w.connected && !w.isGuest && w.address ? w.address : null),
};

/**
 * The address a request names, read from the store at once (null when the session has none of
 * that kind). The screens' useWallet (wallet-provider.tsx) follows the store a render later: a
 * request made from it just after the player changed would name the previous player under the new
 * player's session cookie, which the server refuses and the security dashboard counts as session
 * abuse. A string, so the component re-renders only when the address itself changes.
 */
export function useRequestAddress(party: RequestParty = 'session'): string | null {
  return useSelector((s: { wallet: WalletState }) => requestAddress[party](s.wallet));
}

/**
 * The same address read when it is called, for a screen that names it only in the calls it sends
 * (a bet): it does not render the screen when the session starts or changes, as useRequestAddress
 * does. A stable function; '' when the session has none of that kind.
 */
export function useRequestAddressReader(party: RequestParty = 'session'): () => string {
  const store = useStore<{ wallet: WalletState }>();
  return useCallback(() => requestAddress[party](store.getState().wallet) ?? '', [store, party]);
}

/**
 * The wallet: session state, balances (polled every 10 s; a win still being animated is left out
 * until its game reveals it) and the connect / disconnect / verify
 * actions. Every action resolves when done and rejects with an Error whose message is shown as is.
 * Read straight from the store: WalletProvider (wallet-provider.tsx) gives its answer to the
 * screens, which read it with useWallet a render later. The header's wallet widget
 * (wallet-widget.tsx says why) and the cashier's money flows call it themselves; a screen that
 * only names the address in a request reads useRequestAddress.
 */
export function useStoreWallet() {
  const dispatch = useDispatch<WalletDispatch>();
  const state = useSelector((s: { wallet: WalletState }) => s.wallet);
  const { data: user, refetch } = useGetUserQuery(state.connected && state.address ? state.address : skipToken, {
    pollingInterval: BALANCE_POLL_MS,
  });
  const reveal = useSelector((s: { balanceReveal?: BalanceRevealState }) => s.balanceReveal);
  const balances = useMemo(() => shownBalances(balancesOf(user), reveal), [user, reveal]);

  const init = useCallback(() => void dispatch(initWallet()), [dispatch]);
  const connect = useCallback(
    (address: string, kind: Exclude<WalletKind, 'guest'>) => dispatch(connectWallet({ address, kind })).unwrap(),
    [dispatch],
  );
  const disconnect = useCallback(() => dispatch(disconnectWallet()).unwrap(), [dispatch]);
  const verify = useCallback(
    (sign: OwnershipSigner, challenge?: SignInChallenge) => dispatch(verifyOwnership({ sign, challenge })).unwrap(),
    [dispatch],
  );
  const requestSignIn = useCallback(() => void dispatch(walletActions.signInRequested()), [dispatch]);
  const hasWallet = state.connected && !state.isGuest;

  return useMemo(
    () => ({
      ...state,
      /** A real (non-guest) wallet is connected. */
      hasWallet,
      /** A wallet is connected but this session has not proven its key: it may read, not play. */
      watchOnly: hasWallet && !state.ownershipVerified,
      user,
      balances,
      refreshBalance: () => void (state.connected && refetch()),
      init,
      connect,
      disconnect,
      verify,
      /** Asks the header's wallet widget to sign in with the wallet (from any screen, e.g. a bet panel). */
      requestSignIn,
    }),
    [state, hasWallet, user, balances, refetch, init, connect, disconnect, verify, requestSignIn],
  );
}
