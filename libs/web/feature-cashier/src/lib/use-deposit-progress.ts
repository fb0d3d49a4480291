import { useCallback, useEffect, useRef, useState } from 'react';
import type { NotifyDepositResponse } from '@cosmic/contracts';
import { useNotifyDepositMutation } from '@cosmic/web-data-access';
import { DEPOSIT_POLL_LIMIT_MS, DEPOSIT_POLL_MS } from './cashier-rules';

/** A deposit being followed until it is credited. */
export interface DepositProgress {
  txId: string;
  status: NotifyDepositResponse['status'] | 'timeout';
  amount?: string;
}

/**
 * Follows a notified deposit: re-notifies every 2 s until the API says credited (or parked), for at
 * most 60 s. `onCredited` runs once when it is credited.
 */
export function useDepositProgress(walletAddress: string | null, onCredited: () => void) {
  const [notify] = useNotifyDepositMutation();
  const [progress, setProgress] = useState<DepositProgress | null>(null);
  const credited = useRef(onCredited);
  credited.current = onCredited;

  const track = useCallback((answer: NotifyDepositResponse) => {
    setProgress({ txId: answer.txId, status: answer.status, amount: answer.amount });
    if (answer.status === 'credited') credited.current();
  }, []);

  const pending = progress?.status === 'pending' ? progress.txId : null;
  useEffect(() => {
    if (!pending || !walletAddress) return;
    const started = Date.now();
    let stopped = false;
    const timer = setInterval(() => {
      if (Date.now() - started >= DEPOSIT_POLL_LIMIT_MS) {
        clearInterval(timer);
        setProgress((p) => (p && p.txId === pending ? { ...p, status: 'timeout' } : p));
        return;
      }
      notify({ walletAddress, txId: pending })
        .unwrap()
        .then((answer) => {
          if (stopped || answer.status === 'pending') return;
          clearInterval(timer);
          track(answer);
        })
        .catch(() => undefined); // a failed poll is retried on the next tick
    }, DEPOSIT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pending, walletAddress, notify, track]);

  return { progress, track, clear: () => setProgress(null) };
}
