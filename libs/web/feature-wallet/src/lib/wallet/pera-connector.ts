import { PERA_NOT_INSTALLED, type WalletConnector } from './wallet-connectors';

/**
 * Pera Wallet behind the WalletConnector interface.
 *
 * TODO(pera): @perawallet/connect 1.6.0 is not installed yet. When it is, load it lazily here so
 * it becomes its own chunk (it is ~233 KB gzip with algosdk and must stay out of the first load):
 *   const { PeraWalletConnect } = await import('@perawallet/connect');
 *   const pera = new PeraWalletConnect({ chainId: 416001 });
 *   connect → pera.connect() (accounts; 'No accounts returned from Pera Wallet' when empty),
 *   disconnect → pera.disconnect(), signTransactions → pera.signTransaction([[{ txn }]]).
 * Until then every call fails with the spec's "not installed" error, which the widget turns into
 * the 'Pera Connection Failed' toast and opens the manual dialog.
 */
export const peraConnector: WalletConnector = {
  async connect() {
    throw new Error(PERA_NOT_INSTALLED);
  },
  async disconnect() {
    // nothing to disconnect while Pera is not bundled
  },
  async signTransactions() {
    throw new Error(PERA_NOT_INSTALLED);
  },
};
