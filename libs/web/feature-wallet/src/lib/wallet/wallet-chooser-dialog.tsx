import { useEffect, useState } from 'react';
import type { DevWallet } from '@cosmic/web-data-access';
import { Badge, Button, Dialog } from '@cosmic/web-ui';
import type { WalletApps } from './connectors/wallet-manager';
import { type AppKind, WALLET_APPS } from './connectors/wallet-texts';
import { shortAddress } from './format';
import './wallet-dialogs.css';

export interface WalletChooserProps {
  /** Loads use-wallet (its own chunk): started when the chooser opens, so the icons and the wallets are ready by the time one is picked. */
  loadApps(): Promise<WalletApps>;
  /** The devnet's demo accounts (GET /api/dev/wallets), offered only if use-wallet runs its Mnemonic wallet (never on mainnet). */
  demoAccounts: DevWallet[] | null;
  /** Signing in a typed (watch-only) address: the chooser says which account to connect, and offers pasting a signature. */
  signInFor?: string | null;
  onPick(kind: AppKind, demo?: DevWallet): void;
  onManual(): void;
  onPaste(): void;
  onClose(): void;
}

/** "Connect Wallet": Pera first, Defly, Lute, the devnet's demo accounts, or an address typed in (watch-only). */
export default function WalletChooserDialog({
  loadApps,
  demoAccounts,
  signInFor,
  onPick,
  onManual,
  onPaste,
  onClose,
}: WalletChooserProps) {
  const [apps, setApps] = useState<WalletApps | null>(null);
  useEffect(() => {
    let live = true;
    loadApps().then(
      (a) => live && setApps(a),
      () => undefined,
    ); // a failed load is reported when a wallet is picked
    return () => void (live = false);
  }, [loadApps]);
  const demos = apps?.get('dev') ? demoAccounts : null;

  const description = signInFor
    ? `Sign in as ${shortAddress(signInFor)}: connect the wallet that holds this account and approve the sign-in message, or paste a signature made elsewhere.`
    : 'Connect the wallet that holds your Algorand account. It signs a one-time sign-in message to prove the account is yours; nothing is sent to the network.';
  return (
    <Dialog title={signInFor ? 'Sign in with wallet' : 'Connect Wallet'} description={description} onClose={onClose}>
      <ul className="cc-wallet-apps" aria-label="Wallet apps">
        {WALLET_APPS.map(({ kind, name }) => {
          const icon = apps?.get(kind)?.icon;
          return (
            <li key={kind}>
              <button type="button" className="cc-wallet-apps__item" onClick={() => onPick(kind)}>
                {icon ? (
                  <img className="cc-wallet-apps__icon" src={icon} alt="" width={40} height={40} />
                ) : (
                  <span className="cc-wallet-apps__icon cc-wallet-apps__icon--empty" aria-hidden="true">
                    {name[0]}
                  </span>
                )}
                <span className="cc-wallet-apps__name">{name} Wallet</span>
              </button>
            </li>
          );
        })}
      </ul>
      {demos && demos.length > 0 && (
        <section className="cc-wallet-apps__demo" aria-labelledby="cc-demo-wallets">
          <h3 id="cc-demo-wallets" className="cc-wallet-apps__heading">
            Devnet demo wallets
          </h3>
          <p className="cc-wallet-apps__demo-note">
            Test accounts of the local devnet, signed in through use-wallet&apos;s Mnemonic wallet. Never offered on
            mainnet.
          </p>
          <ul className="cc-dev-wallets">
            {demos.map((w) => (
              <li key={w.address}>
                <button type="button" className="cc-dev-wallets__item" onClick={() => onPick('dev', w)}>
                  <span className="cc-dev-wallets__label">{w.label}</span>
                  <span className="cc-dev-wallets__line">
                    <span className="cc-mono cc-dev-wallets__address">{shortAddress(w.address)}</span>
                    {w.optedIn === false && <Badge tone="gold">No opt-in</Badge>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="cc-wallet-apps__other">
        {signInFor && (
          <Button size="sm" onClick={onPaste}>
            Paste a signature made elsewhere
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onManual}>
          Enter address manually
        </Button>
        <span className="cc-wallet-dialog__note">
          A typed address is watch-only: you see its balances but cannot play with it.
        </span>
      </div>
    </Dialog>
  );
}
