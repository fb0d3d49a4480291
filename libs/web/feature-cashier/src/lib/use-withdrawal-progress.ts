import { useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { WithdrawalStatus, WithdrawResponse } from '@cosmic/contracts';
import { useToast, useWithdrawalStatusQuery } from '@cosmic/web-data-access';
import { WITHDRAWAL_POLL_MS } from './cashier-rules';

/** A withdrawal the server answered 'pending' for (its outcome open), followed until it settles. */
export interface WithdrawalProgress {
  withdrawalId: string;
  txId: string;
  amount: string;
  status: WithdrawalStatus;
  /** Why it was refunded. */
  reason?: string;
}

/**
 * Follows a pending withdrawal: GET /api/crypto/withdrawals/{id} every 3 s until it is confirmed
 * ('Withdrawal Sent') or refunded (the amount is back in the balance), then stops and says so once.
 */
export function useWithdrawalProgress(onSettled: () => void) {
  const { toast } = useToast();
  const [tracked, setTracked] = useState<Pick<WithdrawalProgress, 'withdrawalId' | 'txId' | 'amount'> | null>(null);
  const [settled, setSettled] = useState(false);
  const { data } = useWithdrawalStatusQuery(tracked?.withdrawalId ?? skipToken, {
    pollingInterval: tracked && !settled ? WITHDRAWAL_POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const current = tracked && data?.withdrawalId === tracked.withdrawalId ? data : null;
  const done = useRef(onSettled);
  done.current = onSettled;

  useEffect(() => {
    if (!tracked || settled || !current) return;
    if (current.status === 'confirmed') {
      setSettled(true);
      toast({
        title: 'Withdrawal Sent',
        description: `${tracked.amount} AMINA sent. Transaction ID: ${tracked.txId}`,
        variant: 'success',
      });
      done.current();
    } else if (current.status === 'refunded') {
      setSettled(true);
      toast({
        title: 'Withdrawal Refunded',
        description: `${tracked.amount} AMINA is back in your balance: the transfer ${current.reason ?? 'did not go through'}`,
        variant: 'error',
      });
      done.current();
    }
  }, [tracked, settled, current, toast]);

  const progress: WithdrawalProgress | null = tracked
    ? { ...tracked, status: current?.status ?? 'sending', reason: current?.reason }
    : null;
  return {
    progress,
    /** Starts following a withdrawal answered 'pending'. */
    track: (res: WithdrawResponse, amount: string) => {
      setSettled(false);
      setTracked({ withdrawalId: res.withdrawalId, txId: res.txId, amount });
    },
  };
}
