import { Injectable, Logger } from '@nestjs/common';
import * as algosdk from 'algosdk';
import { createHash } from 'node:crypto';
import { parseAddress, parseAmount } from '@cosmic/algorand';
import type { ChallengeProof, OwnershipChallengeResponse, WithdrawResponse } from '@cosmic/contracts';
import { DomainError, InvalidInputError } from '../common/domain-error';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';
import { InsufficientBalanceError, LedgerRepository } from '../ledger/ledger.repository';
import { ChainGateway } from '../chain/chain.gateway';
import { ChainRejectedError, ChainUnavailableError } from '../chain/chain.errors';
import type { SessionUser } from '../auth/session.service';
import { assertVerifiedOwner } from '../auth/ownership';
import { OwnershipService } from '../wallet/ownership.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';

/** A withdrawal transaction is valid for this many rounds; after that its outcome is final. */
export const WITHDRAWAL_VALID_ROUNDS = 50;
/** Rounds to wait after lastValid before trusting "not found" (indexer lag). */
export const SETTLE_MARGIN_ROUNDS = 5n;
/** The note prefix that names a withdrawal. */
export const WITHDRAWAL_NOTE_PREFIX = 'amina:wd:';

interface WithdrawalRow {
  id: string;
  user_id: string;
  amount: string;
  to_address: string;
  status: 'pending' | 'signed' | 'confirmed' | 'refunded';
  lease: Buffer;
  tx_id: string | null;
  signed_txn: Buffer | null;
  last_valid: string | null;
}

/** The lease of withdrawal `id`: the chain refuses a second live transaction with it. */
export function withdrawalLease(id: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`cosmic-casino:withdrawal:${id}`).digest());
}

/** The spec's insufficient-balance text for withdrawals. */
export class InsufficientAminaError extends DomainError {
  constructor() {
    super(400, "Insufficient Balance: You don't have enough AMINA tokens", 'INSUFFICIENT_BALANCE');
  }
}

/**
 * Withdrawals that are never sent twice and never lost: one transaction debits and records the
 * withdrawal; the transfer (leased by the withdrawal id, short validity) is signed and its bytes
 * stored before broadcast; retries resend those same bytes; a definite rejection refunds through
 * the ledger; an unknown outcome is settled after lastValid by looking the txid up.
 */
@Injectable()
export class WithdrawalsService {
  private readonly logger = new Logger('Withdrawals');

  constructor(
    private readonly sql: SqlService,
    private readonly chain: ChainGateway,
    private readonly ledger: LedgerRepository,
    private readonly ownership: OwnershipService,
  ) {}

  /**
   * The text the proven wallet signs to send a withdrawal elsewhere than to itself: it names the
   * destination and the amount, and is good for one withdrawal within 5 minutes.
   */
  async challenge(user: SessionUser, rawAmount: unknown, toAddress: string, origin: string): Promise<OwnershipChallengeResponse> {
    assertVerifiedOwner(user);
    const amount = this.parseWithdrawalAmount(rawAmount);
    const to = this.destination(user, toAddress);
    if (to === user.walletAddress) throw new InvalidInputError('toAddress is your own wallet: withdraw to it without a signature');
    const statement = `Withdraw ${money(amount)} AMINA from Cosmic Casino to ${to}.`;
    return this.ownership.challenge(user, origin, 'withdraw', { statement, toAddress: to, amount });
  }

  /**
   * Withdraws to the proven wallet; another destination needs `proof`, a signature by the proven
   * key over a /withdraw/challenge naming that destination and this amount, checked and used up in
   * the transaction that debits.
   */
  async withdraw(user: SessionUser, rawAmount: unknown, toAddress?: string, proof?: ChallengeProof): Promise<WithdrawResponse> {
    assertVerifiedOwner(user);
    const amount = this.parseWithdrawalAmount(rawAmount);
    const to = this.destination(user, toAddress);
    const elsewhere = to !== user.walletAddress;
    if (elsewhere && !proof?.challengeId) {
      throw new DomainError(403, `Withdrawals go to your signed-in wallet; to send to ${to}, sign the withdrawal with your wallet first (POST /api/crypto/withdraw/challenge)`, 'SIGNATURE_REQUIRED');
    }
    const paused = await this.sql.query(`SELECT 1 FROM operator_switches WHERE name = 'amina_paused' AND active`);
    if (paused.length) throw new DomainError(423, 'Withdrawals are paused by the operators for a security check; your balance is safe', 'AMINA_PAUSED');
    // checked first, so a transfer the chain would refuse never debits anything
    await this.chain.assertOptedIn(to);

    const row = await this.sql.tx(async (db) => {
      if (elsewhere) {
        const c = await this.ownership.consume(db, user, proof!, 'withdraw');
        if (c.to_address !== to || c.amount !== amount.toString()) {
          throw new InvalidInputError(`The signed withdrawal was for ${c.amount === null ? '?' : money(BigInt(c.amount))} AMINA to ${c.to_address}: sign this one again`);
        }
      }
      const ins = await db.query<WithdrawalRow>(
        `INSERT INTO withdrawals (user_id, amount, to_address, status, lease) VALUES ($1, $2, $3, 'pending', '\\x') RETURNING *`,
        [user.userId, amount.toString(), to],
      );
      const w = ins.rows[0];
      const lease = Buffer.from(withdrawalLease(String(w.id)));
      await db.query(`UPDATE withdrawals SET lease = $2 WHERE id = $1`, [w.id, lease]);
      try {
        await this.ledger.apply(db, user.userId, 'AMINA', -amount, 'withdrawal', `withdrawal:${w.id}`);
      } catch (e) {
        if (e instanceof InsufficientBalanceError) throw new InsufficientAminaError();
        throw e;
      }
      return { ...w, lease };
    });
    return this.process(row);
  }

  /** Signs (once), stores, broadcasts and settles one withdrawal as far as the chain allows now. */
  async process(w: WithdrawalRow): Promise<WithdrawResponse> {
    let current = w;
    if (!current.signed_txn) current = await this.sign(current);
    const txId = current.tx_id!;
    const amount = money(BigInt(current.amount));
    try {
      await this.chain.submit(current.signed_txn!);
    } catch (e) {
      if (e instanceof ChainRejectedError && e.reason !== 'lease-conflict') {
        // a resend after confirmation can be refused as expired: look before refunding
        const look = await this.chain.lookupTransaction(txId).catch(() => null);
        if (look?.status === 'confirmed') {
          await this.markConfirmed(current.id);
          return { status: 'sent', txId, message: `Withdrawal of ${amount} AMINA sent to ${current.to_address}`, withdrawalId: String(current.id) };
        }
        if (look) {
          // the node refused it and it is not on chain: give the money back
          await this.refund(current, e.message);
          throw e;
        }
      }
      if (!(e instanceof ChainUnavailableError) && !(e instanceof ChainRejectedError)) throw e;
      this.logger.warn({ msg: 'withdrawal outcome unknown; will retry the same bytes', id: current.id, txId, error: (e as Error).message });
      return { status: 'pending', txId, message: `Withdrawal of ${amount} AMINA is being sent; it will confirm shortly`, withdrawalId: String(current.id) };
    }
    const look = await this.chain.lookupTransaction(txId).catch(() => null);
    if (look?.status === 'confirmed') await this.markConfirmed(current.id);
    return { status: 'sent', txId, message: `Withdrawal of ${amount} AMINA sent to ${current.to_address}`, withdrawalId: String(current.id) };
  }

  /**
   * The recovery pass (scheduled, one instance): signs withdrawals that crashed before signing,
   * resends the stored bytes of unconfirmed ones while they can still land, and after lastValid
   * either confirms them (found on chain) or refunds them (never landed).
   */
  async recover(): Promise<{ ran: boolean; confirmed: number; refunded: number; resent: number }> {
    const out = await withJobLock(this.sql, JOB_LOCKS.withdrawalProcessor, async () => {
      const open = await this.sql.query<WithdrawalRow>(`SELECT * FROM withdrawals WHERE status IN ('pending', 'signed') ORDER BY id`);
      let confirmed = 0;
      let refunded = 0;
      let resent = 0;
      let round: bigint;
      try {
        round = (await this.chain.status()).round;
      } catch {
        return { confirmed: 0, refunded: 0, resent: 0 }; // the node is away: decide nothing now
      }
      for (const w of open) {
        let look: Awaited<ReturnType<ChainGateway['lookupTransaction']>> | null = null;
        try {
          look = w.tx_id ? await this.chain.lookupTransaction(w.tx_id) : null;
        } catch {
          continue; // the node is unreachable: decide nothing now
        }
        if (look?.status === 'confirmed') {
          await this.markConfirmed(w.id);
          confirmed++;
        } else if (w.last_valid !== null && round > BigInt(w.last_valid) + SETTLE_MARGIN_ROUNDS && look?.status === 'unknown') {
          // well past lastValid and found nowhere: it can never land
          await this.refund(w, 'expired without confirmation');
          refunded++;
        } else {
          await this.process(w).catch(() => undefined);
          resent++;
        }
      }
      return { confirmed, refunded, resent };
    });
    return out ? { ran: true, ...out } : { ran: false, confirmed: 0, refunded: 0, resent: 0 };
  }

  async listForUser(userId: string): Promise<Array<{ id: string; amount: string; toAddress: string; status: string; txId: string | null; time: string }>> {
    const rows = await this.sql.query<WithdrawalRow & { created_at: Date }>(`SELECT * FROM withdrawals WHERE user_id = $1 ORDER BY id DESC LIMIT 50`, [userId]);
    return rows.map((w) => ({ id: String(w.id), amount: money(BigInt(w.amount)), toAddress: w.to_address, status: w.status === 'signed' ? 'sending' : w.status, txId: w.tx_id, time: w.created_at.toISOString() }));
  }

  private parseWithdrawalAmount(rawAmount: unknown): bigint {
    if (rawAmount === undefined || rawAmount === null || rawAmount === '') throw new InvalidInputError('Please enter withdrawal amount');
    const parsed = parseAmount(typeof rawAmount === 'number' ? String(rawAmount) : rawAmount);
    if (!parsed.ok) throw new InvalidInputError(`amount: ${parsed.message}`);
    if (parsed.value <= 0n) throw new InvalidInputError('amount must be greater than 0');
    return parsed.value;
  }

  /** Blank means the proven wallet; the house itself is never a destination. */
  private destination(user: SessionUser, toAddress: string | undefined): string {
    const to = toAddress || user.walletAddress;
    const addr = parseAddress(to);
    if (!addr.ok) throw new InvalidInputError(`toAddress: ${addr.message}`);
    if (to === this.chain.house) throw new InvalidInputError('toAddress is the house account: withdraw to your own wallet');
    return to;
  }

  /** Builds and signs the transfer, and stores its bytes and txid before anything is broadcast. */
  private async sign(w: WithdrawalRow): Promise<WithdrawalRow> {
    const txn = await this.chain.buildAssetTransfer({
      from: this.chain.house,
      to: w.to_address,
      amount: BigInt(w.amount),
      note: new TextEncoder().encode(`${WITHDRAWAL_NOTE_PREFIX}${w.id}`),
      lease: new Uint8Array(w.lease),
      validRounds: WITHDRAWAL_VALID_ROUNDS,
    });
    const signed = Buffer.from(this.chain.signAsHouse(txn));
    const txId = txn.txID();
    const res = await this.sql.query<WithdrawalRow>(
      `UPDATE withdrawals SET status = 'signed', signed_txn = $2, tx_id = $3, last_valid = $4, updated_at = now()
        WHERE id = $1 AND signed_txn IS NULL RETURNING *`,
      [w.id, signed, txId, txn.lastValid.toString()],
    );
    if (res[0]) return res[0];
    // another instance signed it first: use its bytes, never a second transaction
    return (await this.sql.query<WithdrawalRow>(`SELECT * FROM withdrawals WHERE id = $1`, [w.id]))[0];
  }

  private async markConfirmed(id: string): Promise<void> {
    await this.sql.query(`UPDATE withdrawals SET status = 'confirmed', updated_at = now() WHERE id = $1 AND status IN ('pending', 'signed')`, [id]);
  }

  /** Gives the amount back through the ledger, once (the status guard makes a second call a no-op). */
  private async refund(w: WithdrawalRow, reason: string): Promise<void> {
    await this.sql.tx(async (db) => {
      const upd = await db.query(`UPDATE withdrawals SET status = 'refunded', error = $2, updated_at = now() WHERE id = $1 AND status IN ('pending', 'signed') RETURNING id`, [w.id, reason]);
      if (!upd.rows[0]) return;
      await this.ledger.apply(db, String(w.user_id), 'AMINA', BigInt(w.amount), 'withdrawal-refund', `withdrawal:${w.id}`);
    });
    this.logger.warn({ msg: 'withdrawal refunded', id: w.id, reason });
  }
}

/** Decodes stored signed bytes (for tests and operators). */
export function decodeStored(bytes: Buffer): algosdk.SignedTransaction {
  return algosdk.decodeSignedTransaction(bytes);
}
