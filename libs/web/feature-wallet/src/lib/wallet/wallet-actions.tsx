import { Button } from '@cosmic/web-ui';

export interface ConnectActionsProps {
  onConnect(): void;
  onManual(): void;
  /** Shown only on the devnet (GET /api/dev/wallets answered). */
  onDevWallet?: () => void;
  busy: boolean;
}

/** Guest actions: the wallet app, the devnet's dev wallet, and manual address entry. */
export function ConnectActions({ onConnect, onManual, onDevWallet, busy }: ConnectActionsProps) {
  return (
    <div className="cc-wallet__actions">
      <Button variant="primary" size="sm" onClick={onConnect} disabled={busy}>Connect Wallet</Button>
      {onDevWallet && <Button size="sm" onClick={onDevWallet} disabled={busy}>Dev wallet</Button>}
      <Button size="sm" variant="ghost" onClick={onManual} disabled={busy}>Manual</Button>
    </div>
  );
}

export interface WalletActionsProps {
  ownershipVerified: boolean;
  onVerify(): void;
  onDisconnect(): void;
  verifying: boolean;
}

/** Connected-wallet actions: prove ownership (until proven) and disconnect. */
export function WalletActions({ ownershipVerified, onVerify, onDisconnect, verifying }: WalletActionsProps) {
  return (
    <div className="cc-wallet__actions">
      {!ownershipVerified && (
        <Button variant="primary" size="sm" onClick={onVerify} disabled={verifying}>
          {verifying ? 'Verifying…' : 'Verify ownership'}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onDisconnect}>Disconnect</Button>
    </div>
  );
}
