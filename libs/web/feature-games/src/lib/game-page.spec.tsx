import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createStore, StoreProvider } from '@cosmic/web-data-access';
import { GamePage } from './game-page';

// The game screens are their own chunks with their own specs; the frame is tested here.
jest.mock('./dice/dice-game', () => ({ __esModule: true, default: () => <p>dice screen</p> }));

const renderGame = (path: string) =>
  render(
    <StoreProvider store={createStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/game/:gameType" element={<GamePage />} />
        </Routes>
      </MemoryRouter>
    </StoreProvider>,
  );

describe('GamePage frame', () => {
  it.each(['roulette', 'poker', 'SLOTS'])("/game/%s says 'Game Not Found' with 'Return to Casino' to /", (id) => {
    renderGame(`/game/${id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Game Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Casino' })).toHaveAttribute('href', '/');
  });

  it('a known game has a Back button to /casino', () => {
    renderGame('/game/dice');
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/casino');
  });

  it('a known game shows the live bets feed: tabs and a captioned table', () => {
    renderGame('/game/dice');
    expect(screen.getByRole('region', { name: 'Live bets' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All bets', 'High rollers', 'My bets']);
    expect(screen.getByRole('tab', { name: 'All bets' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('table', { name: /^All bets: the latest 0 bets/ })).toBeInTheDocument();
  });
});
