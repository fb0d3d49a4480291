import { render, screen } from '@testing-library/react';
import { ADDRESS, fakeApi, renderWithStore, signedIn, user } from '@cosmic/web-data-access/testing';
import { WalletBalance } from './wallet-balance';
import { WalletSummary } from './wallet-summary';

// The prerendered page is rendered from a fresh store (apps/shell/src/prerender.tsx): the header's
// balances are placeholders there, with no amount, and the amounts replace them once the record is in.
describe('the header balance before and after the player record', () => {
  it('WalletBalance holds a placeholder and no amount while no record has arrived', () => {
    fakeApi(() => undefined);
    renderWithStore(<WalletBalance />);
    const balance = screen.getByTestId('header-balance');
    expect(balance.querySelector('.cc-wallet-balance__placeholder .cc-skeleton')).not.toBeNull();
    expect(balance).toHaveAttribute('aria-busy', 'true');
    expect(balance.textContent).not.toMatch(/\d|HC/);
  });

  it("WalletBalance shows the record's amounts where the placeholder stood", async () => {
    fakeApi(({ path }) =>
      path === `/api/users/${ADDRESS}` ? { body: user({ houseBalance: '1234567', aminaBalance: '1000' }) } : undefined,
    );
    renderWithStore(<WalletBalance />, '/', signedIn());
    const balance = screen.getByTestId('header-balance');
    expect(balance.textContent).not.toMatch(/\d/);
    expect(await screen.findByText('1,234,567 HC')).toHaveClass('cc-wallet-balance__hc');
    expect(balance).toHaveTextContent('Balance: 1,000.000 AMINA, 1,234,567 HC');
    expect(balance).not.toHaveAttribute('aria-busy');
    expect(balance.querySelector('.cc-skeleton')).toBeNull();
  });

  it.each([
    { hasWallet: false, testIds: ['hc-balance'] },
    { hasWallet: true, testIds: ['amina-balance', 'wallet-hc-balance'] },
  ])(
    'WalletSummary (wallet: $hasWallet) puts placeholders without the amounts’ test ids for unknown amounts',
    ({ hasWallet, testIds }) => {
      const props = { address: ADDRESS, hasWallet, optedIn: true, ownershipVerified: true };
      const { rerender, container } = render(<WalletSummary {...props} aminaText={null} hcText={null} />);
      expect(container.querySelectorAll('.cc-wallet__amount--placeholder .cc-skeleton')).toHaveLength(testIds.length);
      for (const id of testIds) expect(screen.queryByTestId(id)).toBeNull();
      expect(container.textContent).not.toMatch(/\d/);

      rerender(<WalletSummary {...props} aminaText="1.000 AMINA" hcText="1,000 HC" />);
      expect(container.querySelector('.cc-skeleton')).toBeNull();
      for (const id of testIds) expect(screen.getByTestId(id)).toHaveTextContent(/\d/);
    },
  );
});
