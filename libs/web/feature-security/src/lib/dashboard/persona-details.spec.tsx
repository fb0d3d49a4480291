import { render, screen } from '@testing-library/react';
import type { TreasurerStats } from '@cosmic/contracts';
import { PersonaDetails } from './persona-details';

const treasurer = (flagged: NonNullable<TreasurerStats['counts']>['flaggedWithdrawals']): TreasurerStats =>
  ({
    name: 'treasurer',
    status: flagged.length ? 'ALERT' : 'OK',
    headline: '',
    liabilitiesHistory: [],
    reconciliation: {
      at: new Date().toISOString(),
      houseChainAmina: '900',
      playerLiabilities: '10',
      inFlightWithdrawals: '0',
      surplus: '890',
      unknownOutgoing: [],
      parkedDeposits: 0,
      paidAfterRefund: flagged.map((f) => f.txId),
    },
    counts: {
      at: new Date().toISOString(),
      deposits: { credited: 3, creditedAmina: '3', parked: 0, last24h: 3 },
      withdrawals: {
        confirmed: 2,
        confirmedAmina: '1',
        inFlight: 0,
        inFlightAmina: '0',
        refunded: 1,
        stalled: 0,
        last24h: 2,
        paidAfterRefund: flagged.length,
      },
      playerLiabilitiesAmina: '10',
      flaggedWithdrawals: flagged,
    },
  }) as unknown as TreasurerStats;

describe('treasurer details', () => {
  it('lists refunded withdrawals that were paid anyway, as an alert', () => {
    render(
      <PersonaDetails
        stats={treasurer([
          {
            id: '42',
            userId: '7',
            amountAmina: '0.25',
            toAddress: 'A'.repeat(52) + 'BCDEFG',
            txId: 'TXID1234567890',
            paidRound: '99',
            flaggedAt: new Date().toISOString(),
          },
        ])}
      />,
    );
    const alert = screen.getByRole('alert', { name: 'Withdrawals paid after a refund' });
    expect(alert).toHaveTextContent('1 refunded withdrawal paid on chain anyway');
    expect(alert).toHaveTextContent('#42: 0.25 AMINA to AAAAAA…DEFG (player 7, tx TXID1234…');
  });

  it('shows no alert when nothing was paid twice', () => {
    render(<PersonaDetails stats={treasurer([])} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
