import { render, screen } from '@testing-library/react';
import { BetPanel } from './lazy-bet-panel';

it('the exported BetPanel shows a placeholder, then the panel', async () => {
  render(
    <BetPanel
      value={{ currency: 'HC', amount: 100_000_000n }}
      onChange={jest.fn()}
      aminaBalance={0n}
      hcBalance={100_000_000_000n}
      aminaMaxLimit={100_000_000n}
      aminaEnabled={false}
    />,
  );
  // the placeholder is the same labelled region as the panel (a label on a plain div is not allowed)
  expect(screen.getByRole('region', { name: 'Bet' })).toHaveAttribute('aria-busy', 'true');
  expect(await screen.findByLabelText('Bet amount')).toHaveValue('1');
});
