import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { Spinner } from '@cosmic/web-ui';
import { GamePage } from './game-page';

// The lobby is a chunk of its own: a game page does not fetch the lobby's cards, art and fairness panel.
const LobbyPage = lazy(() =>
  import(/* webpackChunkName: "lobby" */ './lobby-page').then((m) => ({ default: m.LobbyPage })),
);

/**
 * Everything the games remote renders. The shell owns the routes (/casino, /games,
 * /game/:gameType); the remote reads the matched params instead of nesting its own <Routes>.
 */
export function GamesApp() {
  const { gameType } = useParams();
  return gameType === undefined ? (
    <Suspense fallback={<Spinner />}>
      <LobbyPage />
    </Suspense>
  ) : (
    <GamePage />
  );
}
