import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ExternalLink } from './external-link';
import { Layout } from './layout';
import { Overlay } from './overlay';

describe('Layout', () => {
  const renderLayout = () =>
    render(
      <MemoryRouter initialEntries={['/casino']}>
        <Layout headerActions={<span>wallet</span>}>
          <p>content</p>
        </Layout>
      </MemoryRouter>,
    );

  it('header: home logo, Games / Poker / Fairness, header actions and the Cashier button to /cashier', () => {
    renderLayout();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Cosmic Casino home' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Cashier' })).toHaveAttribute('href', '/cashier');
    expect(within(header).getByRole('link', { name: 'Games' })).toHaveAttribute('aria-current', 'page');
    expect(within(header).getByRole('link', { name: 'Poker' })).toHaveAttribute('href', '/poker');
    expect(within(header).getByText('wallet')).toBeInTheDocument();
  });

  it('header: the balance sits in the bar beside a Menu button that holds the sections and the wallet (issue 29 item 9)', () => {
    render(
      <MemoryRouter initialEntries={['/casino']}>
        <Layout headerActions={<button type="button">Connect Wallet</button>} headerBalance={<span>1,234,567 HC</span>}>
          <p>content</p>
        </Layout>
      </MemoryRouter>,
    );
    const header = screen.getByRole('banner');
    const menu = within(header).getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(menu.getAttribute('aria-controls')!);
    expect(panel).toContainElement(within(header).getByRole('navigation', { name: 'Main' }));
    expect(panel).toContainElement(within(header).getByRole('button', { name: 'Connect Wallet' }));
    expect(panel).not.toContainElement(within(header).getByText('1,234,567 HC'));
    expect(panel).not.toContainElement(within(header).getByRole('link', { name: 'Cashier' }));
    expect(header).not.toHaveAttribute('data-menu-open');

    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(header).toHaveAttribute('data-menu-open');
    // using something in the menu closes it
    fireEvent.click(within(header).getByRole('link', { name: 'Poker' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(menu);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    fireEvent.click(menu);
    fireEvent.pointerDown(screen.getByText('content'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('footer: the five games, support links and the responsible-gaming warning', () => {
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    const games: Array<[string, string]> = [
      ['Slots', 'slots'],
      ['Plinko', 'plinko'],
      ['Blackjack', 'blackjack'],
      ['Hi-Lo', 'hilo'],
      ['Dice', 'dice'],
    ];
    for (const [name, id] of games)
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', `/game/${id}`);
    expect(within(footer).getByRole('link', { name: 'Responsible gaming' })).toHaveAttribute(
      'href',
      '/responsible-gaming',
    );
    expect(within(footer).getByRole('link', { name: 'Provably fair' })).toHaveAttribute('href', '/fairness');
    expect(within(footer).getByRole('note')).toHaveTextContent('Play responsibly. Gambling can be addictive.');
  });

  it('main content with a skip link to it', () => {
    renderLayout();
    expect(screen.getByRole('main')).toHaveTextContent('content');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  });
});

describe('ExternalLink', () => {
  it('opens a new tab without window.opener and says so', () => {
    render(<ExternalLink href="https://vestige.fi/asset/1">Buy on Vestige</ExternalLink>);
    const link = screen.getByRole('link', { name: /Buy on Vestige/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link).toHaveAccessibleName('Buy on Vestige (opens in a new tab)');
  });
});

describe('Overlay', () => {
  it('announces its message as a status, rendered into document.body', () => {
    const { container } = render(
      <div style={{ transform: 'scale(1)' }}>
        <Overlay message="Entering the Cosmos..." />
      </div>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Entering the Cosmos...');
    expect(container.contains(status)).toBe(false);
  });
});
