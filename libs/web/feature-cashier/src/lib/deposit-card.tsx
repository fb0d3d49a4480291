import { Card } from '@cosmic/web-ui';
import { DepositInput } from './deposit-input';
import { DepositStatus } from './deposit-status';
import { DepositTransaction } from './deposit-transaction';
import type { useDeposit } from './use-deposit';

/** Deposit AMINA: input → transaction → back to input, with the last deposit's progress. */
export function DepositCard({ deposit }: { deposit: ReturnType<typeof useDeposit> }) {
  return (
    <Card className="cc-cashier__panel" aria-labelledby="cashier-deposit-title">
      <h2 id="cashier-deposit-title" className="cc-cashier__heading">
        Deposit AMINA
      </h2>
      {deposit.step === 'input' ? <DepositInput deposit={deposit} /> : <DepositTransaction deposit={deposit} />}
      <DepositStatus progress={deposit.progress} />
    </Card>
  );
}
