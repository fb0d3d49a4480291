import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { GamePage } from './game-page';

// The game screens are their own chunks with their own specs; the frame is tested here.
jest.mock('./dice/dice-game', () => ({ __esModule: true, default: () => <p>dice screen</p> }));

const renderGame = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/game/:gameType" element={<GamePage />} />
      </Routes>
    </MemoryRouter>,
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
});
