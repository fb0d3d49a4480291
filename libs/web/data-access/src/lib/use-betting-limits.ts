import { useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { BettingLimitsResponse } from '@cosmic/contracts';
import { useBettingLimitsQuery } from './crypto.api';
import type { WalletState } from './wallet.slice';

/** Spec §3: limits once a wallet is connected, before the server answers. */
export const CONNECTED_LIMITS: BettingLimitsResponse = { min: '0.001', max: '1.0' };
/** Spec §3: limits before loading and after disconnect. */
export const DISCONNECTED_LIMITS: BettingLimitsResponse = { min: '0.001', max: '0.001' };

/** AMINA betting limits: fetched (cached 30 s) only for a connected non-guest wallet. */
export function useBettingLimits(): BettingLimitsResponse {
  const { connected, isGuest, address } = useSelector((s: { wallet: WalletState }) => s.wallet);
  const hasWallet = connected && !isGuest && address !== null;
  const { data } = useBettingLimitsQuery(hasWallet ? address : skipToken);
  return data ?? (hasWallet ? CONNECTED_LIMITS : DISCONNECTED_LIMITS);
}
