import type { BaseWallet, SignMetadata } from '@txnlab/use-wallet';
import { type SignInChallenge, type SignInProof, WALLET_CANCELLED, type WalletApp } from '@cosmic/web-data-access';
import { watchConnect } from './connect-window';
import { closeBridge } from './wallet-bridge';
import { type AppKind, connectFailure, walletName, walletTexts } from './wallet-texts';

/** The part of a use-wallet wallet (its BaseWallet) the casino calls. */
export type LibraryWallet = Pick<
  BaseWallet,
  | 'metadata'
  | 'connect'
  | 'disconnect'
  | 'signTransactions'
  | 'canSignData'
  | 'signData'
  | 'isConnected'
  | 'activeAddress'
>;

// ARC-60 sign-in: scope AUTH (use-wallet's ScopeType.AUTH = 1), data given as base64.
const AUTH: SignMetadata = { scope: 1, encoding: 'base64' };

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/**
 * Whether a wallet's error means the player refused: ARC-27's 4001 (Lute, use-wallet's
 * SignTxnsError / SignDataError), or a cancel/reject text (Pera, Defly, WalletConnect), also one
 * level down where Pera wraps the original error in `data.detail`.
 */
export function isUserRejection(error: unknown): boolean {
  const seen = [error, (error as { data?: { detail?: unknown } } | null)?.data?.detail];
  return seen.some((e) => {
    if (typeof e !== 'object' || e === null) return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    return (
      code === 4001 || code === 4100 || (typeof message === 'string' && /cancel|reject|denied|declined/i.test(message))
    );
  });
}

/** Runs a signing request; a refusal in the wallet becomes WALLET_CANCELLED, anything else keeps its reason. */
async function signing<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (e) {
    throw isUserRejection(e) ? new Error(WALLET_CANCELLED) : e;
  }
}

/**
 * One wallet app behind use-wallet (Pera, Defly, Lute, or the devnet's Mnemonic wallet): connect
 * with the spec's failure texts, sign transactions and challenges (sign-in, a withdrawal elsewhere)
 * the way the wallet can, disconnect. Registered in data-access as the session's WalletApp.
 */
export class WalletConnector implements WalletApp {
  readonly name: string;

  constructor(
    readonly kind: AppKind,
    private readonly wallet: LibraryWallet,
  ) {
    this.name = walletName(kind);
  }

  /** The spec's texts with this wallet's name. */
  get texts() {
    return walletTexts(this.name);
  }

  /** The wallet's icon from use-wallet (a data: URL). */
  get icon(): string {
    return this.wallet.metadata.icon;
  }

  /** The account use-wallet has active for this wallet (after connect or a resumed session). */
  get address(): string | null {
    return this.wallet.isConnected ? this.wallet.activeAddress : null;
  }

  /**
   * Asks the wallet for its accounts; resolves with the active one, rejects with the spec's reason,
   * also when the player closes the wallet's window or it stays unanswered (connect-window.ts).
   * A connect that failed leaves no bridge socket retrying behind it (wallet-bridge.ts).
   */
  async connect(): Promise<string> {
    let address: string | undefined;
    const watch = watchConnect(this.kind, document);
    try {
      const accounts = await Promise.race([this.wallet.connect(), watch.givenUp]);
      address = this.wallet.activeAddress ?? accounts[0]?.address;
    } catch (e) {
      closeBridge(this.wallet);
      throw new Error(connectFailure(this.name, e));
    } finally {
      watch.stop();
    }
    if (!address) throw new Error(connectFailure(this.name, new Error(this.texts.noAccounts)));
    return address;
  }

  /**
   * Signs unsigned transactions (the deposit the server built) exactly as given; resolves with
   * the signed bytes in order. A refusal rejects with WALLET_CANCELLED.
   */
  async signTransactions(txns: Uint8Array[]): Promise<Uint8Array[]> {
    const signed = await signing(() => this.wallet.signTransactions(txns));
    if (signed.length !== txns.length || signed.some((t) => !t))
      throw new Error(`${this.name} Wallet did not sign every transaction`);
    return signed as Uint8Array[];
  }

  /**
   * Signs an ownership challenge (sign-in, or a withdrawal to another address): ARC-60 `signData`
   * (scope AUTH) where the wallet supports it, else the challenge's never-valid 0-ALGO
   * self-payment, which every wallet can sign. A refusal rejects with WALLET_CANCELLED.
   */
  async signChallenge(challenge: SignInChallenge): Promise<SignInProof> {
    if (this.wallet.canSignData) {
      const signed = await signing(() => this.wallet.signData(challenge.arc60.data, AUTH));
      return { signatureB64: toBase64(signed.signature), authenticatorDataB64: toBase64(signed.authenticatorData) };
    }
    const [signed] = await signing(() => this.wallet.signTransactions([fromBase64(challenge.txnB64)]));
    if (!signed) throw new Error(`${this.name} Wallet did not sign the request`);
    return { signedTxnB64: toBase64(signed) };
  }

  /** Ends the wallet's session (use-wallet forgets it too). */
  async disconnect(): Promise<void> {
    await this.wallet.disconnect();
  }
}
