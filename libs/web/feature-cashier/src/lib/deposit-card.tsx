import { Link } from 'react-router-dom';
import { Card } from '@cosmic/web-ui';
import { DepositInput } from './deposit-input';
import { DepositLimitPrompt } from './deposit-limit-prompt';
import { DepositStatus } from './deposit-status';
import { DepositTransaction } from './deposit-transaction';
import type { useDeposit } from './use-deposit';

/** `2026-12-04 09:15 UTC`, as the API's refusal writes the end of a self-exclusion. */
const utcMinute = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Deposit AMINA: input → transaction → back to input, with the last deposit's progress. While the
 * player is self-excluded no deposit is offered (the API refuses to build one too), and the card
 * says why and until when. Before the first deposit, a player without a deposit limit is offered one above the amount.
 */
export function DepositCard({
  deposit,
  excludedUntil = null,
  limitPrompt = null,
}: {
  deposit: ReturnType<typeof useDeposit>;
  excludedUntil?: Date | null;
  /** Before the first deposit: the deposit-limit offer above the amount (skippable). */
  limitPrompt?: { walletAddress: string; onDone(): void } | null;
}) {
  return (
    <Card className="cc-cashier__panel" aria-labelledby="cashier-deposit-title">
      <h2 id="cashier-deposit-title" className="cc-cashier__heading">
        Deposit AMINA
      </h2>
      {excludedUntil ? (
        <p className="cc-cashier__blocked" role="note" data-testid="deposit-excluded">
          You are self-excluded until {utcMinute(excludedUntil)}: deposits are blocked until then. What is in your
          account can still be withdrawn. <Link to="/responsible-gaming">Responsible gaming settings</Link>
        </p>
      ) : deposit.step === 'input' ? (
        <>
          {limitPrompt && <DepositLimitPrompt walletAddress={limitPrompt.walletAddress} onDone={limitPrompt.onDone} />}
          <DepositInput deposit={deposit} />
        </>
      ) : (
        <DepositTransaction deposit={deposit} />
      )}
      <DepositStatus progress={deposit.progress} />
    </Card>
  );
}
