import { fireEvent, render, screen } from '@testing-library/react';
import { DisclosureCard } from './disclosure-card';

describe('DisclosureCard', () => {
  it('starts collapsed and toggles its body from the header button', () => {
    render(
      <DisclosureCard title="Buy AMINA" summary="facts">
        body text
      </DisclosureCard>,
    );
    const toggle = screen.getByRole('button', { name: /Buy AMINA/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('body text')).not.toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('body text')).toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toHaveTextContent('body text');
    fireEvent.click(toggle);
    expect(screen.getByText('body text')).not.toBeVisible();
  });

  it('is a region named by its title', () => {
    render(
      <DisclosureCard title="Buy AMINA" defaultOpen>
        x
      </DisclosureCard>,
    );
    expect(screen.getByRole('region', { name: 'Buy AMINA' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Buy AMINA/ })).toHaveAttribute('aria-expanded', 'true');
  });
});
