import type { ReactNode } from 'react';
import { Badge, Skeleton } from '@cosmic/web-ui';
import { shortAddress } from './format';

export interface WalletSummaryProps {
  address: string | null;
  hasWallet: boolean;
  /** The AMINA balance as written (formatMoney, 3 decimals): "12.345 AMINA"; null while the player's record loads. */
  aminaText: string | null;
  /** The House Coins balance as written (formatMoney): "1,000 HC"; null while the player's record loads. */
  hcText: string | null;
  optedIn: boolean | null;
  ownershipVerified: boolean;
}

/**
 * An amount, or while it is unknown (and on the prerendered page, apps/shell/src/prerender.tsx) a
 * placeholder of the same box (wallet.css gives both the guest balance's width), without the test id
 * the amount has: the amount fills in after hydration where the placeholder stood.
 */
function Amount({ className, testId, text }: { className: string; testId: string; text: string | null }): ReactNode {
  if (text === null) {
    return (
      <span className={`${className} cc-wallet__amount--placeholder`}>
        <span className="cc-sr-only">Loading</span>
        <Skeleton />
      </span>
    );
  }
  return (
    <span className={className} data-testid={testId}>
      {text}
    </span>
  );
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
        <Amount className="cc-wallet__amount" testId="hc-balance" text={hcText} />
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
      <Amount className="cc-wallet__amount cc-wallet__amount--amina" testId="amina-balance" text={aminaText} />
      <Amount className="cc-wallet__amount cc-wallet__amount--hc" testId="wallet-hc-balance" text={hcText} />
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
