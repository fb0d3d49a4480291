import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { preloadableLazy, ScreenShown, Spinner } from '@cosmic/web-ui';
import { GamePage, preloadGameScreen } from './game-page';

// The lobby is a chunk of its own: a game page does not fetch the lobby's cards, art and fairness panel.
const LobbyPage = preloadableLazy<object>(async () => ({
  default: (await import(/* webpackChunkName: "lobby" */ './lobby-page')).LobbyPage,
}));

/**
 * Everything the games remote renders. The shell owns the routes (/casino, /games,
 * /game/:gameType); the remote reads the matched params instead of nesting its own <Routes>.
 */
export function GamesApp() {
  const { gameType } = useParams();
  return gameType === undefined ? (
    <Suspense fallback={<Spinner />}>
      <LobbyPage />
      <ScreenShown />
    </Suspense>
  ) : (
    <GamePage />
  );
}

/**
 * Fetches the code of the screen at `path` (a path the shell routes here): the shell awaits it
 * before rendering the remote (apps/shell/src/app/federation.ts), so a first screen the server
 * drew hydrates whole, none of its lazy parts left waiting for code.
 */
GamesApp.preload = async (path: string): Promise<void> => {
  const game = /^\/game\/([^/]+)\/?$/.exec(path);
  await (game ? preloadGameScreen(decodeURIComponent(game[1])) : LobbyPage.preload());
};
