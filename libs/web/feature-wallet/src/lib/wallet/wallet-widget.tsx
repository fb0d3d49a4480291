import { lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { registerWalletApp } from '@cosmic/web-data-access';
import { groupDigits } from './format';
import { peraConnector } from './pera-connector';
import { useWalletFlows } from './use-wallet-flows';
import { ConnectActions, WalletActions } from './wallet-actions';
import { WalletMenuToggle } from './wallet-menu-toggle';
import { WalletSummary } from './wallet-summary';
import './wallet.css';

// The dialogs (and the address checksum code they use) load on first open, not with the page.
const ManualConnectDialog = lazy(() => import(/* webpackChunkName: "wallet-dialogs" */ './manual-connect-dialog'));
const DevWalletDialog = lazy(() => import(/* webpackChunkName: "wallet-dialogs" */ './dev-wallet-dialog'));
const VerifyOwnershipDialog = lazy(() => import(/* webpackChunkName: "wallet-dialogs" */ './verify-ownership-dialog'));

registerWalletApp('pera', peraConnector);

type DialogName = 'manual' | 'dev' | 'verify' | null;

/** The header's wallet widget: guest on first load, connect (Pera / dev / manual), verify, disconnect. */
export function WalletWidget() {
  const [dialog, setDialog] = useState<DialogName>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const open = (d: DialogName) => {
    setMenuOpen(false);
    setDialog(d);
  };
  const { wallet, devWallets, connectPera, verifyDev, verifying, disconnect } = useWalletFlows(() => open('manual'));
  const { init } = wallet;
  useEffect(() => init(), [init]);
  useCloseOnOutside(root, menuOpen, () => setMenuOpen(false));

  const onVerify = () => (wallet.walletKind === 'dev' ? void verifyDev() : open('verify'));
  return (
    <div className="cc-wallet" ref={root} data-open={menuOpen || undefined}>
      <WalletMenuToggle open={menuOpen} controls={panelId} label={wallet.hasWallet ? `${groupDigits(wallet.balances.aminaText)} AMINA` : `${groupDigits(wallet.balances.hcText)} HC`} onToggle={() => setMenuOpen((o) => !o)} />
      <div className="cc-wallet__panel" id={panelId}>
        <WalletSummary address={wallet.address} hasWallet={wallet.hasWallet} aminaText={wallet.balances.aminaText} hcText={wallet.balances.hcText} optedIn={wallet.optedIn} ownershipVerified={wallet.ownershipVerified} />
        {wallet.hasWallet ? (
          <WalletActions ownershipVerified={wallet.ownershipVerified} verifying={verifying} onVerify={onVerify} onDisconnect={() => void disconnect()} />
        ) : (
          <ConnectActions busy={wallet.status === 'connecting'} onConnect={() => void connectPera()} onManual={() => open('manual')} onDevWallet={devWallets?.length ? () => open('dev') : undefined} />
        )}
      </div>
      <Suspense fallback={null}>
        {dialog === 'manual' && <ManualConnectDialog onClose={() => setDialog(null)} />}
        {dialog === 'dev' && devWallets && <DevWalletDialog wallets={devWallets} onClose={() => setDialog(null)} />}
        {dialog === 'verify' && <VerifyOwnershipDialog onClose={() => setDialog(null)} />}
      </Suspense>
    </div>
  );
}

function useCloseOnOutside(root: RefObject<HTMLElement | null>, active: boolean, close: () => void) {
  useEffect(() => {
    if (!active) return;
    const onPointer = (e: PointerEvent) => root.current?.contains(e.target as Node) || close();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [root, active, close]);
}
