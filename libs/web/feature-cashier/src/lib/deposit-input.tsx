import type { FormEvent } from 'react';
import { Button } from '@cosmic/web-ui';
import type { useDeposit } from './use-deposit';

/**
 * Step 1: the amount, and one action: "Deposit". With a wallet app connected it signs the transfer
 * and it is submitted; without one, Deposit shows the transfer to sign elsewhere. Under it, the
 * fallback for a player who signs elsewhere anyway: "Sign elsewhere? Paste a signed transaction".
 */
export function DepositInput({ deposit }: { deposit: ReturnType<typeof useDeposit> }) {
  const withApp = deposit.walletName !== null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void (withApp ? deposit.depositWithApp() : deposit.buildTxn());
  };
  return (
    <form className="cc-cashier__form" onSubmit={submit} noValidate>
      <label className="cc-cashier__field">
        <span>Deposit amount (AMINA)</span>
        <input
          className="cc-cashier__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00000000"
          value={deposit.amount}
          onChange={(e) => deposit.setAmount(e.target.value)}
        />
      </label>
      <p className="cc-cashier__hint">
        Between 0.00000001 and 10 AMINA, up to 8 decimals.
        {withApp
          ? ` Your ${deposit.walletName} Wallet signs the transfer.`
          : ' You sign the transfer in your wallet app and paste it back here.'}
      </p>
      <Button type="submit" variant="primary" disabled={deposit.busy}>
        {deposit.signing ? `Confirm in ${deposit.walletName} Wallet…` : deposit.busy ? 'Preparing…' : 'Deposit'}
      </Button>
      {withApp && (
        <button
          type="button"
          className="cc-cashier__elsewhere"
          disabled={deposit.busy}
          onClick={() => void deposit.buildTxn()}
        >
          <span className="cc-cashier__elsewhere-ask">Sign elsewhere?</span> Paste a signed transaction
        </button>
      )}
    </form>
  );
}
