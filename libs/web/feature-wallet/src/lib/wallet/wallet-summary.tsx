import { Badge } from '@cosmic/web-ui';
import { groupDigits, shortAddress } from './format';

export interface WalletSummaryProps {
  address: string | null;
  hasWallet: boolean;
  aminaText: string;
  hcText: string;
  optedIn: boolean | null;
  ownershipVerified: boolean;
}

/** Who is playing and with what: guest HC, or the short address, AMINA (3 decimals) and badges (opt-in, signed in or watch-only). */
export function WalletSummary({
  address,
  hasWallet,
  aminaText,
  hcText,
  optedIn,
  ownershipVerified,
}: WalletSummaryProps) {
  if (!hasWallet || !address) {
    return (
      <div className="cc-wallet__summary" aria-label="Guest balance">
        <span className="cc-wallet__who">Guest</span>
        <span className="cc-wallet__amount" data-testid="hc-balance">
          {groupDigits(hcText)} HC
        </span>
      </div>
    );
  }
  return (
    <div
      className="cc-wallet__summary cc-wallet__summary--wallet"
      aria-label="Connected wallet"
      data-watch-only={!ownershipVerified || undefined}
    >
      <span className="cc-wallet__who cc-mono" title={address} data-testid="wallet-address">
        {shortAddress(address)}
      </span>
      <span className="cc-wallet__amount cc-wallet__amount--amina" data-testid="amina-balance">
        {groupDigits(aminaText)} AMINA
      </span>
      <span className="cc-wallet__amount cc-wallet__amount--hc">{groupDigits(hcText)} HC</span>
      {optedIn === false && (
        <span className="cc-wallet__optin">
          <Badge tone="gold">Need AMINA opt-in</Badge>
        </span>
      )}
      {ownershipVerified ? (
        <span className="cc-wallet__status">
          <Badge tone="cyan">Signed in</Badge>
        </span>
      ) : (
        <span
          className="cc-wallet__status"
          title="You can see this wallet's balances but not play with it until you sign in with the wallet"
        >
          <Badge>Watch-only</Badge>
        </span>
      )}
    </div>
  );
}
