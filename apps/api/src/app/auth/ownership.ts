import { ForbiddenException, SetMetadata } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import type { SessionUser } from './session.service';

/** What a mutating route asks of the caller; every POST/PUT/PATCH/DELETE needs a proven session unless it says otherwise. */
export type WriteAccess = 'proven' | 'watch-only' | 'no-session';
export const WRITE_ACCESS = 'cosmic:write-access';

/**
 * Marks a mutating route that a watch-only session may call: it changes nothing of the account
 * (building a deposit anyone may pay, asking for or answering a sign-in challenge, signing out).
 */
export const WatchOnlyAllowed = () => SetMetadata(WRITE_ACCESS, 'watch-only' satisfies WriteAccess);
/** Marks a mutating route that needs no player session at all (sign-up, operator routes with their own token). */
export const NoPlayerSession = () => SetMetadata(WRITE_ACCESS, 'no-session' satisfies WriteAccess);

export const READ_ACCESS = 'cosmic:read-access';
/**
 * Marks a read that only the account's owner may make: a guest's own session or a proven wallet.
 * A watch-only session (anyone who typed the address) gets 403 PROOF_REQUIRED_TO_READ: the
 * player's loss limits and self-exclusion, and where their withdrawals went (destination, txid).
 */
export const OwnerOnlyRead = () => SetMetadata(READ_ACCESS, 'proven');

/** Where a route's request names the wallet (address or user id) it acts on. */
export interface OwnerRef {
  in: 'body' | 'query' | 'params';
  name: string;
}
export const PROVEN_OWNER = 'cosmic:proven-owner';

/**
 * Marks a route whose request names a wallet (by default the body's `walletAddress`): the global
 * guard (AccountWriteGuard) answers 403 'walletAddress does not match your session' unless it is
 * the session's own, with the same function (`assertOwnWallet`) the Fastify bet routes call.
 * Routes that change the account also need a proven session (the same guard, by method).
 */
export const ProvenOwner = (where: OwnerRef['in'] = 'body', name = 'walletAddress') =>
  SetMetadata(PROVEN_OWNER, { in: where, name } satisfies OwnerRef);

/**
 * What the request names at `ref`, for `assertOwnWallet`. A body value that is not a string is
 * left to the body's validation (a 400 naming the field), as it was before this check moved
 * into the guard; a query or path value is checked as it came.
 */
export function namedWallet(
  req: { body?: unknown; query?: unknown; params?: unknown },
  ref: OwnerRef,
): { value: string | undefined } | null {
  const source = req[ref.in];
  const value =
    typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[ref.name] : undefined;
  if (ref.in === 'body' && value !== undefined && typeof value !== 'string') return null;
  return { value: value as string | undefined };
}

/** The 403 for a watch-only session that tries to change its account. */
export const PROOF_REQUIRED = 'Prove you own this wallet first: sign in with your wallet';
export const PROOF_REQUIRED_CODE = 'OWNERSHIP_REQUIRED';

/** The 403 for a watch-only session that reads what only the wallet's owner may (`@OwnerOnlyRead()`). */
export const PROOF_REQUIRED_TO_READ =
  'Prove you own this wallet first: sign in with your wallet to see its limits, self-exclusion and withdrawals';

/** 403 OWNERSHIP_REQUIRED: a watch-only session tried to change its account (or read what only its owner may). */
export class ProofRequiredError extends DomainError {
  constructor(message = PROOF_REQUIRED) {
    super(403, message, PROOF_REQUIRED_CODE);
  }
}

/** A guest owns its guest id; a wallet session may change its account only after proving the key. */
export function canWrite(user: SessionUser): boolean {
  return user.isGuest || user.ownershipVerified;
}

/** 403 unless this session may change its account (a guest, or a proven wallet). */
export function assertCanWrite(user: SessionUser): void {
  if (!canWrite(user)) throw new ProofRequiredError();
}

/** 403 unless this session may read what only the account's owner may (the same sessions that may write). */
export function assertOwnerRead(user: SessionUser): void {
  if (!canWrite(user)) throw new ProofRequiredError(PROOF_REQUIRED_TO_READ);
}

/**
 * 403 for a request naming another player's wallet. Its answer is the plain HTTP 403 it always was
 * ('Forbidden'); `code` tells the security telemetry what it was without reading the text.
 */
export class WalletMismatchError extends ForbiddenException {
  readonly code = 'WALLET_MISMATCH';
  constructor() {
    super('walletAddress does not match your session');
  }
}

/** 403 unless the wallet address (or user id) named in the request is the session's own. */
export function assertOwnWallet(user: SessionUser, walletAddressOrId: string | undefined): void {
  if (walletAddressOrId === undefined || walletAddressOrId === '') return;
  if (walletAddressOrId !== user.walletAddress && walletAddressOrId !== user.userId) throw new WalletMismatchError();
}

/** 403 unless this session proved it controls the wallet (needed for AMINA play and withdrawals). */
export function assertVerifiedOwner(user: SessionUser): void {
  if (user.isGuest)
    throw new ForbiddenException('Guests play with House Coins only: connect an Algorand wallet to use AMINA');
  assertCanWrite(user);
}
