import type { WalletKind } from '@cosmic/web-data-access';
import { shortAddress } from '../format';

/** A wallet app the chooser offers (use-wallet connects it): Pera, Defly, Lute, or the devnet's demo accounts. */
export type AppKind = Exclude<WalletKind, 'guest' | 'manual'>;

/** The wallet apps in the chooser's order: Pera first, as the spec's button names it. */
export const WALLET_APPS: ReadonlyArray<{ kind: Exclude<AppKind, 'dev'>; name: string }> = [
  { kind: 'pera', name: 'Pera' },
  { kind: 'defly', name: 'Defly' },
  { kind: 'lute', name: 'Lute' },
];

/** The name used in a wallet's texts ("Pera Wallet Connected!", "Dev Wallet Connected!"). */
export function walletName(kind: AppKind): string {
  return kind === 'dev' ? 'Dev' : (WALLET_APPS.find((w) => w.kind === kind)?.name ?? kind);
}

/**
 * The wallet texts, with the wallet's name where the specification's texts say "Pera". The reason a connect
 * failed is one of `install`, `failedWith(...)` or `failedGeneric`; the toast shows it as
 * `failedDescription(reason)` under `failedTitle`.
 */
export function walletTexts(name: string) {
  return {
    connected: `${name} Wallet Connected!`,
    failedTitle: `${name} Connection Failed`,
    failedDescription: (reason: string) => `${reason} - Try manual entry instead.`,
    notInstalled: `${name} Wallet is not installed. Please install ${name} Wallet extension.`,
    noAccounts: `No accounts returned from ${name} Wallet`,
    failedWith: (message: string) => `${name} Wallet connection failed: ${message}`,
    failedGeneric: `Failed to connect ${name} Wallet. Please try manual address entry.`,
    install: `Please install ${name} Wallet or enter your wallet address manually`,
  };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string')
    return (error as { message: string }).message;
  return typeof error === 'string' ? error : '';
}

/**
 * Why a connect failed, as the spec words it: a wallet that is not there (its code could not load,
 * or the app says it is not installed) asks to install it; use-wallet's "No accounts found!" becomes
 * the spec's 'No accounts returned from … Wallet'; any other message is named; no message at all
 * gets the generic text.
 */
export function connectFailure(name: string, error: unknown): string {
  const t = walletTexts(name);
  const message = messageOf(error).trim();
  const chunkMissing =
    typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ChunkLoadError';
  if (chunkMissing || /not installed|cannot find module/i.test(message)) return t.install;
  if (/^no accounts/i.test(message)) return t.failedWith(t.noAccounts);
  return message ? t.failedWith(message) : t.failedGeneric;
}

/** Texts of the sign-in step (the spec has none: these are ours). */
export const SIGN_IN_TEXT = {
  signedIn: 'Signed in',
  signedInDescription: (address: string) => `${shortAddress(address)} is proven: you play with this wallet.`,
  failedTitle: 'Watch-only: not signed in',
  failedDescription: (reason: string) =>
    `${reason} - You can look but not play with this wallet. Choose "Sign in with wallet" to try again.`,
} as const;
