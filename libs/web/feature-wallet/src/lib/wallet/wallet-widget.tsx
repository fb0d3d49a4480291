import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { errorMessage, useStoreWallet, useToast, walletActions, walletAppResumeStarted } from '@cosmic/web-data-access';
import { formatMoney } from '@cosmic/web-ui';
import { isAppKind } from './app-kind';
import { AMINA_WIDGET_DECIMALS } from './format';
import { ConnectActions, WalletActions } from './wallet-actions';
import type { FlowRequest, FlowsBusy } from './wallet-flows';
import { WalletSummary } from './wallet-summary';
import './wallet.css';

// The connect and sign-in flows with their dialogs are a chunk of their own, loaded on the first
// press of Connect Wallet, Manual or Sign in; the wallet library (use-wallet) is another, fetched
// when the chooser opens. The balances and Disconnect are here from the first paint.
const WalletFlows = lazy(() => import(/* webpackChunkName: "wallet-flows" */ './wallet-flows'));

/**
 * The header's wallet widget: guest on first load, connect (chooser / manual), sign in, disconnect.
 * Inline on a wide screen; on a narrow one the header's Menu holds it and WalletBalance stays in sight.
 */
export function WalletWidget() {
  const [request, setRequest] = useState<FlowRequest | null>(null);
  const [busy, setBusy] = useState<FlowsBusy>(null);
  // Straight from the store, not a render behind it as the screens read it (useWallet): a press on
  // Connect Wallet held from before the page hydrated is replayed once the shell has hydrated
  // (tools/webpack/route-preload.js), and it must find the button as the session is then (busy
  // while the first load's session starts), not as the server drew it. The widget is small.
  const wallet = useStoreWallet();
  const { toast } = useToast();
  const { init, status, walletKind, signInRequested } = wallet;
  useEffect(() => init(), [init]);

  const ask = useCallback((action: FlowRequest['action']) => {
    setRequest((r) => ({ action, id: (r?.id ?? 0) + 1 }));
  }, []);

  // After the first load restored a wallet app's casino session, resume the wallet session use-wallet kept.
  const restored = useRef(false);
  useEffect(() => {
    if (status !== 'ready' || restored.current) return;
    restored.current = true;
    if (!isAppKind(walletKind) || !wallet.address) return;
    // a disconnect pressed before the app is back waits for it, and the resume keeps its target
    walletAppResumeStarted({ kind: walletKind, address: wallet.address });
    ask('resume');
  }, [status, walletKind, wallet.address, ask]);

  // "Sign in with wallet" asked from another screen (a bet panel's watch-only notice)
  const dispatch = useDispatch();
  useEffect(() => {
    if (!signInRequested) return;
    dispatch(walletActions.signInHandled());
    ask('sign-in');
  }, [signInRequested, dispatch, ask]);

  // the player's record has arrived: until then (and on the prerendered page) placeholders stand for the amounts
  const known = wallet.user !== undefined;

  const disconnect = () =>
    wallet
      .disconnect()
      .catch((e: unknown) => toast({ title: 'Connection Failed', description: errorMessage(e), variant: 'error' }));

  return (
    <div className="cc-wallet">
      <WalletSummary
        address={wallet.address}
        hasWallet={wallet.hasWallet}
        aminaText={known ? formatMoney(wallet.balances.amina, 'AMINA', AMINA_WIDGET_DECIMALS) : null}
        hcText={known ? formatMoney(wallet.balances.hc, 'HC') : null}
        optedIn={wallet.optedIn}
        ownershipVerified={wallet.ownershipVerified}
      />
      {wallet.hasWallet ? (
        <WalletActions
          signedIn={wallet.ownershipVerified}
          signingIn={busy !== null}
          onSignIn={() => ask('sign-in')}
          onDisconnect={() => void disconnect()}
        />
      ) : (
        <ConnectActions
          busy={busy !== null || status === 'connecting'}
          onConnect={() => ask('chooser')}
          onManual={() => ask('manual')}
        />
      )}
      {request && (
        <Suspense fallback={null}>
          <WalletFlows request={request} onBusy={setBusy} />
        </Suspense>
      )}
    </div>
  );
}
