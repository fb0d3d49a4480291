import type { FormEvent } from 'react';
import { Button } from '@cosmic/web-ui';
import type { useDeposit } from './use-deposit';

/** Step 2: the unsigned transfer to sign, then sign with the connected wallet app or paste the txid of one signed elsewhere. */
export function DepositTransaction({ deposit }: { deposit: ReturnType<typeof useDeposit> }) {
  const { txn } = deposit;
  if (!txn) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void deposit.notifyTxn();
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
          <span>Transaction ID (signed and sent elsewhere)</span>
          <input
            className="cc-cashier__input cc-mono"
            autoComplete="off"
            spellCheck={false}
            value={deposit.txId}
            onChange={(e) => deposit.setTxId(e.target.value)}
          />
        </label>
        <div className="cc-cashier__actions">
          <Button variant="ghost" onClick={deposit.back} disabled={deposit.busy}>
            Back
          </Button>
          <Button type="submit" disabled={deposit.busy}>
            Notify Deposit
          </Button>
        </div>
      </form>
    </div>
  );
}
