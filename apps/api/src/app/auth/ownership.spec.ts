import { ForbiddenException } from '@nestjs/common';
import {
  assertOwnerRead,
  assertOwnWallet,
  namedWallet,
  PROOF_REQUIRED_TO_READ,
  ProofRequiredError,
  WalletMismatchError,
} from './ownership';
import type { SessionUser } from './session.service';

const me: SessionUser = {
  tokenHash: Buffer.alloc(32),
  userId: '42',
  walletAddress: 'MYWALLET',
  username: 'me',
  isGuest: false,
  ownershipVerified: true,
};

describe('@ProvenOwner: the wallet a request names, and the one check of it', () => {
  it('reads the body, the query or a path parameter, as the route says', () => {
    const req = {
      body: { walletAddress: 'B' },
      query: { walletAddress: 'Q' },
      params: { walletAddress: 'P', id: '42' },
    };
    expect(namedWallet(req, { in: 'body', name: 'walletAddress' })).toEqual({ value: 'B' });
    expect(namedWallet(req, { in: 'query', name: 'walletAddress' })).toEqual({ value: 'Q' });
    expect(namedWallet(req, { in: 'params', name: 'id' })).toEqual({ value: '42' });
    expect(namedWallet({}, { in: 'body', name: 'walletAddress' })).toEqual({ value: undefined });
  });

  it('leaves a body value that is not a string to the validation (its 400 names the field)', () => {
    expect(namedWallet({ body: { walletAddress: 7 } }, { in: 'body', name: 'walletAddress' })).toBeNull();
  });

  it('checks a repeated query value as it came: a list is not the session wallet', () => {
    const named = namedWallet(
      { query: { walletAddress: ['MYWALLET', 'OTHER'] } },
      { in: 'query', name: 'walletAddress' },
    );
    expect(() => assertOwnWallet(me, named!.value)).toThrow(WalletMismatchError);
  });

  it('accepts the session wallet, its user id, or nothing named; refuses another wallet with the 403 it always gave', () => {
    for (const v of ['MYWALLET', '42', undefined, '']) expect(() => assertOwnWallet(me, v)).not.toThrow();
    const e = (() => {
      try {
        assertOwnWallet(me, 'OTHER');
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(e).toBeInstanceOf(ForbiddenException);
    expect(e).toMatchObject({ code: 'WALLET_MISMATCH', message: 'walletAddress does not match your session' });
  });
});

describe("@OwnerOnlyRead: who may read an account's limits and withdrawals (issue 37 item 6)", () => {
  it.each([
    ['a proven wallet', { isGuest: false, ownershipVerified: true }, true],
    ['a guest (its own GUEST_ id)', { isGuest: true, ownershipVerified: false }, true],
    ['a watch-only wallet', { isGuest: false, ownershipVerified: false }, false],
  ])('%s (%j) may read: %s', (_, who, allowed) => {
    const read = () => assertOwnerRead({ ...me, ...who });
    if (allowed) expect(read).not.toThrow();
    else {
      expect(read).toThrow(ProofRequiredError);
      expect(read).toThrow(PROOF_REQUIRED_TO_READ);
    }
  });
});
