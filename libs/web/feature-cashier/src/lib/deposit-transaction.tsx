import type { FormEvent } from 'react';
import { Button } from '@cosmic/web-ui';
import type { useDeposit } from './use-deposit';

/**
 * Step 2: the unsigned transfer to sign, then sign it with the connected wallet app, or sign it
 * elsewhere and paste back the signed transaction (or the transaction ID once it is sent).
 */
export function DepositTransaction({ deposit }: { deposit: ReturnType<typeof useDeposit> }) {
  const { txn } = deposit;
  if (!txn) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void deposit.submitPasted();
  };
  return (
    <div className="cc-cashier__txn">
      <dl className="cc-cashier__facts">
        <dt>Amount</dt>
        <dd className="cc-mono">{txn.amount} AMINA</dd>
        <dt>Note</dt>
        <dd className="cc-mono">{txn.note}</dd>
      </dl>
      <label className="cc-cashier__field">
        <span>Transaction to sign (base64)</span>
        <textarea
          className="cc-cashier__input cc-cashier__blob cc-mono"
          readOnly
          rows={4}
          value={txn.txnB64}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      {deposit.walletName && (
        <Button variant="primary" disabled={deposit.busy} onClick={() => void deposit.signWithApp()}>
          {deposit.signing ? `Confirm in ${deposit.walletName} Wallet…` : `Sign with ${deposit.walletName} Wallet`}
        </Button>
      )}
      <form className="cc-cashier__form" onSubmit={submit} noValidate>
        <label className="cc-cashier__field">
          <span>Signed transaction or its transaction ID</span>
          <textarea
            className="cc-cashier__input cc-cashier__blob cc-mono"
            rows={3}
            autoComplete="off"
            spellCheck={false}
            value={deposit.txId}
            onChange={(e) => deposit.setTxId(e.target.value)}
          />
        </label>
        <p className="cc-cashier__hint">
          Paste the transfer above once signed (base64): the casino sends it. Sent it yourself? Paste its transaction
          ID.
        </p>
        <div className="cc-cashier__actions">
          <Button variant="ghost" onClick={deposit.back} disabled={deposit.busy}>
            Back
          </Button>
          <Button type="submit" disabled={deposit.busy}>
            Submit Deposit
          </Button>
        </div>
      </form>
    </div>
  );
}
