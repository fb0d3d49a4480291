/**
 * A wallet app the casino can connect to and ask for signatures. Pera implements it once its
 * package is bundled; the devnet's dev wallet signs with a demo account's mnemonic instead.
 */
export interface WalletConnector {
  /** Asks the app for its accounts; rejects with a message the player can read. */
  connect(): Promise<string[]>;
  disconnect(): Promise<void>;
  /** Signs base64 unsigned transactions; returns base64 signed transactions. */
  signTransactions(txnsB64: string[]): Promise<string[]>;
}

/** Spec §8: the errors of the wallet app. */
export const PERA_NOT_INSTALLED = 'Pera Wallet is not installed. Please install Pera Wallet extension.';
