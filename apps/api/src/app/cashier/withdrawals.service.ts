import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { parseAddress } from '@cosmic/algorand';
import type {
  ChallengeProof,
  OwnershipChallengeResponse,
  WithdrawalLimitsResponse,
  WithdrawalStatusResponse,
  WithdrawResponse,
} from '@cosmic/contracts';
import { DomainError, InvalidInputError } from '../common/domain-error';
import { money, parseMoney } from '../common/amount';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { SqlService } from '../database/sql.service';
import { WithdrawalsRepository, type WithdrawalRow } from './withdrawals.repository';
import { SettlementService } from '../settlement/settlement.service';
import { InsufficientBalanceError } from '../settlement/settlement-errors';
import { AlgorandClient } from '../chain/algorand.client';
import { ChainRejectedError, ChainUnavailableError, NEVER_LANDS } from '../chain/chain.errors';
import type { SessionUser } from '../auth/session.service';
import { assertVerifiedOwner } from '../auth/ownership';
import { OwnershipService } from '../wallet/ownership.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';

/** A withdrawal transaction is valid for this many rounds; after that its outcome is final. */
export const WITHDRAWAL_VALID_ROUNDS = 50;
/**
 * Rounds the node must be past lastValid before "found nowhere" may settle a withdrawal as never
 * landed (the indexer must also have caught up to lastValid: see AlgorandClient.finality).
 */
export const SETTLE_MARGIN_ROUNDS = 5n;
/** The note prefix that names a withdrawal. */
export const WITHDRAWAL_NOTE_PREFIX = 'amina:wd:';

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

/** The amount is below WITHDRAWAL_MIN_AMINA. */
export class WithdrawalBelowMinimumError extends DomainError {
  constructor(min: bigint) {
    super(400, `Minimum withdrawal is ${money(min)} AMINA`, 'WITHDRAWAL_BELOW_MINIMUM');
  }
}

/** The withdrawal would take the player's day (UTC) past WITHDRAWAL_DAILY_MAX_AMINA. */
export class DailyWithdrawalLimitError extends DomainError {
  constructor(max: bigint, remaining: bigint) {
    super(
      400,
      `Daily withdrawal limit is ${money(max)} AMINA: you can withdraw ${money(remaining > 0n ? remaining : 0n)} more today (UTC)`,
      'DAILY_WITHDRAWAL_LIMIT',
    );
  }
}

/**
 * Withdrawals that are never paid twice and never lost: one transaction locks the player, checks
 * the limits, debits and records the withdrawal; the transfer (leased by the withdrawal id, short
 * validity) is signed and its bytes stored before broadcast; retries resend those same bytes. A
 * refund needs a definite answer: the node refused the only broadcast of the bytes for a reason
 * that means they never land (NEVER_LANDS), or the node is past lastValid + margin and neither its
 * pool nor an indexer caught up to lastValid knows the txid. Anything else waits.
 */
@Injectable()
export class WithdrawalsService {
  private readonly logger = new Logger('Withdrawals');
  private readonly minAmount: bigint;
  private readonly dailyMax: bigint;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sql: SqlService,
    private readonly chain: AlgorandClient,
    private readonly settlement: SettlementService,
    private readonly ownership: OwnershipService,
    private readonly repo: WithdrawalsRepository,
  ) {
    this.minAmount = parseMoney(config.withdrawalMinAmina, 'WITHDRAWAL_MIN_AMINA');
    this.dailyMax = parseMoney(config.withdrawalDailyMaxAmina, 'WITHDRAWAL_DAILY_MAX_AMINA');
  }

  /** The limits as the cashier shows them: the minimum, the daily maximum and what is left of it today. */
  async limits(user: SessionUser): Promise<WithdrawalLimitsResponse> {
    const today = await this.repo.withdrawnToday(this.sql.pool, user.userId);
    const left = this.dailyMax - today;
    return {
      minAmina: money(this.minAmount),
      dailyMaxAmina: money(this.dailyMax),
      withdrawnTodayAmina: money(today),
      remainingTodayAmina: money(left > 0n ? left : 0n),
    };
  }

  /**
   * The text the proven wallet signs to send a withdrawal elsewhere than to itself: it names the
   * destination and the amount, and is good for one withdrawal within 5 minutes.
   */
  async challenge(
    user: SessionUser,
    rawAmount: unknown,
    toAddress: string,
    origin: string,
  ): Promise<OwnershipChallengeResponse> {
    assertVerifiedOwner(user);
    const amount = this.parseWithdrawalAmount(rawAmount);
    const to = this.destination(user, toAddress);
    if (to === user.walletAddress)
      throw new InvalidInputError('toAddress is your own wallet: withdraw to it without a signature');
    // early and unlocked, so nobody signs for what withdraw() would refuse; withdraw() decides
    const left = this.dailyMax - (await this.repo.withdrawnToday(this.sql.pool, user.userId));
    if (amount > left) throw new DailyWithdrawalLimitError(this.dailyMax, left);
    const statement = `Withdraw ${money(amount)} AMINA from Cosmic Casino to ${to}.`;
    return this.ownership.challenge(user, origin, 'withdraw', { statement, toAddress: to, amount });
  }

  /**
   * Withdraws to the proven wallet; another destination needs `proof`, a signature by the proven
   * key over a /withdraw/challenge naming that destination and this amount, checked and used up in
   * the transaction that debits.
   */
  async withdraw(
    user: SessionUser,
    rawAmount: unknown,
    toAddress?: string,
    proof?: ChallengeProof,
  ): Promise<WithdrawResponse> {
    assertVerifiedOwner(user);
    const amount = this.parseWithdrawalAmount(rawAmount);
    const to = this.destination(user, toAddress);
    const elsewhere = to !== user.walletAddress;
    if (elsewhere && !proof?.challengeId) {
      throw new DomainError(
        403,
        `Withdrawals go to your signed-in wallet; to send to ${to}, sign the withdrawal with your wallet first (POST /api/crypto/withdraw/challenge)`,
        'SIGNATURE_REQUIRED',
      );
    }
    if (await this.repo.aminaPaused())
      throw new DomainError(
        423,
        'Withdrawals are paused by the operators for a security check; your balance is safe',
        'AMINA_PAUSED',
      );
    // checked first, so a transfer the chain would refuse never debits anything
    await this.chain.assertOptedIn(to);

    const row = await this.sql.tx(async (db) => {
      // one withdrawal at a time per player, so the day's total read below cannot miss a concurrent one
      await this.repo.lockPlayer(db, user.userId);
      if (elsewhere) {
        const c = await this.ownership.consume(db, user, proof!, 'withdraw');
        if (c.to_address !== to || c.amount !== amount.toString()) {
          throw new InvalidInputError(
            `The signed withdrawal was for ${c.amount === null ? '?' : money(BigInt(c.amount))} AMINA to ${c.to_address}: sign this one again`,
          );
        }
      }
      const w = await this.repo.insertPending(db, user.userId, amount, to, withdrawalLease);
      try {
        await this.settlement.apply(db, {
          kind: 'withdrawal',
          userId: user.userId,
          amount: amount,
          withdrawalId: String(w.id),
        });
      } catch (e) {
        if (e instanceof InsufficientBalanceError) throw new InsufficientAminaError();
        throw e;
      }
      // this withdrawal included; a refusal rolls the whole transaction back
      const today = await this.repo.withdrawnToday(db, user.userId);
      if (today > this.dailyMax) throw new DailyWithdrawalLimitError(this.dailyMax, this.dailyMax - (today - amount));
      return w;
    }, user.claim);
    return this.process(row);
  }

  /**
   * Signs (once), stores and broadcasts one withdrawal. Refunds only when the node refused the
   * only broadcast of the bytes for a reason that means they never land; any other failure leaves
   * it open for recover(), which settles it by finality.
   */
  async process(w: WithdrawalRow): Promise<WithdrawResponse> {
    const current = w.signed_txn ? w : await this.sign(w);
    const txId = current.tx_id!;
    const amount = money(BigInt(current.amount));
    const sent: WithdrawResponse = {
      status: 'sent',
      txId,
      message: `Withdrawal of ${amount} AMINA sent to ${current.to_address}`,
      withdrawalId: String(current.id),
    };
    const pending: WithdrawResponse = {
      status: 'pending',
      txId,
      message: `Withdrawal of ${amount} AMINA is being sent; it will confirm shortly`,
      withdrawalId: String(current.id),
    };
    // counts a broadcast before it happens; null when the withdrawal is settled (its bytes are never sent again)
    const attempt = await this.repo.startAttempt(current.id);
    if (attempt === null) return this.settledAnswer(current, sent);
    try {
      await this.chain.submit(current.signed_txn!);
    } catch (e) {
      if (e instanceof ChainRejectedError && NEVER_LANDS.has(e.reason) && attempt === 1) {
        // No other broadcast of these bytes exists (a later one would have moved `attempts`,
        // and refund() checks it under the row lock), so the refusal is the whole story.
        if (await this.refund(current, e.message, attempt)) throw e;
      }
      if (!(e instanceof ChainUnavailableError) && !(e instanceof ChainRejectedError)) throw e;
      // pool full, expired, a transient refusal, no answer: it may be in a pool or a block already
      this.logger.warn({
        msg: 'withdrawal outcome open; recovery settles it by finality',
        id: current.id,
        txId,
        attempt,
        reason: e instanceof ChainRejectedError ? e.reason : 'unavailable',
        error: e.message,
      });
      return pending;
    }
    const look = await this.chain.lookupTransaction(txId).catch(() => null);
    if (look?.status === 'confirmed') await this.markConfirmed(current.id, look.confirmedRound);
    return sent;
  }

  /**
   * The recovery pass (scheduled, one instance): signs and sends withdrawals that crashed before
   * that, and settles the others by the chain's finality: confirmed → confirmed; absent (never
   * landed, never can) → refunded; unknown while the node is before lastValid → the same bytes
   * resent; pending (in a pool), or unknown after lastValid (indexer behind, a node that has not
   * seen it) → nothing until a definite answer.
   */
  async recover(): Promise<{ ran: boolean; confirmed: number; refunded: number; resent: number }> {
    const out = await withJobLock(this.sql, JOB_LOCKS.withdrawalProcessor, async () => {
      const open = await this.repo.open();
      let confirmed = 0;
      let refunded = 0;
      let resent = 0;
      for (const w of open) {
        try {
          if (!w.signed_txn || !w.tx_id || w.last_valid === null) {
            resent++;
            await this.process(w);
            continue;
          }
          const lastValid = BigInt(w.last_valid);
          const f = await this.chain.finality(w.tx_id, lastValid, SETTLE_MARGIN_ROUNDS);
          if (f.status === 'confirmed') {
            await this.markConfirmed(w.id, f.confirmedRound);
            confirmed++;
          } else if (f.status === 'absent') {
            if (await this.refund(w, 'expired without confirmation')) refunded++;
          } else if (f.status === 'unknown' && f.nodeRound < lastValid) {
            resent++;
            await this.process(w);
          }
        } catch {
          // the node or indexer could not answer, or a resend was refused: decide nothing now
        }
      }
      return { confirmed, refunded, resent };
    });
    return out ? { ran: true, ...out } : { ran: false, confirmed: 0, refunded: 0, resent: 0 };
  }

  /** Where one of the player's withdrawals stands (another player's, or an unknown id, is 404). */
  async status(user: SessionUser, withdrawalId: string): Promise<WithdrawalStatusResponse> {
    if (!/^[1-9]\d{0,17}$/.test(withdrawalId))
      throw new InvalidInputError('withdrawalId must be the id POST /api/crypto/withdraw answered');
    const w = await this.repo.ofUser(withdrawalId, user.userId);
    if (!w) throw new DomainError(404, `No withdrawal ${withdrawalId} in your account`, 'WITHDRAWAL_NOT_FOUND');
    return {
      withdrawalId: String(w.id),
      status: w.status === 'signed' ? 'sending' : w.status,
      amount: money(BigInt(w.amount)),
      toAddress: w.to_address,
      txId: w.tx_id,
      ...(w.status === 'refunded' ? { reason: w.error ?? 'it did not go through' } : {}),
    };
  }

  async listForUser(
    userId: string,
  ): Promise<
    Array<{ id: string; amount: string; toAddress: string; status: string; txId: string | null; time: string }>
  > {
    const rows = await this.repo.latest(userId);
    return rows.map((w) => ({
      id: String(w.id),
      amount: money(BigInt(w.amount)),
      toAddress: w.to_address,
      status: w.status === 'signed' ? 'sending' : w.status,
      txId: w.tx_id,
      time: w.created_at.toISOString(),
    }));
  }

  private parseWithdrawalAmount(rawAmount: unknown): bigint {
    if (rawAmount === undefined || rawAmount === null || rawAmount === '')
      throw new InvalidInputError('Please enter withdrawal amount');
    // at most AMOUNT_MAX: an amount past BIGINT would otherwise reach the ledger's SQL before the daily maximum is checked
    const amount = parseMoney(rawAmount, 'amount', { currency: 'AMINA' });
    if (amount < this.minAmount) throw new WithdrawalBelowMinimumError(this.minAmount);
    return amount;
  }

  /** Blank means the proven wallet; the house itself is never a destination. */
  private destination(user: SessionUser, toAddress: string | undefined): string {
    const to = toAddress || user.walletAddress;
    const addr = parseAddress(to);
    if (!addr.ok) throw new InvalidInputError(`toAddress: ${addr.message}`);
    if (to === this.chain.house)
      throw new InvalidInputError('toAddress is the house account: withdraw to your own wallet');
    return to;
  }

  /** Builds and signs the transfer, and stores its bytes and txid before anything is broadcast. */
  private async sign(w: WithdrawalRow): Promise<WithdrawalRow> {
    const { signed, txId, lastValid } = await this.chain.signHouseTransfer({
      to: w.to_address,
      amount: BigInt(w.amount),
      note: new TextEncoder().encode(`${WITHDRAWAL_NOTE_PREFIX}${w.id}`),
      lease: new Uint8Array(w.lease),
      validRounds: WITHDRAWAL_VALID_ROUNDS,
    });
    const stored = await this.repo.storeSigned(w.id, signed, txId, lastValid);
    if (stored) return stored;
    // another instance signed it first: use its bytes, never a second transaction
    return (await this.repo.byId(w.id))!;
  }

  /** The answer for a withdrawal settled while we were about to send it. */
  private async settledAnswer(w: WithdrawalRow, sent: WithdrawResponse): Promise<WithdrawResponse> {
    const now = await this.repo.byId(w.id);
    if (now?.status === 'refunded')
      throw new DomainError(
        409,
        `Withdrawal ${w.id} was refunded: ${now.error ?? 'it did not go through'}`,
        'WITHDRAWAL_REFUNDED',
      );
    return sent;
  }

  private async markConfirmed(id: string, round: bigint | null = null): Promise<void> {
    await this.repo.markConfirmed(id, round);
  }

  /**
   * Gives the amount back through the ledger, once (the status guard makes a second call a no-op).
   * With `onlyIfAttempt`, only while no later broadcast has started. True when it refunded.
   */
  private async refund(w: WithdrawalRow, reason: string, onlyIfAttempt?: number): Promise<boolean> {
    const done = await this.sql.tx(async (db) => {
      if (!(await this.repo.markRefunded(db, w.id, reason, onlyIfAttempt))) return false;
      await this.settlement.apply(db, {
        kind: 'withdrawal_refund',
        userId: String(w.user_id),
        amount: BigInt(w.amount),
        withdrawalId: String(w.id),
      });
      return true;
    }, null);
    if (done) this.logger.warn({ msg: 'withdrawal refunded', id: w.id, reason });
    return done;
  }
}
