import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatAmount } from '@cosmic/algorand';
import { AMINA_MIN_BET, type BettingLimitsResponse } from '@cosmic/contracts';
import { useBettingLimitsQuery } from './crypto.api';
import { useRequestAddress } from './use-wallet';

const AMINA_MIN = formatAmount(AMINA_MIN_BET);
/** Limits once a wallet is connected, before the server answers: the API's minimum, and its default maximum (BET_MAX_AMINA). */
export const CONNECTED_LIMITS: BettingLimitsResponse = { min: AMINA_MIN, max: '1.0' };
/** Limits before loading and after disconnect: nothing above the minimum AMINA bet. */
export const DISCONNECTED_LIMITS: BettingLimitsResponse = { min: AMINA_MIN, max: AMINA_MIN };

/** Betting limits are fresh for 30 s; a screen that stays open reads them again then. */
export const BETTING_LIMITS_TTL_MS = 30_000;

/**
 * The limits alone, not the query's state: every game's bet panel reads them, and a poll's start
 * and its unchanged answer would otherwise render the whole game, at once, twice every 30 s.
 */
const limitsOnly = ({ data }: { data?: BettingLimitsResponse }) => ({ data });

/**
 * AMINA betting limits, only for a connected non-guest wallet: cached 30 s and read again every
 * 30 s while a screen uses them (the bankroll cap behind each game's max moves with the house's funds).
 */
export function useBettingLimits(): BettingLimitsResponse {
  const address = useRequestAddress('wallet');
  const { data } = useBettingLimitsQuery(address ?? skipToken, {
    pollingInterval: BETTING_LIMITS_TTL_MS,
    skipPollingIfUnfocused: true,
    selectFromResult: limitsOnly,
  });
  return data ?? (address ? CONNECTED_LIMITS : DISCONNECTED_LIMITS);
}
