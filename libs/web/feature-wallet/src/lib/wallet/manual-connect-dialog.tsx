import { type FormEvent, useId, useState } from 'react';
import { ADDRESS_LENGTH, parseAddress } from '@cosmic/algorand';
import { errorMessage, useToast, useStoreWallet } from '@cosmic/web-data-access';
import { Button, Dialog } from '@cosmic/web-ui';
import { shortAddress } from './format';
import './wallet-dialogs.css';

/** Texts of the manual dialog. */
export const MANUAL_TEXT = {
  title: 'Enter Wallet Address',
  hint: 'Address must be exactly 58 characters',
  invalidTitle: 'Invalid Address',
  invalidDescription: 'Please enter a valid 58-character Algorand wallet address',
  connected: 'Manual Wallet Connected!',
  failed: 'Connection Failed',
} as const;

/** 'Manual' dialog: a 58-character address (format and checksum checked), Cancel and Connect. */
export default function ManualConnectDialog({ onClose }: { onClose(): void }) {
  const wallet = useStoreWallet();
  const { toast } = useToast();
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const hintId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = address.trim();
    if (!parseAddress(value).ok) {
      toast({ title: MANUAL_TEXT.invalidTitle, description: MANUAL_TEXT.invalidDescription, variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      await wallet.connect(value, 'manual');
      toast({
        title: MANUAL_TEXT.connected,
        description: `${shortAddress(value)} is connected watch-only: sign in with your wallet to play with it.`,
        variant: 'success',
      });
      onClose();
    } catch (err) {
      toast({ title: MANUAL_TEXT.failed, description: errorMessage(err), variant: 'error' });
      setBusy(false);
    }
  };

  const actions = (
    <>
      <Button variant="ghost" onClick={onClose}>
        Cancel
      </Button>
      <Button variant="primary" type="submit" form={formId} disabled={address.length !== ADDRESS_LENGTH || busy}>
        {busy ? 'Connecting…' : 'Connect'}
      </Button>
    </>
  );
  return (
    <Dialog
      title={MANUAL_TEXT.title}
      description="Your Algorand address. It connects watch-only until you prove you own it."
      onClose={onClose}
      actions={actions}
    >
      <form id={formId} className="cc-field" onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${formId}-address`}>Wallet address</label>
        <input
          id={`${formId}-address`}
          className="cc-input cc-mono cc-wallet-dialog__address"
          value={address}
          maxLength={ADDRESS_LENGTH}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          placeholder="58 characters: A–Z and 2–7"
          aria-describedby={hintId}
          data-autofocus
          onChange={(e) => setAddress(e.target.value.replace(/\s/g, ''))}
        />
        <p id={hintId} className="cc-wallet-dialog__hint">
          <span>{MANUAL_TEXT.hint}</span>
          <span className="cc-wallet-dialog__count" aria-hidden="true">
            {address.length}/{ADDRESS_LENGTH}
          </span>
        </p>
      </form>
    </Dialog>
  );
}
