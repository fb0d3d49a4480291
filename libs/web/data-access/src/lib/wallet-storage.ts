import type { WalletKind } from './wallet.slice';

// localStorage keys from the spec, plus the kind of wallet so a reload resumes the same wallet app.
const KEYS = {
  guest: 'guestUserId',
  connected: 'walletConnected',
  address: 'walletAddress',
  kind: 'walletKind',
} as const;
const WALLET_KEYS = [KEYS.connected, KEYS.address, KEYS.kind] as const;
const APP_KINDS: readonly WalletKind[] = ['dev', 'pera', 'defly', 'lute'];

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // private mode or blocked storage: the wallet still works for this tab
  }
}

/** A new guest id: 'GUEST_' + timestamp + random letters and digits. */
export function newGuestId(
  now = Date.now(),
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b),
): string {
  // the guest id is the guest's credential: 22 base-36 characters (113 bits) from the platform's CSPRNG
  let tail = '';
  while (tail.length < GUEST_RANDOM_CHARS) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < 252 && tail.length < GUEST_RANDOM_CHARS) tail += (byte % 36).toString(36); // 252 = 7 × 36: no bias
    }
  }
  return `GUEST_${now}${tail}`;
}

/** Random characters in a guest id (after GUEST_ and the timestamp). */
export const GUEST_RANDOM_CHARS = 22;

/** The persisted wallet: a connected non-guest wallet, else the guest id (if any). */
export function readStoredWallet(): { address: string; kind: WalletKind } | { guestId: string | null } {
  const s = storage();
  const address = s?.getItem(KEYS.address);
  if (s?.getItem(KEYS.connected) === 'true' && address && !address.startsWith('GUEST_')) {
    const kind = s.getItem(KEYS.kind) as WalletKind | null;
    return { address, kind: kind && APP_KINDS.includes(kind) ? kind : 'manual' };
  }
  return { guestId: s?.getItem(KEYS.guest) ?? null };
}

/** Remembers the guest id. */
export function storeGuest(guestId: string): void {
  storage()?.setItem(KEYS.guest, guestId);
}

/** Remembers a connected wallet (keys walletConnected and walletAddress). */
export function storeWallet(address: string, kind: WalletKind): void {
  const s = storage();
  s?.setItem(KEYS.connected, 'true');
  s?.setItem(KEYS.address, address);
  s?.setItem(KEYS.kind, kind);
}

/**
 * Forgets the connected wallet (disconnect). The guest id stays: it is the player's own guest
 * account, and disconnecting (or "Play as guest") resumes it with its balance.
 */
export function clearStoredWallet(): void {
  const s = storage();
  for (const key of WALLET_KEYS) s?.removeItem(key);
}
