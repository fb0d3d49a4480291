import type { DepositProgress } from './use-deposit-progress';

const TEXT: Record<DepositProgress['status'], string> = {
  pending: 'Waiting for confirmation…',
  credited: 'Credited',
  parked: 'Held for review by the operator',
  timeout: 'Not confirmed yet: it will be credited when the chain confirms it',
};

/** The last deposit's progress until it is credited. */
export function DepositStatus({ progress }: { progress: DepositProgress | null }) {
  if (!progress) return null;
  return (
    <p
      className={`cc-cashier__status cc-cashier__status--${progress.status}`}
      role="status"
      data-testid="deposit-status"
    >
      <span className="cc-cashier__status-dot" aria-hidden="true" />
      Deposit {progress.amount ? `of ${progress.amount} AMINA ` : ''}
      <span className="cc-mono" title={progress.txId}>
        {progress.txId.slice(0, 8)}…
      </span>
      <span>— {TEXT[progress.status]}</span>
    </p>
  );
}
