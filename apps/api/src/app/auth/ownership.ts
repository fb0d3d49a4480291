import { ForbiddenException } from '@nestjs/common';
import type { SessionUser } from './session.service';

/** 403 unless the wallet address (or user id) named in the request is the session's own. */
export function assertOwnWallet(user: SessionUser, walletAddressOrId: string | undefined): void {
  if (walletAddressOrId === undefined || walletAddressOrId === '') return;
  if (walletAddressOrId !== user.walletAddress && walletAddressOrId !== user.userId) {
    throw new ForbiddenException('walletAddress does not match your session');
  }
}

/** 403 unless this session proved it controls the wallet (needed for AMINA play and withdrawals). */
export function assertVerifiedOwner(user: SessionUser): void {
  if (user.isGuest) throw new ForbiddenException('Guests play with House Coins only: connect an Algorand wallet to use AMINA');
  if (!user.ownershipVerified) {
    throw new ForbiddenException('This wallet is watch-only until you prove you own it: use "Verify ownership" in the wallet menu (POST /api/crypto/ownership/challenge, sign, then /verify)');
  }
}
