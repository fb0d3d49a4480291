import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useWallet } from '@cosmic/web-data-access';
import { BetPanel, type BetPanelProps, Button, WatchOnlyNotice } from '@cosmic/web-ui';
import type { Refusal } from './refusals';
import type { VerifyParams } from './verify-params';
import { useRevealOnPlay } from './use-reveal-on-play';
import './games.css';

// the verifier (with the game engine) is fetched when a player opens it, not with the game
const VerifyDialog = lazy(() => import(/* webpackChunkName: "verify-dialog" */ './verify-dialog'));

/**
 * A game screen: the board on the left, the bet panel, controls and the verify link on the right.
 * On a narrow screen it is one column with the controls right under the board, and the board
 * scrolls into view when `playing` turns true (a round started), so the player sees what happens.
 * A watch-only wallet sees the board and the bet panel, but a notice (sign in, or play as guest)
 * instead of the play buttons: the server would refuse its bets. Why the last bet was refused
 * stays beside the play buttons (with where to change it) after its toast has gone. "Verify this
 * bet" opens the verifier over the game for the last settled bet, with every parameter it was played with.
 */
export function GameLayout({
  board,
  controls,
  panel,
  disabled,
  playing = false,
  verify,
  refusal,
  speed,
  extras,
  className = '',
}: {
  board: ReactNode;
  controls: ReactNode;
  panel: Omit<BetPanelProps, 'disabled'>;
  disabled?: boolean;
  playing?: boolean;
  verify?: VerifyParams | null;
  refusal?: Refusal | null;
  /**
   * The animation speed picker, a card of its own after the controls: on a phone it follows the bet
   * amount, so the play button and the stake stay on the first screen.
   */
  speed?: ReactNode;
  /** Below the side column: the session stats, sound and shortcuts card (player-extras). */
  extras?: ReactNode;
  className?: string;
}) {
  const boardRef = useRevealOnPlay<HTMLDivElement>(playing);
  const [verifying, setVerifying] = useState<VerifyParams | null>(null);
  const { watchOnly, address, requestSignIn, disconnect } = useWallet();
  return (
    <div className={`cc-game ${className}`.trim()}>
      <div ref={boardRef} className="cc-game__board cc-card">
        {board}
      </div>
      <aside className="cc-game__side">
        {watchOnly && <WatchOnlyNotice address={address} onSignIn={requestSignIn} onPlayAsGuest={disconnect} />}
        <BetPanel
          {...panel}
          disabled={disabled || watchOnly}
          owner={watchOnly && address ? `${address.slice(0, 6)}…${address.slice(-4)} (watch-only)` : undefined}
        />
        {!watchOnly && (
          <div className="cc-game__controls cc-card">
            {controls}
            {refusal && <RefusalNote refusal={refusal} />}
          </div>
        )}
        {!watchOnly && speed && <div className="cc-game__speed cc-card">{speed}</div>}
        {verify && (
          <Button variant="ghost" size="sm" className="cc-game__verify" onClick={() => setVerifying(verify)}>
            Verify this bet
          </Button>
        )}
        {extras}
      </aside>
      {verifying && (
        <Suspense fallback={null}>
          <VerifyDialog bet={verifying} onClose={() => setVerifying(null)} />
        </Suspense>
      )}
    </div>
  );
}

/** Why the last bet was refused, beside the play buttons; the link goes where the player can change it. */
export function RefusalNote({ refusal }: { refusal: Refusal }) {
  return (
    <div className="cc-game__refusal" data-testid="bet-refusal">
      <p className="cc-game__refusal-title">{refusal.title}</p>
      {refusal.reason && <p>{refusal.reason}</p>}
      {refusal.help && <Link to={refusal.help.href}>{refusal.help.label}</Link>}
    </div>
  );
}

/** The outcome line under a board (polite live region). */
export function Outcome({ tone, children }: { tone?: 'win' | 'lose' | 'neutral'; children?: ReactNode }) {
  return (
    <p
      className={`cc-game__outcome cc-game__outcome--${tone ?? 'neutral'}`}
      role="status"
      aria-live="polite"
      data-testid="game-outcome"
    >
      {children}
    </p>
  );
}
