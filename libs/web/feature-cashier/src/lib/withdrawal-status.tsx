import type { WithdrawalProgress } from './use-withdrawal-progress';

const TITLE: Record<WithdrawalProgress['status'], string> = {
  pending: 'Withdrawal Pending',
  sending: 'Withdrawal Pending',
  confirmed: 'Withdrawal Sent',
  refunded: 'Withdrawal Refunded',
};

function detail(p: WithdrawalProgress): string {
  if (p.status === 'confirmed') return `${p.amount} AMINA sent.`;
  if (p.status === 'refunded')
    return `${p.amount} AMINA is back in your balance: the transfer ${p.reason ?? 'did not go through'}.`;
  return `${p.amount} AMINA is on its way; waiting for the chain to confirm it.`;
}

/** A withdrawal whose outcome was open: pending with its transaction id, live until sent or refunded. */
export function WithdrawalStatus({ progress }: { progress: WithdrawalProgress | null }) {
  if (!progress) return null;
  const tone = progress.status === 'confirmed' ? 'credited' : progress.status === 'refunded' ? 'parked' : 'pending';
  return (
    <div className={`cc-cashier__status cc-cashier__status--${tone}`} role="status" data-testid="withdrawal-status">
      <span className="cc-cashier__status-dot" aria-hidden="true" />
      <div>
        <strong>{TITLE[progress.status]}</strong> {detail(progress)}
        <br />
        Transaction ID: <span className="cc-mono cc-cashier__txid">{progress.txId}</span>
      </div>
    </div>
  );
}
