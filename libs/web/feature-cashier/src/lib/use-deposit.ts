import { useEffect, useRef, useState } from 'react';
import type { BuildDepositResponse } from '@cosmic/contracts';
import {
  errorMessage,
  useBuildDepositMutation,
  useNotifyDepositMutation,
  useSubmitDepositMutation,
  useToast,
  useStoreWallet,
  useWalletAppSigner,
} from '@cosmic/web-data-access';
import { DEPOSIT_REFRESH_MS, depositProblem, txIdProblem } from './cashier-rules';
import { useDepositProgress } from './use-deposit-progress';

/** The cashier's deposit: input → transaction (data to sign, paste field) → back to input. */
export type DepositStep = 'input' | 'transaction';

/** A transaction ID as pasted; anything else pasted is taken for the signed transfer (base64). */
const TX_ID = /^[A-Z2-7]{52}$/;

/**
 * The deposit flow: validation, build, then signed by the connected wallet app (use-wallet, through
 * data-access) and submitted, or signed elsewhere and pasted back (the signed transfer, or the txid
 * of one sent); notify, progress. Anyone may pay into an account, so a watch-only wallet deposits too.
 */
export function useDeposit() {
  const wallet = useStoreWallet();
  const { toast } = useToast();
  const signer = useWalletAppSigner();
  const [build, building] = useBuildDepositMutation();
  const [submit, submitting] = useSubmitDepositMutation();
  const [notify, notifying] = useNotifyDepositMutation();
  const [amount, setAmount] = useState('');
  const [txId, setTxId] = useState('');
  const [step, setStep] = useState<DepositStep>('input');
  const [txn, setTxn] = useState<BuildDepositResponse | null>(null);
  const [signing, setSigning] = useState(false);

  // a deposit notice refreshes the balance after 1 s
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { refreshBalance } = wallet;
  const refreshSoon = () => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(refreshBalance, DEPOSIT_REFRESH_MS);
  };
  useEffect(() => () => void (refreshTimer.current && clearTimeout(refreshTimer.current)), []);
  const progress = useDepositProgress(wallet.address, refreshSoon);

  const fail = (title: string, e: unknown, fallback: string) =>
    toast({ title, description: errorMessage(e, fallback), variant: 'error' });

  /** Validates the amount and builds the unsigned transfer (shown on the transaction step); null when refused. */
  const buildTxn = async (announce = true): Promise<BuildDepositResponse | null> => {
    const problem =
      depositProblem(amount) ??
      (wallet.address ? null : { title: 'Deposit Failed', description: 'Wallet not connected' });
    if (problem || !wallet.address) {
      toast({ ...problem!, variant: 'error' });
      return null;
    }
    try {
      const built = await build({ walletAddress: wallet.address, amount: amount.trim() }).unwrap();
      setTxn(built);
      setTxId('');
      setStep('transaction');
      if (announce)
        toast({
          title: 'Transaction Ready',
          description: `Sign the transfer of ${built.amount} AMINA, then submit it`,
          variant: 'success',
        });
      return built;
    } catch (e) {
      fail('Deposit Failed', e, 'Failed to build deposit transaction');
      return null;
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

  /** Submits signed bytes through the API (only an AMINA transfer from this wallet to the house passes), then notifies. */
  const submitSigned = async (signedTxnB64: string) => {
    if (!wallet.address) return;
    const sent = await submit({ walletAddress: wallet.address, signedTxnB64 }).unwrap();
    setTxId(sent.txId);
    await notifyTxn(sent.txId);
  };

  /**
   * The connected wallet app signs the built transfer exactly as the server built it; the signed
   * bytes are submitted and the deposit notified. A refusal ('Transaction cancelled in your wallet'),
   * an app that is gone or has another account active leaves the transfer on the transaction step.
   */
  const signWithApp = async (built: BuildDepositResponse | null = txn) => {
    if (!built || !signer || !wallet.address) return;
    setSigning(true);
    try {
      const [signedTxnB64] = await signer.signTransactions([built.txnB64]);
      await submitSigned(signedTxnB64);
    } catch (e) {
      fail('Deposit Failed', e, 'Failed to submit deposit transaction');
    } finally {
      setSigning(false);
    }
  };

  /** What was pasted on the transaction step: a transaction ID is notified, a signed transfer submitted first. */
  const submitPasted = async () => {
    const text = txId.trim();
    if (!text || TX_ID.test(text)) return notifyTxn(text);
    try {
      await submitSigned(text.replace(/\s+/g, '')); // base64 copied from a terminal may be wrapped
    } catch (e) {
      fail('Deposit Failed', e, 'Failed to submit deposit transaction');
    }
  };

  /** "Deposit": build, then the wallet app signs and it is submitted, in one step. */
  const depositWithApp = async () => {
    if (!signer) return;
    const built = await buildTxn(false);
    if (built) await signWithApp(built);
  };

  return {
    step,
    amount,
    setAmount,
    txId,
    setTxId,
    txn,
    /** The connected wallet app's name ("Pera"), or null when there is none to sign here (paste the txid instead). */
    walletName: signer?.name ?? null,
    signing,
    busy: building.isLoading || submitting.isLoading || notifying.isLoading || signing,
    progress: progress.progress,
    buildTxn: () => buildTxn(),
    depositWithApp,
    submitPasted,
    signWithApp: () => signWithApp(),
    back: () => setStep('input'),
  };
}
