import type { FormEvent } from 'react';
import { Button } from '@cosmic/web-ui';
import type { useDeposit } from './use-deposit';

/**
 * Step 1: the amount to deposit. With a wallet app connected, "Deposit" has it sign the transfer
 * and submits it; "Create Deposit Transaction" shows the transfer to sign elsewhere (paste the txid).
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
        {withApp && ` Your ${deposit.walletName} Wallet signs the transfer.`}
      </p>
      {withApp ? (
        <div className="cc-cashier__actions">
          <Button type="button" variant="ghost" disabled={deposit.busy} onClick={() => void deposit.buildTxn()}>
            Create Deposit Transaction
          </Button>
          <Button type="submit" variant="primary" disabled={deposit.busy}>
            {deposit.signing ? `Confirm in ${deposit.walletName} Wallet…` : deposit.busy ? 'Preparing…' : 'Deposit'}
          </Button>
        </div>
      ) : (
        <Button type="submit" variant="primary" disabled={deposit.busy}>
          {deposit.busy ? 'Preparing…' : 'Create Deposit Transaction'}
        </Button>
      )}
    </form>
  );
}
