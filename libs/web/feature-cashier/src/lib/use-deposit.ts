import { useEffect, useRef, useState } from 'react';
import type { BuildDepositResponse } from '@cosmic/contracts';
import {
  errorMessage,
  signWithMnemonic,
  useBuildDepositMutation,
  useDevWalletsQuery,
  useNotifyDepositMutation,
  useSubmitDepositMutation,
  useToast,
  useWallet,
} from '@cosmic/web-data-access';
import { DEPOSIT_REFRESH_MS, depositProblem, txIdProblem } from './cashier-rules';
import { useDepositProgress } from './use-deposit-progress';

/** Spec §4 cashier deposit: input → transaction (data to sign, txid field) → back to input. */
export type DepositStep = 'input' | 'transaction';

/** The deposit flow: validation, build, sign with the dev wallet or paste a txid, notify, progress. */
export function useDeposit() {
  const wallet = useWallet();
  const { toast } = useToast();
  const devWallets = useDevWalletsQuery(undefined, { skip: wallet.walletKind !== 'dev' });
  const [build, building] = useBuildDepositMutation();
  const [submit, submitting] = useSubmitDepositMutation();
  const [notify, notifying] = useNotifyDepositMutation();
  const [amount, setAmount] = useState('');
  const [txId, setTxId] = useState('');
  const [step, setStep] = useState<DepositStep>('input');
  const [txn, setTxn] = useState<BuildDepositResponse | null>(null);
  const [signing, setSigning] = useState(false);

  // spec §4: a deposit notice refreshes the balance after 1 s
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { refreshBalance } = wallet;
  const refreshSoon = () => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(refreshBalance, DEPOSIT_REFRESH_MS);
  };
  useEffect(() => () => void (refreshTimer.current && clearTimeout(refreshTimer.current)), []);
  const progress = useDepositProgress(wallet.address, refreshSoon);

  const devAccount = wallet.walletKind === 'dev' ? devWallets.data?.find((w) => w.address === wallet.address) ?? null : null;

  const fail = (title: string, e: unknown, fallback: string) => toast({ title, description: errorMessage(e, fallback), variant: 'error' });

  /** Validates the amount and builds the unsigned transfer. */
  const buildTxn = async () => {
    const problem = depositProblem(amount);
    if (problem) return toast({ ...problem, variant: 'error' });
    if (!wallet.address) return toast({ title: 'Deposit Failed', description: 'Wallet not connected', variant: 'error' });
    try {
      const built = await build({ walletAddress: wallet.address, amount: amount.trim() }).unwrap();
      setTxn(built);
      setTxId('');
      setStep('transaction');
      toast({ title: 'Transaction Ready', description: `Sign the transfer of ${built.amount} AMINA, then submit it`, variant: 'success' });
    } catch (e) {
      fail('Deposit Failed', e, 'Failed to build deposit transaction');
    }
  };

  /** Notifies the API of a signed transfer; back to input on success. */
  const notifyTxn = async (id = txId) => {
    const problem = txIdProblem(id);
    if (problem) return toast({ ...problem, variant: 'error' });
    if (!wallet.address) return;
    try {
      const answer = await notify({ walletAddress: wallet.address, txId: id.trim() }).unwrap();
      const credited = answer.status === 'credited';
      toast({
        title: 'Deposit Submitted',
        description: credited ? `${answer.amount ?? ''} AMINA credited`.trim() : 'It will be credited when confirmed',
        variant: 'success',
      });
      progress.track(answer);
      if (!credited) refreshSoon();
      setStep('input');
      setTxn(null);
      setAmount('');
      setTxId('');
    } catch (e) {
      fail('Notification Failed', e, 'Failed to notify deposit');
    }
  };

  /** Dev wallet: sign here with the demo key, submit, then notify. */
  const signAndSubmit = async () => {
    if (!txn || !devAccount || !wallet.address) return;
    setSigning(true);
    try {
      const signedTxnB64 = await signWithMnemonic(txn.txnB64, devAccount.mnemonic);
      const sent = await submit({ walletAddress: wallet.address, signedTxnB64 }).unwrap();
      setTxId(sent.txId);
      await notifyTxn(sent.txId);
    } catch (e) {
      fail('Deposit Failed', e, 'Failed to submit deposit transaction');
    } finally {
      setSigning(false);
    }
  };

  return {
    step,
    amount,
    setAmount,
    txId,
    setTxId,
    txn,
    canSignHere: devAccount !== null,
    busy: building.isLoading || submitting.isLoading || notifying.isLoading || signing,
    progress: progress.progress,
    buildTxn,
    notifyTxn: () => notifyTxn(),
    signAndSubmit,
    back: () => setStep('input'),
  };
}
