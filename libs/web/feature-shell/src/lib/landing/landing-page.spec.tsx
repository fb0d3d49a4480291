import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ENTER_DELAY_MS } from './enter-cosmos-button';
import { LandingPage } from './landing-page';

jest.mock('@cosmic/web-data-access', () => ({
  useHouseInfoQuery: () => ({ isLoading: true, isError: false, refetch: jest.fn() }),
}));

const renderLanding = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/warp" element={<p>warp page</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('LandingPage', () => {
  afterEach(() => jest.useRealTimers());

  it('has the title, the three feature tiles and the Buy AMINA card', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Cosmic Casino' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '5 Games' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1,000 AMINA' })).toBeInTheDocument();
    expect(screen.getByText(/limited supply of 1,000 AMINA tokens on Algorand/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Provably fair/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Buy AMINA/ })).toBeInTheDocument();
  });

  it('claims unlimited House Coins in the hero and the games tile', () => {
    renderLanding();
    expect(screen.getByText(/Play free with unlimited House Coins/)).toBeInTheDocument();
    expect(screen.getByText(/for free with unlimited House Coins\./)).toBeInTheDocument();
  });

  it('renders the spec’s second Buy AMINA panel hidden: in the page, not visible, not in the accessibility tree', () => {
    const { container } = renderLanding();
    const duplicate = screen.getByTestId('buy-amina-duplicate');
    expect(duplicate).toHaveAttribute('hidden');
    expect(duplicate).not.toBeVisible();
    expect(duplicate.textContent).toContain('Buy AMINA');
    // two panels in the markup, one in the accessibility tree
    expect(
      Array.from(container.querySelectorAll('button')).filter((b) => /Buy AMINA/.test(b.textContent ?? '')),
    ).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /Buy AMINA/ })).toHaveLength(1);
  });

  it("'Enter the Cosmos' shows 'Entering the Cosmos...' and then opens /warp", () => {
    jest.useFakeTimers();
    renderLanding();
    fireEvent.click(screen.getByRole('button', { name: 'Enter the Cosmos' }));
    expect(screen.getByRole('status')).toHaveTextContent('Entering the Cosmos...');
    act(() => void jest.advanceTimersByTime(ENTER_DELAY_MS - 1));
    expect(screen.queryByText('warp page')).toBeNull();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.getByText('warp page')).toBeInTheDocument();
    expect(screen.queryByText('Entering the Cosmos...')).toBeNull();
  });
});
