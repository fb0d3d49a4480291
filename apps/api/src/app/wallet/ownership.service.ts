import { ForbiddenException, Injectable } from '@nestjs/common';
import * as algosdk from 'algosdk';
import { createPublicKey, randomBytes, randomUUID, verify as edVerify } from 'node:crypto';
import { parseAddress } from '@cosmic/algorand';
import type { OwnershipChallengeResponse } from '@cosmic/contracts';
import { ConflictError, InvalidInputError } from '../common/domain-error';
import { SqlService } from '../database/sql.service';
import { ChainGateway } from '../chain/chain.gateway';
import { SessionService, SessionUser } from '../auth/session.service';

/** A challenge must be signed within 10 minutes. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** The text every challenge signs: names the purpose so it can never be mistaken for a payment. */
export function challengeText(challengeId: string, nonce: string): string {
  return `cosmic-casino ownership proof ${challengeId} ${nonce}`;
}

function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, publicKey]), format: 'der', type: 'spki' });
    return edVerify(null, message, key, signature);
  } catch {
    return false;
  }
}

interface ChallengeRow {
  id: string;
  user_id: string;
  session_hash: Buffer;
  nonce: string;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * Proof that a session controls a wallet: the server issues a one-time challenge inside a
 * never-valid 0-ALGO self-payment (or as raw bytes); the wallet signs; the server checks the
 * ed25519 signature against the address, or its auth-addr when the account is rekeyed.
 */
@Injectable()
export class OwnershipService {
  constructor(
    private readonly sql: SqlService,
    private readonly chain: ChainGateway,
    private readonly sessions: SessionService,
  ) {}

  async challenge(user: SessionUser, domain: string): Promise<OwnershipChallengeResponse> {
    if (user.isGuest) throw new ForbiddenException('Guests have no wallet to verify: connect an Algorand wallet first');
    const id = randomUUID();
    const nonce = randomBytes(16).toString('hex');
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
    await this.sql.query(`INSERT INTO ownership_challenges (id, user_id, session_hash, nonce, expires_at) VALUES ($1, $2, $3, $4, $5)`, [id, user.userId, user.tokenHash, nonce, expiresAt]);
    const txn = await this.challengeTxn(user.walletAddress, challengeText(id, nonce));
    return {
      challengeId: id,
      txnB64: Buffer.from(algosdk.encodeUnsignedTransaction(txn)).toString('base64'),
      arc60: { data: Buffer.from(challengeText(id, nonce)).toString('base64'), domain },
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** Checks the signed challenge; marks this session as the wallet's verified owner. */
  async verify(user: SessionUser, challengeId: string, signedTxnB64?: string, signatureB64?: string): Promise<{ ownershipVerified: true }> {
    if (!signedTxnB64 === !signatureB64) throw new InvalidInputError('send exactly one of signedTxnB64 or signatureB64');
    return this.sql.tx(async (db) => {
      const res = await db.query<ChallengeRow>(`SELECT * FROM ownership_challenges WHERE id = $1 FOR UPDATE`, [challengeId]);
      const c = res.rows[0];
      if (!c || String(c.user_id) !== user.userId || !c.session_hash.equals(user.tokenHash)) throw new InvalidInputError('challengeId: no such challenge for this session');
      if (c.used_at) throw new ConflictError('This challenge was already used: request a new one');
      if (c.expires_at.getTime() < Date.now()) throw new ConflictError('This challenge has expired: request a new one');
      const text = challengeText(c.id, c.nonce);
      const signer = await this.expectedSigner(user.walletAddress);
      const ok = signedTxnB64 ? this.checkSignedTxn(signedTxnB64, user.walletAddress, signer, text) : this.checkSignature(signatureB64!, signer, text);
      if (!ok) throw new InvalidInputError('The signature does not prove control of this wallet');
      await db.query(`UPDATE ownership_challenges SET used_at = now() WHERE id = $1`, [c.id]);
      await this.sessions.markOwnershipVerified(user.tokenHash);
      return { ownershipVerified: true as const };
    });
  }

  private async challengeTxn(address: string, text: string): Promise<algosdk.Transaction> {
    const params = await this.chain.suggestedParams();
    // Rounds 1–1 are long past on every network: the transaction can be signed but never sent.
    return algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: address,
      receiver: address,
      amount: 0,
      note: new TextEncoder().encode(text),
      suggestedParams: { ...params, fee: 0, flatFee: true, firstValid: 1, lastValid: 1 },
    });
  }

  /** The key that must have signed: the account's auth-addr when rekeyed, else the address itself. */
  private async expectedSigner(address: string): Promise<string> {
    const acct = await this.chain.algoBalance(address);
    return acct.authAddr ?? address;
  }

  private checkSignedTxn(b64: string, address: string, signer: string, text: string): boolean {
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
      t.lastValid === 1n &&
      note === text;
    if (!sameTxn) throw new InvalidInputError('signedTxnB64 is not the challenge transaction');
    const claimedSigner = stxn.sgnr ? stxn.sgnr.toString() : address;
    if (claimedSigner !== signer || !stxn.sig) return false;
    const key = parseAddress(signer);
    return key.ok && ed25519Verify(key.publicKey, t.bytesToSign(), stxn.sig);
  }

  private checkSignature(b64: string, signer: string, text: string): boolean {
    const key = parseAddress(signer);
    const message = Buffer.concat([Buffer.from('MX'), Buffer.from(text)]);
    return key.ok && ed25519Verify(key.publicKey, message, Buffer.from(b64, 'base64'));
  }
}
