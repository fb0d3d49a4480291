import { useMemo } from 'react';
import { useBetDetailsQuery } from './bet-details.api';
import { errorMessage, errorStatus } from './error-message';
import { useSeedActions } from './use-seed-actions';
import { useRequestAddress } from './use-wallet';

/**
 * One bet for the bet details dialog: the bet (re-read when its pair is revealed), why it could
 * not be loaded, and on the player's own sealed bet the seed rotation that reveals it.
 */
export function useBetDetails(betId: string) {
  const { data, isLoading, isError, error } = useBetDetailsQuery(betId);
  const address = useRequestAddress();
  const seeds = useSeedActions(address ?? '');
  const { blocked, rotating, rotate } = seeds;
  const reveal = useMemo(
    () => (data?.mine && address && !data.serverSeed ? { blocked, busy: rotating, rotate: () => void rotate() } : null),
    [data?.mine, data?.serverSeed, address, blocked, rotating, rotate],
  );
  const why = isError
    ? errorStatus(error) === 404
      ? `There is no bet #${betId}.`
      : errorMessage(error, 'This bet could not be loaded.')
    : null;
  return { details: data, loading: isLoading, error: why, reveal };
}
