import { Route, Routes } from 'react-router-dom';
import { GamePage } from './game-page';
import { LobbyPage } from './lobby-page';

/** Everything the games remote renders, routed relative to the shell's routes. */
export function GamesApp() {
  return (
    <Routes>
      <Route path="/casino" element={<LobbyPage />} />
      <Route path="/games" element={<LobbyPage />} />
      <Route path="/game/:gameType" element={<GamePage />} />
    </Routes>
  );
}
