import { useEffect, useRef, useState } from 'react';
import ManualConnectDialog from './manual-connect-dialog';
import { useWalletFlows } from './use-wallet-flows';
import VerifyOwnershipDialog from './verify-ownership-dialog';
import WalletChooserDialog from './wallet-chooser-dialog';

/** What the header asked for: the chooser, the manual dialog, signing in, or resuming a wallet app's session after a reload. */
export interface FlowRequest {
  action: 'chooser' | 'manual' | 'sign-in' | 'resume';
  /** A new id for every press: the same action asked twice runs twice. */
  id: number;
}

export type FlowsBusy = 'connecting' | 'signing' | null;

export interface WalletFlowsProps {
  request: FlowRequest;
  /** The flow in progress, for the header's buttons ("Connecting…", "Signing in…"). */
  onBusy(busy: FlowsBusy): void;
}

type DialogName = 'chooser' | 'sign-in' | 'manual' | 'verify' | null;

/**
 * The wallet widget's connect and sign-in flows with their dialogs: a chunk of its own
 * ("wallet-flows"), loaded the first time the player presses Connect Wallet, Manual or Sign in
 * (or a stored wallet app's session is resumed), so `/` does not download them. It stays mounted
 * afterwards and runs each new request.
 */
export default function WalletFlows({ request, onBusy }: WalletFlowsProps) {
  const [dialog, setDialog] = useState<DialogName>(null);
  const { wallet, devWallets, busy, loadApps, connectApp, signInAgain, resumeApp } = useWalletFlows(() =>
    setDialog('manual'),
  );
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const handled = useRef(0);
  useEffect(() => {
    if (request.id === handled.current) return;
    handled.current = request.id;
    if (request.action === 'chooser' || request.action === 'manual') setDialog(request.action);
    // "Sign in with wallet": the wallet app signs; a typed address gets the chooser in sign-in mode
    else if (request.action === 'sign-in') void signInAgain().then((signed) => signed || setDialog('sign-in'));
    else void resumeApp();
  }, [request, signInAgain, resumeApp]);

  if (dialog === 'chooser' || dialog === 'sign-in') {
    return (
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
    );
  }
  if (dialog === 'manual') return <ManualConnectDialog onClose={() => setDialog(null)} />;
  if (dialog === 'verify') return <VerifyOwnershipDialog onClose={() => setDialog(null)} />;
  return null;
}
