import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BetPanel, type BetPanelProps } from '@cosmic/web-ui';
import { type VerifyParams, verifyHref } from './use-game-bet';
import './games.css';

/** A game screen: the board on the left, the bet panel, controls and the verify link on the right. */
export function GameLayout({ board, controls, panel, disabled, verify, className = '' }: {
  board: ReactNode;
  controls: ReactNode;
  panel: Omit<BetPanelProps, 'disabled'>;
  disabled?: boolean;
  verify?: VerifyParams | null;
  className?: string;
}) {
  return (
    <div className={`cc-game ${className}`.trim()}>
      <div className="cc-game__board cc-card">{board}</div>
      <aside className="cc-game__side">
        <BetPanel {...panel} disabled={disabled} />
        <div className="cc-game__controls cc-card">{controls}</div>
        {verify && (
          <Link className="cc-game__verify" to={verifyHref(verify)}>
            Verify this bet
          </Link>
        )}
      </aside>
    </div>
  );
}

/** The outcome line under a board (polite live region). */
export function Outcome({ tone, children }: { tone?: 'win' | 'lose' | 'neutral'; children?: ReactNode }) {
  return (
    <p className={`cc-game__outcome cc-game__outcome--${tone ?? 'neutral'}`} role="status" aria-live="polite" data-testid="game-outcome">
      {children}
    </p>
  );
}
