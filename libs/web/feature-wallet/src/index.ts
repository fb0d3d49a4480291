/** Header wallet widget: guest on first load, Connect Wallet (Pera), dev wallet, Manual, verify, disconnect. */
export { WalletWidget } from './lib/wallet/wallet-widget';
/** The header's balance (HC, and AMINA with a wallet), kept in sight on a narrow screen. */
export { WalletBalance } from './lib/wallet/wallet-balance';
/** The toast layer (Radix provider, F8 notification area, the store's one toast), loaded on first use. */
export { ToastHost } from './lib/toast/toast-host';
/** The `/fairness` page (seeds panel, verifier, bet history, paytables), loaded lazily with the game engine. */
export { LazyFairnessPage } from './lib/lazy';
/** The `/fairness/reserves` page (snapshots, anchoring transaction, "Check my balance"), loaded lazily with the game engine. */
export { LazyReservesPage } from './lib/lazy';
