import { useCallback, useState } from 'react';
import {
  type DevWallet,
  errorMessage,
  registerWalletApp,
  walletAppResumeEnded,
  walletAppResuming,
  useDevWalletsQuery,
  useToast,
  useStoreWallet,
} from '@cosmic/web-data-access';
import { isAppKind } from './app-kind';
import { useLoadWalletApps } from './connectors/use-wallet-apps';
import type { WalletConnector } from './connectors/wallet-connector';
import { type AppKind, connectFailure, SIGN_IN_TEXT, walletName, walletTexts } from './connectors/wallet-texts';

/**
 * The widget's flows. Connect: the wallet app (through use-wallet) returns an address, the casino
 * opens a session for it (watch-only), and the wallet signs the sign-in challenge in the same step;
 * a refused or failed signature leaves the wallet connected watch-only. A failed connect shows the
 * spec's 'Pera Connection Failed' toast and opens the manual dialog.
 */
export function useWalletFlows(openManual: () => void) {
  // the widget's own reading of the wallet (wallet-widget.tsx says why)
  const wallet = useStoreWallet();
  const { toast } = useToast();
  const devWallets = useDevWalletsQuery();
  const loadApps = useLoadWalletApps();
  const [busy, setBusy] = useState<'connecting' | 'signing' | null>(null);
  const { verify, connect: openSession } = wallet;

  const signIn = useCallback(
    async (connector: WalletConnector, address: string, successTitle: string) => {
      setBusy('signing');
      try {
        await verify((challenge) => connector.signChallenge(challenge));
        toast({ title: successTitle, description: SIGN_IN_TEXT.signedInDescription(address), variant: 'success' });
        return true;
      } catch (e) {
        toast({
          title: SIGN_IN_TEXT.failedTitle,
          description: SIGN_IN_TEXT.failedDescription(errorMessage(e)),
          variant: 'error',
        });
        return false;
      } finally {
        setBusy(null);
      }
    },
    [verify, toast],
  );

  /** Connects a wallet app (the devnet's Mnemonic wallet with `demo`'s key), opens the session, signs in. */
  const connectApp = useCallback(
    async (kind: AppKind, demo?: DevWallet): Promise<boolean> => {
      const t = walletTexts(walletName(kind));
      setBusy('connecting');
      let connector: WalletConnector;
      let address: string;
      try {
        let apps;
        try {
          apps = await loadApps();
        } catch (e) {
          throw new Error(connectFailure(walletName(kind), e));
        }
        const found = apps.get(kind);
        if (!found) throw new Error(t.install);
        if (kind === 'dev') await apps.chooseDemoAccount(demo?.mnemonic ?? '');
        address = await found.connect(); // rejects with the spec's reason
        connector = found;
      } catch (e) {
        setBusy(null);
        toast({ title: t.failedTitle, description: t.failedDescription(errorMessage(e)), variant: 'error' });
        openManual();
        return false;
      }
      try {
        await openSession(address, kind);
      } catch (e) {
        setBusy(null);
        await connector.disconnect().catch(() => undefined);
        toast({ title: 'Connection Failed', description: errorMessage(e), variant: 'error' });
        return false;
      }
      registerWalletApp(kind, connector);
      return signIn(connector, address, t.connected);
    },
    [loadApps, openSession, openManual, signIn, toast],
  );

  /**
   * "Sign in with wallet" for the connected (watch-only) wallet: its wallet app signs a new
   * challenge; if use-wallet no longer holds that account, the app is connected again first.
   * Returns false when this wallet has no app (typed in): the caller offers the chooser instead.
   */
  const signInAgain = useCallback(async (): Promise<boolean> => {
    const { walletKind: kind, address } = wallet;
    if (!isAppKind(kind) || !address) return false;
    const apps = await loadApps().catch(() => null);
    const connector = apps?.get(kind);
    if (connector?.address === address) {
      registerWalletApp(kind, connector);
      await signIn(connector, address, SIGN_IN_TEXT.signedIn);
      return true;
    }
    await connectApp(
      kind,
      devWallets.data?.find((w) => w.address === address),
    );
    return true;
  }, [wallet, loadApps, signIn, connectApp, devWallets.data]);

  /** After a reload: resumes the session use-wallet kept for the stored wallet app, so disconnect and signing reach it. */
  const resumeApp = useCallback(async () => {
    try {
      // the app stored when the resume began, even if a disconnect has cleared the wallet since
      const target = walletAppResuming();
      if (!target || !isAppKind(target.kind)) return;
      const apps = await loadApps().catch(() => null);
      const resumed = await apps?.resume().catch(() => null);
      if (resumed && resumed.kind === target.kind && resumed.address === target.address)
        registerWalletApp(target.kind, resumed);
    } finally {
      walletAppResumeEnded();
    }
  }, [loadApps]);

  return {
    wallet,
    devWallets: devWallets.isSuccess && devWallets.data.length > 0 ? devWallets.data : null,
    busy,
    loadApps,
    connectApp,
    signInAgain,
    resumeApp,
  };
}
