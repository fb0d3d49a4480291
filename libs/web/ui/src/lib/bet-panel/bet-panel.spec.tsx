import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { parseAmount } from '@cosmic/algorand';
import { BetPanel, type BetPanelProps, type BetValue } from './bet-panel';

const u = (text: string) => {
  const r = parseAmount(text);
  if (!r.ok) throw new Error(text);
  return r.value;
};

function Harness({ initial, onValue, ...rest }: Partial<BetPanelProps> & { initial: BetValue; onValue?: (v: BetValue) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <BetPanel
      aminaBalance={u('0.75')}
      hcBalance={u('300')}
      aminaMaxLimit={u('1.0')}
      aminaEnabled
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

const amount = () => screen.getByLabelText('Bet amount') as HTMLInputElement;
const setup = (props: Partial<BetPanelProps> & { initial?: BetValue } = {}) => {
  const onValue = jest.fn();
  render(<Harness initial={{ currency: 'HC', amount: u('10') }} onValue={onValue} {...props} />);
  return onValue;
};

describe('BetPanel', () => {
  it('shows the quick bets of the currency, Half, Double and Max', () => {
    setup();
    for (const q of ['1', '5', '10', '25', '50', 'Half', 'Double', 'Max']) expect(screen.getByRole('button', { name: q })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '0.001' })).toBeNull();
  });

  it.each([
    ['Half', '5'],
    ['Double', '20'],
    ['Max', '300'],
    ['25', '25'],
  ])('%s sets the bet to %s HC', (button, expected) => {
    const onValue = setup();
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(onValue).toHaveBeenLastCalledWith({ currency: 'HC', amount: u(expected) });
    expect(amount()).toHaveValue(expected);
  });

  it('caps a typed bet at the maximum', () => {
    const onValue = setup();
    fireEvent.change(amount(), { target: { value: '5000' } });
    expect(onValue).toHaveBeenLastCalledWith({ currency: 'HC', amount: u('300') });
    expect(amount()).toHaveValue('300');
  });

  it('flags text that is not an amount and keeps the last bet', () => {
    const onValue = setup();
    fireEvent.change(amount(), { target: { value: '1e3' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('says when a bet is below the minimum', () => {
    setup();
    fireEvent.change(amount(), { target: { value: '0.5' } });
    expect(screen.getByText('Minimum bet is 1 HC')).toBeInTheDocument();
  });

  it('switching HC → AMINA multiplies by 0.001; AMINA → HC by 1000', () => {
    const onValue = setup({ initial: { currency: 'HC', amount: u('250') } });
    fireEvent.click(screen.getByRole('button', { name: 'AMINA' }));
    expect(onValue).toHaveBeenLastCalledWith({ currency: 'AMINA', amount: u('0.25') });
    expect(screen.getByRole('button', { name: '0.5' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'HC' }));
    expect(onValue).toHaveBeenLastCalledWith({ currency: 'HC', amount: u('250') });
  });

  it('AMINA is disabled without a verified wallet, with the reason', () => {
    setup({ aminaEnabled: false, aminaHint: 'Verify your wallet to bet AMINA' });
    const amina = screen.getByRole('button', { name: 'AMINA' });
    expect(amina).toBeDisabled();
    expect(amina).toHaveAttribute('title', 'Verify your wallet to bet AMINA');
  });

  it('lockCurrency keeps the panel on HC (blackjack)', () => {
    setup({ lockCurrency: true });
    expect(screen.getByRole('button', { name: 'AMINA' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'HC' })).toBeDisabled();
  });

  it('reports an insufficient balance', () => {
    setup({ hcBalance: u('0.5') });
    expect(screen.getByText('Insufficient balance: the minimum bet is 1 HC')).toBeInTheDocument();
  });
});

it('shows the balance with thousands separators', () => {
  render(<Harness initial={{ currency: 'HC', amount: u('10') }} hcBalance={u('12345.5')} />);
  expect(screen.getByText('12,345.5 HC')).toBeInTheDocument();
});
