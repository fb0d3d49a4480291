import { useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { BettingLimitsResponse } from '@cosmic/contracts';
import { useBettingLimitsQuery } from './crypto.api';
import type { WalletState } from './wallet.slice';

/** Spec §3: limits once a wallet is connected, before the server answers. */
export const CONNECTED_LIMITS: BettingLimitsResponse = { min: '0.001', max: '1.0' };
/** Spec §3: limits before loading and after disconnect. */
export const DISCONNECTED_LIMITS: BettingLimitsResponse = { min: '0.001', max: '0.001' };

/** Spec §9: betting limits are fresh for 30 s; a screen that stays open reads them again then. */
export const BETTING_LIMITS_TTL_MS = 30_000;

/**
 * AMINA betting limits, only for a connected non-guest wallet: cached 30 s and read again every
 * 30 s while a screen uses them (the bankroll cap behind each game's max moves with the house's funds).
 */
export function useBettingLimits(): BettingLimitsResponse {
  const { connected, isGuest, address } = useSelector((s: { wallet: WalletState }) => s.wallet);
  const hasWallet = connected && !isGuest && address !== null;
  const { data } = useBettingLimitsQuery(hasWallet ? address : skipToken, {
    pollingInterval: BETTING_LIMITS_TTL_MS,
    skipPollingIfUnfocused: true,
  });
  return data ?? (hasWallet ? CONNECTED_LIMITS : DISCONNECTED_LIMITS);
}
