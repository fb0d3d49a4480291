import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  errorMessage,
  type SignInProof,
  useOwnershipChallengeMutation,
  useToast,
  useStoreWallet,
} from '@cosmic/web-data-access';
import { Button, Dialog, Spinner } from '@cosmic/web-ui';
import { ChallengeBlob } from './challenge-blob';
import { SIGN_IN_TEXT } from './connectors/wallet-texts';
import './wallet-dialogs.css';

/** A pasted proof: 64 bytes is a raw ed25519 signature over "MX" + message, anything longer a signed transaction. */
export function pastedProof(text: string): SignInProof {
  const b64 = text.replace(/\s/g, '');
  let length = 0;
  try {
    length = atob(b64).length;
  } catch {
    // not base64: the server says so
  }
  return length === 64 ? { signatureB64: b64 } : { signedTxnB64: b64 };
}

/** Proving ownership with a signature made elsewhere: shows the challenge, takes the signed transaction or signature back. */
export default function VerifyOwnershipDialog({ onClose }: { onClose(): void }) {
  const { address, verify } = useStoreWallet();
  const { toast } = useToast();
  const [getChallenge, challenge] = useOwnershipChallengeMutation();
  const [signed, setSigned] = useState('');
  const [verifying, setVerifying] = useState(false);
  const formId = useId();
  const asked = useRef(false);

  useEffect(() => {
    if (address && !asked.current) void getChallenge(address);
    asked.current = true;
  }, [address, getChallenge]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const issued = challenge.data;
    if (!address || !issued) return;
    setVerifying(true);
    try {
      // the wallet thunk verifies the challenge shown here (it asks for it again only if none is given)
      await verify(async () => pastedProof(signed), issued);
      toast({
        title: SIGN_IN_TEXT.signedIn,
        description: SIGN_IN_TEXT.signedInDescription(address),
        variant: 'success',
      });
      onClose();
    } catch (err) {
      toast({ title: 'Verification failed', description: errorMessage(err), variant: 'error' });
      setVerifying(false);
    }
  };

  const actions = (
    <>
      <Button variant="ghost" onClick={onClose}>
        Cancel
      </Button>
      <Button
        variant="primary"
        type="submit"
        form={formId}
        disabled={!challenge.data || signed.trim() === '' || verifying}
      >
        {verifying ? 'Verifying…' : 'Verify'}
      </Button>
    </>
  );
  return (
    <Dialog
      title="Prove ownership"
      description="Sign this one-time challenge with the account's key anywhere (wallet, goal, algosdk), then paste the result. Nothing is sent to the network."
      onClose={onClose}
      actions={actions}
    >
      {challenge.isLoading && <Spinner label="Preparing the challenge…" />}
      {challenge.isError && (
        <p role="alert" className="cc-wallet-dialog__error">
          {errorMessage(challenge.error)}{' '}
          <Button size="sm" onClick={() => address && void getChallenge(address)}>
            Retry
          </Button>
        </p>
      )}
      {challenge.data && (
        <form id={formId} className="cc-wallet-dialog__steps" onSubmit={(e) => void submit(e)}>
          <ChallengeBlob
            txnB64={challenge.data.txnB64}
            message={challenge.data.message}
            expiresAt={challenge.data.expiresAt}
          />
          <div className="cc-field">
            <label htmlFor={`${formId}-signed`}>2. Paste the signed transaction or the signature (base64)</label>
            <textarea
              id={`${formId}-signed`}
              className="cc-input cc-mono cc-wallet-dialog__blob"
              rows={4}
              value={signed}
              spellCheck={false}
              onChange={(e) => setSigned(e.target.value)}
            />
          </div>
        </form>
      )}
    </Dialog>
  );
}
