import { act, type ReactElement, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { parseAmount } from '@cosmic/algorand';
import { BetPanel, type BetPanelProps, type BetValue } from './bet-panel';

const u = (text: string) => {
  const r = parseAmount(text);
  if (!r.ok) throw new Error(text);
  return r.value;
};

function Harness({
  initial,
  onValue,
  ...rest
}: Partial<BetPanelProps> & { initial: BetValue; onValue?: (v: BetValue) => void }) {
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

/** The panel as the server draws it. React's server build for the browser wants a MessageChannel at load (unused by a string render). */
function serverHtml(element: ReactElement): string {
  const g = globalThis as { MessageChannel?: unknown };
  g.MessageChannel ??= class {
    port1 = {};
    port2 = { postMessage: () => undefined };
  };
  return (require('react-dom/server') as typeof import('react-dom/server')).renderToString(element);
}

const amount = () => screen.getByLabelText('Bet amount') as HTMLInputElement;
const setup = (props: Partial<BetPanelProps> & { initial?: BetValue } = {}) => {
  const onValue = jest.fn();
  render(<Harness initial={{ currency: 'HC', amount: u('10') }} onValue={onValue} {...props} />);
  return onValue;
};

describe('BetPanel', () => {
  it('shows a placeholder, never an amount, while the balance is not known yet', () => {
    const { rerender } = render(<Harness initial={{ currency: 'HC', amount: u('10') }} balanceKnown={false} />);
    const line = screen.getByTestId('bet-balance');
    expect(line).toHaveAttribute('aria-busy', 'true');
    expect(line).toHaveTextContent(/^Balance loading$/);
    expect(line.querySelector('.cc-skeleton')).not.toBeNull();
    rerender(<Harness initial={{ currency: 'HC', amount: u('10') }} balanceKnown />);
    expect(screen.getByTestId('bet-balance')).toHaveTextContent('Balance 300 HC');
  });

  it('shows the quick bets of the currency, Half, Double and Max', () => {
    setup();
    for (const q of ['1', '5', '10', '25', '50', 'Half', 'Double', 'Max'])
      expect(screen.getByRole('button', { name: q })).toBeInTheDocument();
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

  // issue 29 item 5: 1001 typed with 970 HC became 970 and the next tap bet it all
  it('keeps a typed bet above the balance as typed and names the balance (no silent all-in)', () => {
    const onValue = setup();
    fireEvent.change(amount(), { target: { value: '301' } });
    expect(onValue).toHaveBeenLastCalledWith({ currency: 'HC', amount: u('301') });
    expect(amount()).toHaveValue('301');
    expect(screen.getByTestId('bet-problem')).toHaveTextContent('Insufficient balance: your balance is 300 HC');
  });

  it('keeps a typed bet above the 1000 HC maximum as typed and names the maximum', () => {
    const onValue = setup({ hcBalance: u('5000') });
    fireEvent.change(amount(), { target: { value: '5000' } });
    expect(onValue).toHaveBeenLastCalledWith({ currency: 'HC', amount: u('5000') });
    expect(amount()).toHaveValue('5000');
    expect(screen.getByTestId('bet-problem')).toHaveTextContent('Maximum bet is 1,000 HC');
  });

  it('Max then sets the largest bet the player may place, visibly', () => {
    setup();
    fireEvent.change(amount(), { target: { value: '301' } });
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amount()).toHaveValue('300');
    expect(screen.queryByTestId('bet-problem')).toBeNull();
  });

  it.each([
    ['1e3', 'HC', 'Enter a whole number of House Coins, like 25'],
    ['', 'HC', 'Enter a whole number of House Coins, like 25'],
    ['2.5', 'HC', 'Enter a whole number of House Coins, like 25'],
    ['0.1.2', 'AMINA', 'Enter an amount like 1.5 (up to 8 decimals)'],
  ] as const)('flags %j as no %s amount and marks the bet invalid until it is fixed', (text, currency, hint) => {
    const initial = currency === 'HC' ? { currency, amount: u('10') } : { currency, amount: u('0.01') };
    const onValue = setup({ initial });
    fireEvent.change(amount(), { target: { value: text } });
    expect(screen.getByRole('alert')).toHaveTextContent(hint);
    expect(amount()).toHaveValue(text);
    expect(onValue).toHaveBeenLastCalledWith({ ...initial, invalid: true });
    fireEvent.change(amount(), { target: { value: currency === 'HC' ? '7' : '0.007' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onValue).toHaveBeenLastCalledWith({ currency, amount: u(currency === 'HC' ? '7' : '0.007') });
  });

  it('a button after invalid text shows the new amount and clears the error', () => {
    const onValue = setup();
    fireEvent.change(amount(), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: '25' }));
    expect(amount()).toHaveValue('25');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onValue).toHaveBeenLastCalledWith({ currency: 'HC', amount: u('25') });
  });

  it('says when a bet is below the minimum', () => {
    setup();
    fireEvent.change(amount(), { target: { value: '0' } });
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

describe('BetPanel notes', () => {
  it('says why AMINA is off in visible text, and the AMINA button is described by it (issue 29 item 13)', () => {
    setup({ aminaEnabled: false, aminaHint: 'Connect and verify a wallet to bet AMINA' });
    expect(screen.getByTestId('amina-hint')).toHaveTextContent('Connect and verify a wallet to bet AMINA');
    expect(screen.getByRole('button', { name: 'AMINA' })).toHaveAccessibleDescription(
      'Connect and verify a wallet to bet AMINA',
    );
  });

  it('shows no AMINA hint when AMINA is allowed', () => {
    setup();
    expect(screen.queryByTestId('amina-hint')).toBeNull();
  });

  it("a note replaces the amount's problem: free spins never sit beside 'Insufficient balance' (issue 29 item 4)", () => {
    setup({ initial: { currency: 'HC', amount: u('400') }, note: '3 free spins to play: they cost nothing' });
    expect(screen.getByTestId('bet-note')).toHaveTextContent('3 free spins to play: they cost nothing');
    expect(screen.queryByTestId('bet-problem')).toBeNull();
    expect(screen.queryByText(/Insufficient balance/)).toBeNull();
  });

  describe('hydrating the field the server drew', () => {
    const roots: { container: HTMLElement; root?: Root }[] = [];
    afterEach(() =>
      roots.splice(0).forEach(({ container, root }) => {
        act(() => root?.unmount());
        container.remove();
      }),
    );
    /** The panel as the server drew it, in the page; `hydrate` brings its code. */
    const drawn = () => {
      const page = { container: document.body.appendChild(document.createElement('div')) } as (typeof roots)[number];
      roots.push(page);
      page.container.innerHTML = serverHtml(<Harness initial={{ currency: 'HC', amount: u('10') }} />);
      const onValue = jest.fn();
      const hydrate = () =>
        act(async () => {
          page.root = hydrateRoot(
            page.container,
            <Harness initial={{ currency: 'HC', amount: u('10') }} onValue={onValue} />,
          );
        });
      return { field: within(page.container).getByLabelText('Bet amount') as HTMLInputElement, onValue, hydrate };
    };

    it('takes an amount typed before its code arrived: the bet sent is the one shown', async () => {
      const { field, onValue, hydrate } = drawn();
      // the player types before the code arrives: the DOM changes, no React handler sees it
      field.value = '30';
      await hydrate();
      expect(onValue).toHaveBeenLastCalledWith({ currency: 'HC', amount: u('30') });
      expect(field).toHaveValue('30');
      expect(within(roots[0].container).getByRole('button', { name: '10' })).toHaveAttribute('aria-pressed', 'false');
    });

    it('reports no change when nothing was typed', async () => {
      const { field, onValue, hydrate } = drawn();
      await hydrate();
      expect(onValue).not.toHaveBeenCalled();
      expect(field).toHaveValue('10');
    });
  });
});
