import { type FormEvent, useState } from 'react';
import { Button, Card } from '@cosmic/web-ui';
import { withdrawalLimitsHint } from './cashier-rules';
import type { SignElsewhere, useWithdrawal } from './use-withdrawal';
import { WithdrawalStatus } from './withdrawal-status';

/** Withdraw AMINA to the connected wallet or another opted-in address (signed by the wallet), and the last pending one's progress. */
export function WithdrawCard({ withdrawal }: { withdrawal: ReturnType<typeof useWithdrawal> }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void withdrawal.send();
  };
  const elsewhere = withdrawal.toAddress.trim() !== '';
  return (
    <Card className="cc-cashier__panel" aria-labelledby="cashier-withdraw-title">
      <h2 id="cashier-withdraw-title" className="cc-cashier__heading">
        Withdraw AMINA
      </h2>
      {withdrawal.elsewhere ? (
        <SignElsewhereForm
          pending={withdrawal.elsewhere}
          busy={withdrawal.busy}
          onSend={(signed) => void withdrawal.sendSignedElsewhere(signed)}
          onCancel={withdrawal.cancelElsewhere}
        />
      ) : (
        <form className="cc-cashier__form" onSubmit={submit} noValidate>
          <label className="cc-cashier__field">
            <span>Withdrawal amount (AMINA)</span>
            <input
              className="cc-cashier__input"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00000000"
              aria-describedby="cashier-withdraw-limits"
              value={withdrawal.amount}
              onChange={(e) => withdrawal.setAmount(e.target.value)}
            />
          </label>
          <p id="cashier-withdraw-limits" className="cc-cashier__hint">
            {withdrawal.limits
              ? withdrawalLimitsHint(withdrawal.limits)
              : 'Withdrawals have a minimum and a daily maximum per player.'}
          </p>
          <label className="cc-cashier__field">
            <span>Destination address (optional)</span>
            <input
              className="cc-cashier__input cc-mono"
              autoComplete="off"
              spellCheck={false}
              placeholder="Blank = your connected wallet"
              aria-describedby="cashier-withdraw-to"
              value={withdrawal.toAddress}
              onChange={(e) => withdrawal.setToAddress(e.target.value)}
            />
          </label>
          <p id="cashier-withdraw-to" className="cc-cashier__hint">
            {elsewhere
              ? withdrawal.walletName
                ? `Your ${withdrawal.walletName} Wallet signs this withdrawal to another address.`
                : 'To another address you sign the withdrawal with your wallet first.'
              : 'Blank sends it to your signed-in wallet.'}
          </p>
          <Button type="submit" variant="primary" disabled={withdrawal.busy}>
            {withdrawal.signing
              ? `Confirm in ${withdrawal.walletName} Wallet…`
              : withdrawal.busy
                ? 'Sending…'
                : 'Withdraw'}
          </Button>
        </form>
      )}
      <WithdrawalStatus progress={withdrawal.progress} />
    </Card>
  );
}

/** No wallet app to sign here: the challenge transaction to sign elsewhere, and the signed one pasted back. */
function SignElsewhereForm({
  pending,
  busy,
  onSend,
  onCancel,
}: {
  pending: SignElsewhere;
  busy: boolean;
  onSend(signedTxnB64: string): void;
  onCancel(): void;
}) {
  const [signed, setSigned] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSend(signed);
  };
  return (
    <form className="cc-cashier__form" onSubmit={submit} noValidate>
      <p className="cc-cashier__statement">{pending.statement}</p>
      <label className="cc-cashier__field">
        <span>Withdrawal to sign (base64, never valid on chain)</span>
        <textarea
          className="cc-cashier__input cc-cashier__blob cc-mono"
          readOnly
          rows={3}
          value={pending.challenge.txnB64}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <label className="cc-cashier__field">
        <span>Signed withdrawal (base64)</span>
        <textarea
          className="cc-cashier__input cc-cashier__blob cc-mono"
          rows={3}
          spellCheck={false}
          value={signed}
          onChange={(e) => setSigned(e.target.value)}
        />
      </label>
      <div className="cc-cashier__actions">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Back
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send Withdrawal'}
        </Button>
      </div>
    </form>
  );
}
