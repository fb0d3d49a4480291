import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { errorMessage, useToast, useWallet, useWithdrawMutation } from '@cosmic/web-data-access';
import { withdrawalProblem } from './cashier-rules';
import { useWithdrawalLimitsQuery } from './use-withdrawal-limits';

/** The withdrawal form: amount, optional destination (blank = the connected wallet). */
export function useWithdrawal() {
  const wallet = useWallet();
  const { toast } = useToast();
  const [withdraw, state] = useWithdrawMutation();
  const [amount, setAmount] = useState('');
  const [toAddress, setToAddress] = useState('');
  // only a wallet that can withdraw asks; guests and watch-only sessions never show the form
  const { data: limits } = useWithdrawalLimitsQuery(wallet.address && wallet.hasWallet ? wallet.address : skipToken);

  const send = async () => {
    const problem = withdrawalProblem(amount, toAddress, wallet.balances.amina, limits);
    if (problem) return toast({ ...problem, variant: 'error' });
    if (!wallet.address) return toast({ title: 'Withdrawal Failed', description: 'Wallet not connected', variant: 'error' });
    const to = toAddress.trim();
    try {
      const res = await withdraw({ walletAddress: wallet.address, amount: amount.trim(), ...(to ? { toAddress: to } : {}) }).unwrap();
      if (res.status === 'sent') {
        toast({ title: 'Withdrawal Sent', description: `${amount.trim()} AMINA sent. Transaction ID: ${res.txId}`, variant: 'success' });
        setAmount('');
        setToAddress('');
      } else {
        toast({ title: 'Withdrawal Failed', description: res.message || 'Failed to process withdrawal', variant: 'error' });
      }
    } catch (e) {
      toast({ title: 'Withdrawal Failed', description: errorMessage(e, 'Failed to process withdrawal'), variant: 'error' });
    } finally {
      // spec §4: a withdrawal refreshes the balance immediately
      wallet.refreshBalance();
    }
  };

  return { amount, setAmount, toAddress, setToAddress, limits, busy: state.isLoading, send };
}
