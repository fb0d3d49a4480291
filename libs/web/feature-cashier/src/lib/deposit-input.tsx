import type { FormEvent } from 'react';
import { Button } from '@cosmic/web-ui';
import type { useDeposit } from './use-deposit';

/** Step 1: the amount to deposit. */
export function DepositInput({ deposit }: { deposit: ReturnType<typeof useDeposit> }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void deposit.buildTxn();
  };
  return (
    <form className="cc-cashier__form" onSubmit={submit} noValidate>
      <label className="cc-cashier__field">
        <span>Deposit amount (AMINA)</span>
        <input className="cc-cashier__input" inputMode="decimal" autoComplete="off" placeholder="0.00000000" value={deposit.amount} onChange={(e) => deposit.setAmount(e.target.value)} />
      </label>
      <p className="cc-cashier__hint">Between 0.00000001 and 10 AMINA, up to 8 decimals.</p>
      <Button type="submit" variant="primary" disabled={deposit.busy}>
        {deposit.busy ? 'Preparing…' : 'Create Deposit Transaction'}
      </Button>
    </form>
  );
}
