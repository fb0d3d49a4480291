import type { FormEvent } from 'react';
import { Button, Card } from '@cosmic/web-ui';
import { withdrawalLimitsHint } from './cashier-rules';
import type { useWithdrawal } from './use-withdrawal';

/** Withdraw AMINA to the connected wallet or another opted-in address. */
export function WithdrawCard({ withdrawal }: { withdrawal: ReturnType<typeof useWithdrawal> }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void withdrawal.send();
  };
  return (
    <Card className="cc-cashier__panel" aria-labelledby="cashier-withdraw-title">
      <h2 id="cashier-withdraw-title" className="cc-cashier__heading">Withdraw AMINA</h2>
      <form className="cc-cashier__form" onSubmit={submit} noValidate>
        <label className="cc-cashier__field">
          <span>Withdrawal amount (AMINA)</span>
          <input className="cc-cashier__input" inputMode="decimal" autoComplete="off" placeholder="0.00000000" aria-describedby="cashier-withdraw-limits" value={withdrawal.amount} onChange={(e) => withdrawal.setAmount(e.target.value)} />
        </label>
        <p id="cashier-withdraw-limits" className="cc-cashier__hint">
          {withdrawal.limits ? withdrawalLimitsHint(withdrawal.limits) : 'Withdrawals have a minimum and a daily maximum per player.'}
        </p>
        <label className="cc-cashier__field">
          <span>Destination address (optional)</span>
          <input className="cc-cashier__input cc-mono" autoComplete="off" spellCheck={false} placeholder="Blank = your connected wallet" value={withdrawal.toAddress} onChange={(e) => withdrawal.setToAddress(e.target.value)} />
        </label>
        <Button type="submit" variant="primary" disabled={withdrawal.busy}>
          {withdrawal.busy ? 'Sending…' : 'Withdraw'}
        </Button>
      </form>
    </Card>
  );
}
