import { render, screen } from '@testing-library/react';
import { ConnectActions } from './wallet-actions';

// The first load's guest session makes the header's button "Connecting…" right after hydration: both
// labels are always laid out (one cell, wallet.css), so the button keeps its box and the header stays still.
describe('ConnectActions', () => {
  it.each([
    { busy: false, name: 'Connect Wallet', hidden: 'Connecting…' },
    { busy: true, name: 'Connecting…', hidden: 'Connect Wallet' },
  ])('busy $busy: named "$name", with "$hidden" laid out but hidden', ({ busy, name, hidden }) => {
    render(<ConnectActions busy={busy} onConnect={jest.fn()} onManual={jest.fn()} />);
    const button = screen.getByRole('button', { name });
    if (busy) expect(button).toBeDisabled();
    else expect(button).toBeEnabled();
    const other = screen.getByText(hidden);
    expect(button).toContainElement(other);
    expect(other).toHaveAttribute('aria-hidden', 'true');
    expect(other).not.toHaveAttribute('data-shown');
    expect(screen.getByText(name)).toHaveAttribute('data-shown', 'true');
  });
});
