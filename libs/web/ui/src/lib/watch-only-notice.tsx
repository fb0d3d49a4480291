import { useState } from 'react';
import { Button } from './button';

/** The watch-only notice's texts. */
export const WATCH_ONLY_TEXT = {
  title: 'Watch-only wallet: sign in with your wallet to play with it',
  body: 'Anyone can type an address, so a wallet plays only after it signs the one-time sign-in message. Or play House Coins on your own guest account.',
  signIn: 'Sign in with wallet',
  guest: 'Play as guest',
} as const;

/** What the notice shows and does: the wallet, "Sign in with wallet", and "Play as guest" (resolves once switched). */
export interface WatchOnlyNoticeProps {
  address: string | null;
  onSignIn: () => void;
  onPlayAsGuest: () => Promise<unknown>;
}

/**
 * Shown instead of play buttons while the connected wallet is watch-only: the server would refuse
 * every bet (403), so the player is offered to sign in or to go back to their guest.
 */
export function WatchOnlyNotice({ address, onSignIn, onPlayAsGuest }: WatchOnlyNoticeProps) {
  const [leaving, setLeaving] = useState(false);
  const playAsGuest = () => {
    setLeaving(true);
    void onPlayAsGuest()
      .catch(() => undefined) // the wallet widget's toast says what went wrong
      .finally(() => setLeaving(false));
  };
  return (
    <section className="cc-watch-only cc-card" aria-labelledby="cc-watch-only-title" data-testid="watch-only-notice">
      <p id="cc-watch-only-title" className="cc-watch-only__title">
        {WATCH_ONLY_TEXT.title}
      </p>
      <p className="cc-watch-only__body">
        {address && (
          <span className="cc-mono cc-watch-only__address">
            {address.slice(0, 6)}…{address.slice(-4)}
          </span>
        )}{' '}
        {WATCH_ONLY_TEXT.body}
      </p>
      <div className="cc-watch-only__actions">
        <Button variant="primary" onClick={onSignIn} disabled={leaving}>
          {WATCH_ONLY_TEXT.signIn}
        </Button>
        <Button variant="ghost" onClick={playAsGuest} disabled={leaving}>
          {leaving ? 'Switching…' : WATCH_ONLY_TEXT.guest}
        </Button>
      </div>
    </section>
  );
}
