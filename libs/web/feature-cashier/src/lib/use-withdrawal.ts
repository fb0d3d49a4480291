import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { WithdrawResponse } from '@cosmic/contracts';
import {
  errorMessage,
  type SignInChallenge,
  useToast,
  useStoreWallet,
  useWalletAppSigner,
  useWithdrawChallengeMutation,
  useWithdrawMutation,
  type WithdrawRequest,
} from '@cosmic/web-data-access';
import { withdrawalProblem } from './cashier-rules';
import { useWithdrawalLimitsQuery } from './use-withdrawal-limits';
import { useWithdrawalProgress } from './use-withdrawal-progress';

/** A withdrawal to another address waiting for its challenge to be signed elsewhere and pasted. */
export interface SignElsewhere {
  challenge: SignInChallenge;
  request: WithdrawRequest & { toAddress: string };
  /** The sentence the wallet signs ("Withdraw 0.5 AMINA from Cosmic Casino to …"). */
  statement: string;
}

function statementOf(challenge: SignInChallenge): string {
  try {
    const statement = (JSON.parse(challenge.message) as { statement?: unknown }).statement;
    return typeof statement === 'string' ? statement : challenge.message;
  } catch {
    return challenge.message;
  }
}

/**
 * The withdrawal form: amount, optional destination (blank = the connected wallet). To another
 * address the server asks for a signed challenge naming it and the amount: the connected wallet
 * app signs it (the same signing as sign-in), or it is signed elsewhere and pasted. A withdrawal
 * answered 'pending' is followed until it is sent or refunded.
 */
export function useWithdrawal() {
  const wallet = useStoreWallet();
  const { toast } = useToast();
  const signer = useWalletAppSigner();
  const [withdraw, state] = useWithdrawMutation();
  const [askChallenge, asking] = useWithdrawChallengeMutation();
  const [amount, setAmount] = useState('');
  const [toAddress, setToAddress] = useState('');
  const [elsewhere, setElsewhere] = useState<SignElsewhere | null>(null);
  const [signing, setSigning] = useState(false);
  const tracker = useWithdrawalProgress(wallet.refreshBalance);
  // only a proven wallet can withdraw; guests and watch-only sessions never see the form
  const { data: limits } = useWithdrawalLimitsQuery(
    wallet.address && wallet.hasWallet && wallet.ownershipVerified ? wallet.address : skipToken,
  );

  const failed = (e: unknown, fallback = 'Failed to process withdrawal') =>
    toast({ title: 'Withdrawal Failed', description: errorMessage(e, fallback), variant: 'error' });

  const answered = (res: WithdrawResponse, sent: string) => {
    if (res.status === 'sent') {
      toast({
        title: 'Withdrawal Sent',
        description: `${sent} AMINA sent. Transaction ID: ${res.txId}`,
        variant: 'success',
      });
    } else {
      // the outcome is open (the node did not answer): never "failed", it is followed until settled
      toast({
        title: 'Withdrawal Pending',
        description: `${sent} AMINA is on its way. Transaction ID: ${res.txId}`,
        variant: 'default',
      });
      tracker.track(res, sent);
    }
    setAmount('');
    setToAddress('');
    setElsewhere(null);
  };

  const submit = async (body: WithdrawRequest) => {
    try {
      answered(await withdraw(body).unwrap(), body.amount);
    } catch (e) {
      failed(e);
    } finally {
      // a withdrawal refreshes the balance immediately
      wallet.refreshBalance();
    }
  };

  const send = async () => {
    const problem = withdrawalProblem(amount, toAddress, wallet.balances.amina, limits);
    if (problem) return toast({ ...problem, variant: 'error' });
    if (!wallet.address)
      return toast({ title: 'Withdrawal Failed', description: 'Wallet not connected', variant: 'error' });
    const to = toAddress.trim();
    const request = { walletAddress: wallet.address, amount: amount.trim(), ...(to ? { toAddress: to } : {}) };
    if (!to || to === wallet.address) return submit(request);

    // another address: the proven wallet signs a challenge naming the destination and the amount
    let challenge: SignInChallenge;
    try {
      challenge = await askChallenge({ walletAddress: wallet.address, amount: request.amount, toAddress: to }).unwrap();
    } catch (e) {
      return failed(e);
    }
    if (!signer)
      return setElsewhere({ challenge, request: { ...request, toAddress: to }, statement: statementOf(challenge) });
    setSigning(true);
    try {
      const proof = await signer.signChallenge(challenge);
      await submit({ ...request, challengeId: challenge.challengeId, ...proof });
    } catch (e) {
      failed(e);
    } finally {
      setSigning(false);
    }
  };

  /** Sends the withdrawal to another address with the challenge transaction signed elsewhere (base64). */
  const sendSignedElsewhere = async (signedTxnB64: string) => {
    if (!elsewhere) return;
    if (!signedTxnB64.trim())
      return toast({
        title: 'Missing Signature',
        description: 'Paste the signed withdrawal transaction (base64)',
        variant: 'error',
      });
    await submit({
      ...elsewhere.request,
      challengeId: elsewhere.challenge.challengeId,
      signedTxnB64: signedTxnB64.trim(),
    });
  };

  return {
    amount,
    setAmount,
    toAddress,
    setToAddress,
    limits,
    /** The connected wallet app's name ("Pera"), or null (a challenge is then signed elsewhere and pasted). */
    walletName: signer?.name ?? null,
    signing,
    busy: state.isLoading || asking.isLoading || signing,
    send,
    elsewhere,
    sendSignedElsewhere,
    cancelElsewhere: () => setElsewhere(null),
    progress: tracker.progress,
  };
}
