import { useId, useState } from 'react';
import { Button } from '@cosmic/web-ui';

/** Step 1 of the manual proof: the challenge transaction and message, Copy buttons and how to sign them. */
export function ChallengeBlob({ txnB64, message, expiresAt }: { txnB64: string; message: string; expiresAt: string }) {
  const id = useId();
  return (
    <div className="cc-field">
      <label htmlFor={id}>1. Sign this transaction in any Algorand wallet or CLI</label>
      <textarea
        id={id}
        className="cc-input cc-mono cc-wallet-dialog__blob"
        rows={4}
        readOnly
        value={txnB64}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="cc-wallet-dialog__row">
        <CopyButton text={txnB64} label="Copy transaction" />
        <span className="cc-wallet-dialog__hint">Expires {new Date(expiresAt).toLocaleTimeString()}</span>
      </div>
      <p className="cc-wallet-dialog__hint">
        It is a 0-ALGO payment to yourself that can never be sent: its note is the sign-in message below. With goal:{' '}
        <code>base64 -d &gt; c.txn; goal clerk sign -i c.txn -o s.txn; base64 -w0 s.txn</code>
      </p>
      <details className="cc-wallet-dialog__more">
        <summary>Or sign the message itself (algosdk signBytes)</summary>
        <pre className="cc-mono cc-wallet-dialog__message" data-testid="challenge-message">
          {message}
        </pre>
        <div className="cc-wallet-dialog__row">
          <CopyButton text={message} label="Copy message" />
        </div>
        <p className="cc-wallet-dialog__hint">
          <code>algosdk.signBytes(new TextEncoder().encode(message), sk)</code> signs &quot;MX&quot; + the message;
          paste the 64-byte signature as base64.
        </p>
      </details>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false); // clipboard blocked: the text stays selectable
    }
  };
  return (
    <Button size="sm" onClick={() => void copy()}>
      {copied ? 'Copied' : label}
    </Button>
  );
}
