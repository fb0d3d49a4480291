import type { WalletApps, WalletAppsConfig } from './wallet-manager';

let loading: Promise<WalletApps> | null = null;

/** Loads use-wallet as its own chunk and builds the wallet manager, once per page (a failed load may be retried). */
export function loadWalletApps(config: WalletAppsConfig): Promise<WalletApps> {
  if (!loading) {
    loading = import(/* webpackChunkName: "wallet-connect" */ './wallet-manager').then((m) =>
      m.createWalletApps(config),
    );
    loading.catch(() => (loading = null));
  }
  return loading;
}
