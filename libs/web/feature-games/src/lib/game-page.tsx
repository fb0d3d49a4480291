import { Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  BetPanel,
  buttonClass,
  PageTitle,
  preloadableLazy,
  type PreloadableComponent,
  ScreenShown,
  Spinner,
} from '@cosmic/web-ui';
import { GAME_TITLES, isGameId, type GameId } from './games';
import { LiveBets } from './live-bets/live-bets';
import { RealityCheckGate } from './shared/reality-check';
import './lobby.css';

// Each game is its own chunk, loaded when its route opens (or ahead, preloadGameScreen).
const SCREENS: Record<GameId, PreloadableComponent<object>> = {
  dice: preloadableLazy(() => import(/* webpackChunkName: "game-dice" */ './dice/dice-game')),
  plinko: preloadableLazy(() => import(/* webpackChunkName: "game-plinko" */ './plinko/plinko-game')),
  hilo: preloadableLazy(() => import(/* webpackChunkName: "game-hilo" */ './hilo/hilo-game')),
  blackjack: preloadableLazy(() => import(/* webpackChunkName: "game-blackjack" */ './blackjack/blackjack-game')),
  slots: preloadableLazy(() => import(/* webpackChunkName: "game-slots" */ './slots/slots-game')),
};

/** Fetches the code of a game's first screen: the game's own and the bet panel's (none for an unknown game). */
export async function preloadGameScreen(gameType: string): Promise<void> {
  if (isGameId(gameType)) await Promise.all([SCREENS[gameType].preload(), BetPanel.preload()]);
}

/** `/game/:gameType`: one game's screen, or 'Game Not Found'. */
export function GamePage() {
  const { gameType } = useParams();
  if (!isGameId(gameType)) {
    return (
      <section className="cc-fallback cc-card" aria-labelledby="gnf-title">
        <PageTitle name="Game Not Found" />
        <p className="cc-eyebrow">Lost in space</p>
        <h1 id="gnf-title" className="cc-page-title">
          Game Not Found
        </h1>
        <p>There is no game called “{gameType}” in this galaxy.</p>
        <Link to="/" className={buttonClass({ variant: 'primary' })}>
          Return to Casino
        </Link>
      </section>
    );
  }
  const Screen = SCREENS[gameType];
  return (
    <section aria-labelledby="game-title">
      <PageTitle name={GAME_TITLES[gameType]} />
      <div className="cc-game-frame__top">
        <Link to="/casino" className={buttonClass({ variant: 'ghost', size: 'sm' }, 'cc-game-frame__back')}>
          <span aria-hidden="true">←</span> Back
        </Link>
        <h1 id="game-title" className="cc-page-title">
          {GAME_TITLES[gameType]}
        </h1>
      </div>
      <Suspense fallback={<Spinner />}>
        <Screen key={gameType} />
        <ScreenShown key={`shown-${gameType}`} />
      </Suspense>
      <LiveBets />
      <RealityCheckGate />
    </section>
  );
}
