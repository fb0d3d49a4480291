import { render, screen } from '@testing-library/react';
import { ConnectActions } from './wallet-actions';

// The first load's guest session makes the header's button "Connecting…" right after hydration: one
// label at a time in a box of fixed minimum width (wallet.css), so the button keeps its size.
describe('ConnectActions', () => {
  it.each([
    { busy: false, name: 'Connect Wallet', other: 'Connecting…' },
    { busy: true, name: 'Connecting…', other: 'Connect Wallet' },
  ])('busy $busy: named "$name" and showing only that label', ({ busy, name, other }) => {
    render(<ConnectActions busy={busy} onConnect={jest.fn()} onManual={jest.fn()} />);
    const button = screen.getByRole('button', { name });
    if (busy) expect(button).toBeDisabled();
    else expect(button).toBeEnabled();
    expect(button).toHaveTextContent(new RegExp(`^${name}$`));
    expect(screen.queryByText(other)).toBeNull();
    expect(screen.getByText(name)).toHaveClass('cc-wallet__steady');
  });
});
