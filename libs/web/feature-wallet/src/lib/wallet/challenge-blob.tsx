import { useId, useState } from 'react';
import { Button } from '@cosmic/web-ui';

/** Step 1 of the manual proof: the unsigned challenge transaction, a Copy button and how to sign it. */
export function ChallengeBlob({ txnB64, expiresAt }: { txnB64: string; expiresAt: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(txnB64);
      setCopied(true);
    } catch {
      setCopied(false); // clipboard blocked: the text stays selectable
    }
  };
  return (
    <div className="cc-field">
      <label htmlFor={id}>1. Sign this transaction in any Algorand wallet or CLI</label>
      <textarea id={id} className="cc-input cc-mono cc-wallet-dialog__blob" rows={4} readOnly value={txnB64} onFocus={(e) => e.currentTarget.select()} />
      <div className="cc-wallet-dialog__row">
        <Button size="sm" onClick={() => void copy()}>{copied ? 'Copied' : 'Copy'}</Button>
        <span className="cc-wallet-dialog__hint">Expires {new Date(expiresAt).toLocaleTimeString()}</span>
      </div>
      <p className="cc-wallet-dialog__hint">
        It is a 0-ALGO payment to yourself that can never be sent: its note carries the challenge. With goal:{' '}
        <code>base64 -d &gt; c.txn; goal clerk sign -i c.txn -o s.txn; base64 -w0 s.txn</code>
      </p>
    </div>
  );
}
