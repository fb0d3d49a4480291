import { useMemo, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import type { SignInChallenge, SignInProof } from './ownership.api';
import type { WalletKind, WalletState } from './wallet.slice';

/**
 * A wallet app (Pera, Defly, Lute, the devnet's Mnemonic wallet) as the casino uses it, registered
 * by the wallet widget once use-wallet connected it. Screens in other remotes (the cashier) sign
 * through it, so they never load use-wallet themselves.
 */
export interface WalletApp {
  /** The wallet's name in texts ("Pera", "Dev"). */
  readonly name: string;
  /** The account the app has active; null when it is no longer connected. */
  readonly address: string | null;
  /** Signs unsigned transactions (msgpack bytes) in order; rejects with WALLET_CANCELLED when the player refuses. */
  signTransactions(txns: Uint8Array[]): Promise<Uint8Array[]>;
  /** Signs an ownership challenge (sign-in, or a withdrawal to another address): ARC-60 where the app can, else the challenge transaction. */
  signChallenge(challenge: SignInChallenge): Promise<SignInProof>;
  disconnect(): Promise<void> | void;
}

/** What the player is told when they refuse a signature in their wallet app. */
export const WALLET_CANCELLED = 'Transaction cancelled in your wallet';

const walletApps = new Map<WalletKind, WalletApp>();
const listeners = new Set<() => void>();
let version = 0;

/** Registers the wallet app of a kind: disconnect disconnects it, and screens may sign with it. */
export function registerWalletApp(kind: WalletKind, app: WalletApp): void {
  walletApps.set(kind, app);
  version++;
  listeners.forEach((l) => l());
}

/** The registered wallet app of a kind, if any. */
export function walletAppOf(kind: WalletKind | null): WalletApp | undefined {
  return kind ? walletApps.get(kind) : undefined;
}

/**
 * After a reload the widget resumes the session use-wallet kept (its flows are a lazy chunk, and
 * the wallet library loads after it): until that ends, the wallet app is not registered yet. A
 * disconnect pressed in that window waits for it, so the wallet app still forgets its session.
 */
let resuming: { done: Promise<void>; end: () => void; target: ResumeTarget } | null = null;

/** The stored wallet app a resume restores, as it was when the resume began. */
export interface ResumeTarget {
  kind: WalletKind;
  address: string;
}

/**
 * A stored wallet app's session is being resumed. What it resumes is fixed here: a disconnect
 * pressed before the wallet flows have loaded clears the wallet from the state, and the resume
 * must still bring back (and so let the disconnect forget) the app that was stored.
 */
export function walletAppResumeStarted(target: ResumeTarget): void {
  if (resuming) return;
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  resuming = { done, end, target };
}

/** What the resume in progress restores; null when none is. */
export function walletAppResuming(): ResumeTarget | null {
  return resuming?.target ?? null;
}

/** The resume started above has ended, whether or not an app was registered. */
export function walletAppResumeEnded(): void {
  resuming?.end();
  resuming = null;
}

/** How long a disconnect waits for a resume in progress before it goes on without the app. */
export const RESUME_WAIT_MS = 10_000;

/** The registered wallet app of a kind, once a resume in progress has ended (or RESUME_WAIT_MS passed). */
export async function walletAppAfterResume(kind: WalletKind | null): Promise<WalletApp | undefined> {
  if (resuming) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([resuming.done, new Promise<void>((r) => (timer = setTimeout(r, RESUME_WAIT_MS)))]);
    clearTimeout(timer);
  }
  return walletAppOf(kind);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const getVersion = () => version;

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
const fromBase64 = (b64: string) => Uint8Array.from(atob(b64.trim()), (c) => c.charCodeAt(0));
function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Signing with the connected wallet's app, for the session's own address. */
export interface WalletAppSigner {
  /** The wallet's name ("Pera"). */
  name: string;
  /** Signs base64 unsigned transactions; resolves with the signed ones in base64, in order. */
  signTransactions(txnsB64: string[]): Promise<string[]>;
  /** Signs an ownership challenge (the same signing as sign-in). */
  signChallenge(challenge: SignInChallenge): Promise<SignInProof>;
}

/**
 * The signer for `address` through the registered app: before each signature it checks that the
 * app is still connected and has this account active, and says so clearly when not.
 */
export function walletAppSigner(app: WalletApp, address: string): WalletAppSigner {
  const ready = () => {
    const active = app.address;
    if (!active) throw new Error(`${app.name} Wallet is not connected: connect it again from the wallet menu`);
    if (active !== address)
      throw new Error(
        `${app.name} Wallet has ${short(active)} active, not ${short(address)}: switch to ${short(address)} in the wallet`,
      );
  };
  return {
    name: app.name,
    async signTransactions(txnsB64) {
      ready();
      const signed = await app.signTransactions(txnsB64.map(fromBase64));
      if (signed.length !== txnsB64.length)
        throw new Error(`${app.name} Wallet signed ${signed.length} of ${txnsB64.length} transactions`);
      return signed.map(toBase64);
    },
    async signChallenge(challenge) {
      ready();
      return app.signChallenge(challenge);
    },
  };
}

/**
 * Hook: the signer of the connected wallet's app, or null when this wallet has none registered
 * (a typed address, a guest, or an app that did not come back after a reload).
 */
export function useWalletAppSigner(): WalletAppSigner | null {
  const { walletKind, address, isGuest } = useSelector((s: { wallet: WalletState }) => s.wallet);
  const registered = useSyncExternalStore(subscribe, getVersion, getVersion);
  return useMemo(() => {
    const app = walletAppOf(walletKind);
    return app && address && !isGuest ? walletAppSigner(app, address) : null;
  }, [walletKind, address, isGuest, registered]); // `registered` moves when an app registers
}
