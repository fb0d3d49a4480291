import { ForbiddenException, Injectable } from '@nestjs/common';
import * as algosdk from 'algosdk';
import { createHash, createPublicKey, randomBytes, randomUUID, verify as edVerify } from 'node:crypto';
import { parseAddress } from '@cosmic/algorand';
import type { ChallengeProof, OwnershipChallengeResponse, OwnershipVerifyResponse } from '@cosmic/contracts';
import { ConflictError, InvalidInputError } from '../common/domain-error';
import { SqlService, type Queryable } from '../database/sql.service';
import { OwnershipRepository, type ChallengePurpose, type ChallengeRow } from './ownership.repository';

export type { ChallengePurpose, ChallengeRow } from './ownership.repository';
import { AlgorandClient } from '../chain/algorand.client';
import { SessionService, SessionUser } from '../auth/session.service';
import { PublicOrigins } from '../http/public-origin';

/** A challenge must be signed within 5 minutes, once. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** The sign-in statement shown by the wallet. */
export const SIGN_IN_STATEMENT = 'Sign in to Cosmic Casino with this wallet. This signature cannot move funds.';

/** What the signed text says: CAIP-122 / Sign-In with Algorand fields. */
export interface ChallengeFields {
  origin: string;
  address: string;
  chainId: string;
  statement: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
  requestId: string;
}

/**
 * The exact text a wallet signs: canonical JSON (keys sorted, no spaces) of a CAIP-122 message
 * that names the site's origin and domain, the address, the purpose (statement), the nonce and the
 * validity, so a signature made for another site, address or purpose proves nothing here.
 */
export function challengeMessage(f: ChallengeFields): string {
  const fields: Record<string, string> = {
    account_address: f.address,
    chain_id: f.chainId,
    domain: new URL(f.origin).host,
    'expiration-time': f.expiresAt.toISOString(),
    'issued-at': f.issuedAt.toISOString(),
    nonce: f.nonce,
    'request-id': f.requestId,
    statement: f.statement,
    type: 'ed25519',
    uri: f.origin,
    version: '1',
  };
  return JSON.stringify(
    Object.fromEntries(
      Object.keys(fields)
        .sort()
        .map((k) => [k, fields[k]]),
    ),
  );
}

/** The site a challenge text names (its domain and uri; empty when the text is not one). */
function namedSite(message: string): { domain: string; uri: string } {
  try {
    const f = JSON.parse(message) as Record<string, unknown>;
    return { domain: String(f['domain'] ?? ''), uri: String(f['uri'] ?? '') };
  } catch {
    return { domain: '', uri: '' };
  }
}

/** The bytes an ARC-60 wallet signs for `message` with scope AUTH: sha256(message) ‖ sha256(authenticatorData). */
export function arc60SignedBytes(message: string, authenticatorData: Uint8Array): Buffer {
  return Buffer.concat([sha256(Buffer.from(message, 'utf8')), sha256(authenticatorData)]);
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, publicKey]), format: 'der', type: 'spki' });
    return edVerify(null, message, key, signature);
  } catch {
    return false;
  }
}

/** CAIP-2 id of an Algorand network: `algorand:` + the first 32 characters of its genesis hash in base64url. */
function caipChainId(genesisHash: Uint8Array | undefined): string {
  return genesisHash ? `algorand:${Buffer.from(genesisHash).toString('base64url').slice(0, 32)}` : 'algorand';
}

/**
 * Proof that a session controls a wallet's key: the server issues a one-time challenge (a text
 * naming this site, the address, the purpose and a nonce); the wallet signs it as a never-valid
 * 0-ALGO self-payment (any wallet), with ARC-60 signData, or with algosdk signBytes; the server
 * checks the ed25519 signature against the address, or its auth-addr when the account is rekeyed.
 * Sign-in marks the session proven; a withdrawal challenge authorises one destination and amount.
 */
@Injectable()
export class OwnershipService {
  constructor(
    private readonly sql: SqlService,
    private readonly chain: AlgorandClient,
    private readonly sessions: SessionService,
    private readonly repo: OwnershipRepository,
    private readonly site: PublicOrigins,
  ) {}

  /** A challenge for `purpose`, bound to this session, its wallet and `origin`. */
  async challenge(
    user: SessionUser,
    origin: string,
    purpose: ChallengePurpose = 'sign-in',
    withdrawal?: { statement: string; toAddress: string; amount: bigint },
  ): Promise<OwnershipChallengeResponse> {
    if (user.isGuest) throw new ForbiddenException('Guests have no wallet to verify: connect an Algorand wallet first');
    if (!this.site.names(origin, new URL(origin).host)) throw new ForbiddenException(`Origin not allowed: ${origin}`); // the controllers pass PublicOrigins.forRequest's
    const params = await this.chain.suggestedParams();
    const issuedAt = new Date();
    const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_TTL_MS);
    const id = randomUUID();
    const nonce = randomBytes(16).toString('hex');
    const message = challengeMessage({
      origin,
      address: user.walletAddress,
      chainId: caipChainId(params.genesisHash),
      statement: withdrawal?.statement ?? SIGN_IN_STATEMENT,
      nonce,
      issuedAt,
      expiresAt,
      requestId: id,
    });
    const domain = new URL(origin).host;
    await this.repo.insert({
      id,
      userId: user.userId,
      sessionHash: user.tokenHash,
      nonce,
      expiresAt,
      purpose,
      message,
      domain,
      toAddress: withdrawal?.toAddress ?? null,
      amount: withdrawal?.amount.toString() ?? null,
    });
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: user.walletAddress,
      receiver: user.walletAddress,
      amount: 0,
      note: new TextEncoder().encode(message),
      // Rounds 1–1 are long past on every network: the transaction can be signed but never sent.
      suggestedParams: { ...params, fee: 0, flatFee: true, firstValid: 1, lastValid: 1 },
    });
    return {
      challengeId: id,
      message,
      txnB64: Buffer.from(algosdk.encodeUnsignedTransaction(txn)).toString('base64'),
      arc60: {
        data: Buffer.from(message).toString('base64'),
        domain,
        authenticatorData: sha256(Buffer.from(domain)).toString('base64'),
      },
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** Checks a signed sign-in challenge; marks this session as the wallet's proven owner (for at most 24 h). */
  async verify(user: SessionUser, proof: ChallengeProof): Promise<OwnershipVerifyResponse> {
    return this.sql.tx(async (db) => {
      await this.consume(db, user, proof, 'sign-in');
      const expiresAt = await this.sessions.markOwnershipVerified(user.tokenHash, db);
      return { ownershipVerified: true as const, expiresAt: expiresAt.toISOString() };
    }, user.claim);
  }

  /**
   * Checks `proof` against the session's unused, unexpired challenge of `purpose` and uses it up
   * (inside the caller's transaction, so a refused action leaves it unused). Returns the challenge.
   */
  async consume(
    db: Queryable,
    user: SessionUser,
    proof: ChallengeProof,
    purpose: ChallengePurpose,
  ): Promise<ChallengeRow> {
    const forms = [proof.signedTxnB64, proof.signatureB64].filter((v) => v !== undefined && v !== '').length;
    if (forms !== 1) throw new InvalidInputError('send exactly one of signedTxnB64 or signatureB64');
    const c = await this.repo.lock(db, proof.challengeId);
    if (
      !c ||
      String(c.user_id) !== user.userId ||
      !c.session_hash.equals(user.tokenHash) ||
      c.purpose !== purpose ||
      c.message === null
    ) {
      throw new InvalidInputError('challengeId: no such challenge for this session');
    }
    // a challenge names the site the wallet shows (and an ARC-60 signature binds its domain): one
    // naming another site, however it came to be stored, proves nothing here
    const named = namedSite(c.message);
    if (c.domain !== named.domain || !this.site.names(named.uri, named.domain))
      throw new ForbiddenException(
        `This challenge names ${named.domain || 'no site'}, not this casino: request a new one`,
      );
    if (c.used_at) throw new ConflictError('This challenge was already used: request a new one');
    if (c.expires_at.getTime() < Date.now()) throw new ConflictError('This challenge has expired: request a new one');
    const signer = await this.expectedSigner(user.walletAddress);
    const ok = proof.signedTxnB64
      ? this.checkSignedTxn(proof.signedTxnB64, user.walletAddress, signer, c.message)
      : this.checkSignature(proof.signatureB64!, proof.authenticatorDataB64, signer, c.message, c.domain ?? '');
    if (!ok) throw new InvalidInputError('The signature does not prove control of this wallet');
    await this.repo.markUsed(db, c.id);
    return c;
  }

  /** The key that must have signed: the account's auth-addr when rekeyed, else the address itself. */
  private async expectedSigner(address: string): Promise<string> {
    const acct = await this.chain.algoBalance(address);
    return acct.authAddr ?? address;
  }

  private checkSignedTxn(b64: string, address: string, signer: string, message: string): boolean {
    let stxn: algosdk.SignedTransaction;
    try {
      stxn = algosdk.decodeSignedTransaction(Buffer.from(b64, 'base64'));
    } catch {
      throw new InvalidInputError('signedTxnB64 is not a signed Algorand transaction');
    }
    const t = stxn.txn;
    const note = Buffer.from(t.note ?? new Uint8Array()).toString();
    const sameTxn =
      t.type === 'pay' &&
      t.sender.toString() === address &&
      t.payment?.receiver.toString() === address &&
      t.payment?.amount === 0n &&
      t.payment?.closeRemainderTo === undefined &&
      t.rekeyTo === undefined &&
      t.lastValid === 1n &&
      note === message;
    if (!sameTxn) throw new InvalidInputError('signedTxnB64 is not the challenge transaction');
    const claimedSigner = stxn.sgnr ? stxn.sgnr.toString() : address;
    if (claimedSigner !== signer || !stxn.sig) return false;
    const key = parseAddress(signer);
    return key.ok && ed25519Verify(key.publicKey, t.bytesToSign(), stxn.sig);
  }

  private checkSignature(
    sigB64: string,
    authDataB64: string | undefined,
    signer: string,
    message: string,
    domain: string,
  ): boolean {
    const key = parseAddress(signer);
    if (!key.ok) return false;
    const signature = Buffer.from(sigB64, 'base64');
    if (authDataB64 === undefined || authDataB64 === '') {
      // algosdk signBytes: "MX" + the message (a signature made elsewhere and pasted)
      return ed25519Verify(key.publicKey, Buffer.concat([Buffer.from('MX'), Buffer.from(message)]), signature);
    }
    // ARC-60 (scope AUTH): the authenticator data must start with sha256 of this site's domain
    const authData = Buffer.from(authDataB64, 'base64');
    if (authData.length < 32 || !authData.subarray(0, 32).equals(sha256(Buffer.from(domain)))) {
      throw new InvalidInputError('authenticatorDataB64 was not made for this site');
    }
    return ed25519Verify(key.publicKey, arc60SignedBytes(message, authData), signature);
  }
}
