import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage, useOwnershipChallengeMutation, useToast, useVerifyOwnershipMutation, useWallet } from '@cosmic/web-data-access';
import { Button, Dialog, Spinner } from '@cosmic/web-ui';
import { ChallengeBlob } from './challenge-blob';
import './wallet-dialogs.css';

/** Manual ownership proof: shows the challenge transaction to sign elsewhere, takes the signed blob back. */
export default function VerifyOwnershipDialog({ onClose }: { onClose(): void }) {
  const { address } = useWallet();
  const { toast } = useToast();
  const [getChallenge, challenge] = useOwnershipChallengeMutation();
  const [verify, verifying] = useVerifyOwnershipMutation();
  const [signed, setSigned] = useState('');
  const formId = useId();
  const asked = useRef(false);

  useEffect(() => {
    if (address && !asked.current) void getChallenge(address);
    asked.current = true;
  }, [address, getChallenge]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!address || !challenge.data) return;
    try {
      await verify({ walletAddress: address, challengeId: challenge.data.challengeId, signedTxnB64: signed.trim() }).unwrap();
      toast({ title: 'Ownership verified', description: 'You can now play with AMINA and withdraw.', variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Verification failed', description: errorMessage(err), variant: 'error' });
    }
  };

  const actions = (
    <>
      <Button variant="ghost" onClick={onClose}>Cancel</Button>
      <Button variant="primary" type="submit" form={formId} disabled={!challenge.data || signed.trim() === '' || verifying.isLoading}>
        {verifying.isLoading ? 'Verifying…' : 'Verify'}
      </Button>
    </>
  );
  return (
    <Dialog title="Verify ownership" description="Sign a one-time challenge with your wallet to play with AMINA and withdraw. Nothing is sent to the network." onClose={onClose} actions={actions}>
      {challenge.isLoading && <Spinner label="Preparing the challenge…" />}
      {challenge.isError && (
        <p role="alert" className="cc-wallet-dialog__error">
          {errorMessage(challenge.error)} <Button size="sm" onClick={() => address && void getChallenge(address)}>Retry</Button>
        </p>
      )}
      {challenge.data && (
        <form id={formId} className="cc-wallet-dialog__steps" onSubmit={(e) => void submit(e)}>
          <ChallengeBlob txnB64={challenge.data.txnB64} expiresAt={challenge.data.expiresAt} />
          <div className="cc-field">
            <label htmlFor={`${formId}-signed`}>2. Paste the signed transaction (base64)</label>
            <textarea id={`${formId}-signed`} className="cc-input cc-mono cc-wallet-dialog__blob" rows={4} value={signed} spellCheck={false} onChange={(e) => setSigned(e.target.value)} />
          </div>
        </form>
      )}
    </Dialog>
  );
}
