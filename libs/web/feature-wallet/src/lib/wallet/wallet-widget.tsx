import { lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { walletActions } from '@cosmic/web-data-access';
import { groupDigits } from './format';
import { isAppKind, useWalletFlows } from './use-wallet-flows';
import { ConnectActions, WalletActions } from './wallet-actions';
import { WalletMenuToggle } from './wallet-menu-toggle';
import { WalletSummary } from './wallet-summary';
import './wallet.css';

// The dialogs load on first open, not with the page; the wallet library (use-wallet) is its own
// chunk, fetched when the chooser opens.
const WalletChooserDialog = lazy(() => import(/* webpackChunkName: "wallet-dialogs" */ './wallet-chooser-dialog'));
const ManualConnectDialog = lazy(() => import(/* webpackChunkName: "wallet-dialogs" */ './manual-connect-dialog'));
const VerifyOwnershipDialog = lazy(() => import(/* webpackChunkName: "wallet-dialogs" */ './verify-ownership-dialog'));

type DialogName = 'chooser' | 'sign-in' | 'manual' | 'verify' | null;

/** The header's wallet widget: guest on first load, connect (chooser / manual), sign in, disconnect. */
export function WalletWidget() {
  const [dialog, setDialog] = useState<DialogName>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const open = (d: DialogName) => {
    setMenuOpen(false);
    setDialog(d);
  };
  const { wallet, devWallets, busy, loadApps, connectApp, signInAgain, resumeApp, disconnect } = useWalletFlows(() => open('manual'));
  const { init, status, walletKind, signInRequested } = wallet;
  useEffect(() => init(), [init]);
  useCloseOnOutside(root, menuOpen, () => setMenuOpen(false));

  // After the first load restored a wallet app's casino session, resume the wallet session use-wallet kept.
  const restored = useRef(false);
  useEffect(() => {
    if (status !== 'ready' || restored.current) return;
    restored.current = true;
    if (isAppKind(walletKind)) void resumeApp();
  }, [status, walletKind, resumeApp]);

  // "Sign in with wallet": the wallet app signs; a typed address gets the chooser in sign-in mode.
  const signIn = async () => {
    setMenuOpen(false);
    if (!(await signInAgain())) setDialog('sign-in');
  };
  const dispatch = useDispatch();
  useEffect(() => {
    if (!signInRequested) return;
    dispatch(walletActions.signInHandled());
    void signIn(); // asked from another screen (a bet panel's watch-only notice)
  });

  return (
    <div className="cc-wallet" ref={root} data-open={menuOpen || undefined}>
      <WalletMenuToggle open={menuOpen} controls={panelId} label={wallet.hasWallet ? `${groupDigits(wallet.balances.aminaText)} AMINA` : `${groupDigits(wallet.balances.hcText)} HC`} onToggle={() => setMenuOpen((o) => !o)} />
      <div className="cc-wallet__panel" id={panelId}>
        <WalletSummary address={wallet.address} hasWallet={wallet.hasWallet} aminaText={wallet.balances.aminaText} hcText={wallet.balances.hcText} optedIn={wallet.optedIn} ownershipVerified={wallet.ownershipVerified} />
        {wallet.hasWallet ? (
          <WalletActions signedIn={wallet.ownershipVerified} signingIn={busy !== null} onSignIn={() => void signIn()} onDisconnect={() => void disconnect()} />
        ) : (
          <ConnectActions busy={busy !== null || status === 'connecting'} onConnect={() => open('chooser')} onManual={() => open('manual')} />
        )}
      </div>
      <Suspense fallback={null}>
        {(dialog === 'chooser' || dialog === 'sign-in') && (
          <WalletChooserDialog
            loadApps={loadApps}
            demoAccounts={devWallets}
            signInFor={dialog === 'sign-in' ? wallet.address : null}
            onPick={(kind, demo) => {
              setDialog(null); // the wallet app shows its own screens
              void connectApp(kind, demo);
            }}
            onManual={() => setDialog('manual')}
            onPaste={() => setDialog('verify')}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'manual' && <ManualConnectDialog onClose={() => setDialog(null)} />}
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
