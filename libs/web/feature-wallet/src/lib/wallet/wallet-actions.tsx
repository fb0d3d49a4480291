import { Button } from '@cosmic/web-ui';

export interface ConnectActionsProps {
  /** Opens the wallet chooser (Pera, Defly, Lute, devnet demo wallets, manual). */
  onConnect(): void;
  onManual(): void;
  busy: boolean;
}

/** Guest actions: connect a wallet app (the chooser) or type an address (the buttons 'Connect Wallet' and 'Manual'). */
export function ConnectActions({ onConnect, onManual, busy }: ConnectActionsProps) {
  return (
    <div className="cc-wallet__actions">
      <Button variant="primary" size="sm" onClick={onConnect} disabled={busy}>
        <span className="cc-wallet__steady">{busy ? 'Connecting…' : 'Connect Wallet'}</span>
      </Button>
      <Button size="sm" variant="ghost" onClick={onManual} disabled={busy}>
        Manual
      </Button>
    </div>
  );
}

export interface WalletActionsProps {
  /** The session proved the wallet's key (signed in); otherwise it is watch-only. */
  signedIn: boolean;
  onSignIn(): void;
  onDisconnect(): void;
  signingIn: boolean;
}

/** Connected-wallet actions: "Sign in with wallet" while watch-only, and disconnect. */
export function WalletActions({ signedIn, onSignIn, onDisconnect, signingIn }: WalletActionsProps) {
  return (
    <div className="cc-wallet__actions">
      {!signedIn && (
        // "Sign in" is what fits in the header; the button's name says the whole action
        <Button
          variant="primary"
          size="sm"
          onClick={onSignIn}
          disabled={signingIn}
          aria-label={signingIn ? 'Signing in…' : 'Sign in with wallet'}
        >
          {signingIn ? 'Signing in…' : 'Sign in'}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onDisconnect}>
        Disconnect
      </Button>
    </div>
  );
}

/**
 * A button's label that changes without moving the header: every label is laid in one cell, the
 * box as wide as the widest, and only the shown one is visible (and so names the button). The first
 * load's guest session turns "Connect Wallet" into "Connecting…" right after hydration.
 */
