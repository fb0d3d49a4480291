/** Header wallet widget: guest on first load, Connect Wallet (Pera), dev wallet, Manual, verify, disconnect. */
export { WalletWidget } from './lib/wallet/wallet-widget';
/** Renders the shared store's toast inside the shell's ToastProvider. */
export { Toaster } from './lib/toast/toaster';
/** The `/fairness` page (seeds panel, verifier, bet history, paytables), loaded lazily with the game engine. */
export { LazyFairnessPage } from './lib/lazy';
