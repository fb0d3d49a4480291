import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAnchorChainQuery, useBetReceiptQuery } from './anchors.api';
import { errorMessage } from './error-message';

/** While a bet waits for its anchor, its receipt is asked for again this often. */
const PENDING_POLL_MS = 5_000;

/**
 * A bet's anchor for the bet details dialog: its receipt (asked again while pending) and, once
 * anchored, its transaction as the API reads it from the indexer; the check itself is the caller's.
 */
export function useBetAnchor(betId: string) {
  const [polling, setPolling] = useState(false);
  const receipt = useBetReceiptQuery(betId, { pollingInterval: polling ? PENDING_POLL_MS : 0 });
  const status = receipt.data?.status;
  useEffect(() => setPolling(status === 'pending'), [status]);
  const anchorId = receipt.data?.status === 'anchored' ? receipt.data.anchor : null;
  const chain = useAnchorChainQuery(anchorId ?? skipToken);
  const error = receipt.isError
    ? errorMessage(receipt.error, 'The anchor receipt could not be loaded.')
    : chain.isError
      ? errorMessage(chain.error, 'The anchoring transaction could not be read from the chain.')
      : null;
  return { receipt: receipt.data, chain: chain.data, error };
}
