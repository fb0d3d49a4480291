/** Header wallet widget: guest on first load, Connect Wallet (Pera), dev wallet, Manual, verify, disconnect. */
export { WalletWidget } from './lib/wallet/wallet-widget';
/** The header's balance (HC, and AMINA with a wallet), kept in sight on a narrow screen. */
export { WalletBalance } from './lib/wallet/wallet-balance';
