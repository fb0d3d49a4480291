import { fireEvent, render, screen } from '@testing-library/react';
import { Dialog } from './dialog';
import { ScrollRegion } from './scroll-region';

function Details() {
  return (
    <Dialog title="Bet #3" onClose={() => undefined}>
      <ScrollRegion label="The grids of this spin">
        <span>grid</span>
      </ScrollRegion>
      <button type="button">Verify</button>
      <button type="button">Close</button>
    </Dialog>
  );
}

describe('Dialog focus', () => {
  it('moves focus to the first control when it opens, not to a box that is focusable only to scroll', () => {
    render(<Details />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Verify' }));
  });

  it('keeps Tab inside: from the last control back to the first focusable, the scrolling box included', () => {
    render(<Details />);
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'The grids of this spin' }));
  });
});
