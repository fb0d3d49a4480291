import { ForbiddenException, Injectable, Logger } from '@nestjs/common';
import * as algosdk from 'algosdk';
import { randomUUID } from 'node:crypto';
import { parseAmount } from '@cosmic/algorand';
import type { BuildDepositResponse, NotifyDepositResponse, SubmitDepositResponse } from '@cosmic/contracts';
import { BASE_UNITS_PER_COIN } from '@cosmic/game-engine';
import { DomainError, InvalidInputError } from '../common/domain-error';
import { money } from '../common/amount';
import { SqlService, type Queryable } from '../database/sql.service';
import { AppStateRepository } from '../database/app-state.repository';
import { DepositsRepository, type DepositOwner } from './deposits.repository';
import { SettlementService } from '../settlement/settlement.service';
import { AlgorandClient } from '../chain/algorand.client';
import type { AssetTransfer } from '../chain/chain.types';
import type { SessionUser } from '../auth/session.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';
import { ResponsibleGamingService } from '../responsible-gaming/responsible-gaming.service';
import type { TransactionClaim } from '../database/transaction-claim';

/** Deposits: 0.00000001 to 10 AMINA. */
export const DEPOSIT_MAX = 10n * BASE_UNITS_PER_COIN;
const DEPOSIT_RANGE = 'Deposit amount must be between 0.00000001 and 10 AMINA';
/** The note prefix that names a deposit intent. */
export const DEPOSIT_NOTE_PREFIX = 'amina:dep:';
const WATERMARK_KEY = 'deposit_watcher';
const PAGE = 500;

/** What one scan of the indexer did. */
export interface ScanReport {
  ran: boolean;
  credited: number;
  parked: number;
  watermark: string;
}

/** Parses a deposit amount with the spec's texts. */
export function parseDepositAmount(raw: unknown): bigint {
  if (raw === undefined || raw === null || raw === '') throw new InvalidInputError('Please enter deposit amount');
  const r = parseAmount(typeof raw === 'number' ? String(raw) : raw);
  if (!r.ok || r.value <= 0n || r.value > DEPOSIT_MAX) throw new InvalidInputError(DEPOSIT_RANGE);
  return r.value;
}

/**
 * AMINA deposits: an unsigned transfer for the wallet to sign (its note names the intent), a
 * relay for the signed bytes, and the watcher that credits each chain transaction exactly once.
 */
@Injectable()
export class DepositsService {
  private readonly logger = new Logger('Deposits');

  constructor(
    private readonly sql: SqlService,
    private readonly chain: AlgorandClient,
    private readonly settlement: SettlementService,
    private readonly repo: DepositsRepository,
    private readonly appState: AppStateRepository,
    private readonly rg: ResponsibleGamingService,
  ) {}

  async build(user: SessionUser, rawAmount: unknown): Promise<BuildDepositResponse> {
    if (user.isGuest) throw new ForbiddenException('Connect an Algorand wallet to deposit AMINA');
    await this.refuseWhileExcluded(user.userId);
    const amount = parseDepositAmount(rawAmount);
    await this.refuseBeyondLimit(user.userId, amount);
    const holding = await this.chain.assetHolding(user.walletAddress);
    if (!holding.optedIn)
      throw new InvalidInputError('Your wallet has not opted in to AMINA: opt in first, then deposit');
    if (holding.amount < amount) throw new InvalidInputError(`Your wallet holds only ${money(holding.amount)} AMINA`);
    const intentId = randomUUID();
    const note = `${DEPOSIT_NOTE_PREFIX}${intentId}`;
    const txn = await this.chain.buildAssetTransfer({
      from: user.walletAddress,
      to: this.chain.house,
      amount,
      note: new TextEncoder().encode(note),
    });
    // recorded once built: the history tells a transfer never sent by its last valid round
    await this.repo.insertIntent(intentId, user.userId, amount, BigInt(txn.lastValid));
    return {
      txnB64: Buffer.from(algosdk.encodeUnsignedTransaction(txn)).toString('base64'),
      intentId,
      note,
      amount: money(amount),
    };
  }

  /**
   * A self-excluded player or one on a time-out is not offered a deposit (what is in the account stays
   * withdrawable, and a deposit that arrives anyway is credited without enabling play: bets check exclusion).
   */
  private async refuseWhileExcluded(userId: string): Promise<void> {
    const ex = await this.repo.selfExcludedUntil(userId);
    if (ex) {
      const until = ex.until.toISOString().slice(0, 16).replace('T', ' ');
      const timeOut = ex.kind === 'time-out';
      throw new DomainError(
        403,
        `You are ${timeOut ? 'on a time-out' : 'self-excluded'} until ${until} UTC: deposits are blocked until then. What is in your account can still be withdrawn.`,
        timeOut ? 'TIME_OUT' : 'SELF_EXCLUDED',
      );
    }
  }

  /** A deposit is built only within the player's deposit limits (the lowest one left wins). */
  private async refuseBeyondLimit(userId: string, amount: bigint): Promise<void> {
    const { left, period } = await this.rg.depositAllowance(userId);
    if (left !== null && amount > left) {
      const window = period === '24h' ? '24-hour' : period === '7d' ? '7-day' : '30-day';
      throw new DomainError(
        429,
        left > 0n
          ? `This deposit would pass your ${window} deposit limit: you can deposit up to ${money(left)} AMINA now`
          : `Your ${window} deposit limit is reached: you can deposit 0 AMINA now`,
        'DEPOSIT_LIMIT',
      );
    }
  }

  /** Relays a signed deposit to the node; only an AMINA transfer from this wallet to the house passes. */
  async submit(user: SessionUser, signedTxnB64: string): Promise<SubmitDepositResponse> {
    let stxn: algosdk.SignedTransaction;
    const bytes = Buffer.from(signedTxnB64, 'base64');
    try {
      stxn = algosdk.decodeSignedTransaction(bytes);
    } catch {
      throw new InvalidInputError('signedTxnB64 is not a signed Algorand transaction');
    }
    const t = stxn.txn;
    const ok =
      t.type === 'axfer' &&
      t.sender.toString() === user.walletAddress &&
      t.assetTransfer?.receiver.toString() === this.chain.house &&
      t.assetTransfer?.assetIndex === this.chain.asset;
    if (!ok) throw new InvalidInputError('signedTxnB64 must be an AMINA transfer from your wallet to the house');
    const txId = await this.chain.submit(bytes);
    const note = Buffer.from(t.note ?? []).toString();
    if (note.startsWith(DEPOSIT_NOTE_PREFIX)) {
      await this.repo.setIntentTx(note.slice(DEPOSIT_NOTE_PREFIX.length), user.userId, txId);
    }
    return { txId };
  }

  /**
   * The player says a deposit is on its way: that one transaction is looked up by its txid and
   * credited (or parked) now, instead of at the watcher's next tick. Never a scan of the indexer:
   * a session must not be able to start one on demand. The watcher's watermark is left alone; when
   * it reaches this transaction it finds it recorded.
   */
  async notify(user: SessionUser, txIdRaw: unknown): Promise<NotifyDepositResponse> {
    if (typeof txIdRaw !== 'string' || txIdRaw === '')
      throw new InvalidInputError('Please enter the transaction ID after signing');
    const txId = txIdRaw.trim();
    if (!/^[A-Z2-7]{52}$/.test(txId))
      throw new InvalidInputError('txId must be a 52-character Algorand transaction id');
    await this.repo.markNotified(user.userId, txId);
    if (!(await this.repo.deposit(txId))) {
      const transfer = await this.chain.transferToHouse(txId);
      // recorded once by its txid, whoever gets there first (this notice or the watcher)
      if (transfer) await this.record(transfer, user.claim);
    }
    const r = await this.repo.deposit(txId);
    if (!r) return { txId, status: 'pending' };
    if (r.user_id !== null && String(r.user_id) !== user.userId)
      throw new ForbiddenException('That transaction was credited to another player');
    return { txId, status: r.status, amount: money(BigInt(r.amount)) };
  }

  /**
   * One pass of the watcher: every AMINA transfer to the house since the stored watermark, in
   * round order, page after page; each txid credited once (its primary key), or parked when it
   * cannot be attributed. Only the instance holding the advisory lock scans.
   */
  async scan(): Promise<ScanReport> {
    const report = await withJobLock(this.sql, JOB_LOCKS.depositWatcher, () => this.scanLocked());
    return report ?? { ran: false, credited: 0, parked: 0, watermark: '' };
  }

  private async scanLocked(): Promise<ScanReport> {
    const minRound = await this.watermark();
    let next: string | undefined;
    let credited = 0;
    let parked = 0;
    let highest = minRound;
    do {
      const page = await this.chain.transfersToHouse({ minRound, next, limit: PAGE });
      for (const t of page.transfers) {
        const r = await this.record(t, null);
        if (r === 'credited') credited++;
        if (r === 'parked') parked++;
        if (t.round > highest) highest = t.round;
      }
      next = page.next ?? undefined;
      if (!next && page.currentRound > highest) highest = page.currentRound;
    } while (next);
    // re-reading the watermark round is harmless (txids are unique); skipping one is not
    await this.appState.write(WATERMARK_KEY, { round: highest.toString() });
    if (credited || parked)
      this.logger.log({ msg: 'deposits scanned', credited, parked, watermark: highest.toString() });
    return { ran: true, credited, parked, watermark: highest.toString() };
  }

  /** The last round the watcher scanned (0 before its first scan); the treasurer measures its lag from it. */
  async watermark(): Promise<bigint> {
    const stored = await this.appState.read<{ round: string }>(WATERMARK_KEY);
    return stored ? BigInt(stored.round) : 0n;
  }

  /**
   * Credits (or parks) one transfer exactly once, in one transaction with its ledger row. A deposit
   * beyond the player's deposit limits (sent without build-deposit, or after lowering a limit) is
   * credited whole, never lost; its excess is locked from play (still withdrawable) for the window it
   * passed (ResponsibleGamingService.depositExcess), which check_play_allowed() enforces.
   */
  private async record(
    t: AssetTransfer,
    claim: TransactionClaim | null | undefined,
  ): Promise<'credited' | 'parked' | 'seen'> {
    return this.sql.tx(async (db) => {
      const who = await this.attribute(db, t);
      const excess = who.userId
        ? await this.rg.depositExcess(db, who.userId, t.houseAmount)
        : { locked: 0n, until: null };
      if (!(await this.repo.insertDeposit(db, t, who, excess))) return 'seen';
      if (excess.locked > 0n)
        this.logger.log({
          msg: 'deposit beyond the deposit limit: excess locked from play',
          txId: t.txId,
          locked: excess.locked.toString(),
        });
      if (!who.userId) {
        this.logger.warn({
          msg: 'deposit parked for operator review',
          txId: t.txId,
          sender: t.sender,
          amount: t.houseAmount.toString(),
          reason: who.reason,
        });
        return 'parked';
      }
      if (t.houseAmount > 0n)
        await this.settlement.apply(db, { kind: 'deposit', userId: who.userId, amount: t.houseAmount, txId: t.txId });
      return 'credited';
    }, claim);
  }

  /** By intent note first, else by a registered (non-guest) sender; otherwise nobody. */
  private async attribute(db: Queryable, t: AssetTransfer): Promise<DepositOwner> {
    const note = Buffer.from(t.note).toString();
    if (note.startsWith(DEPOSIT_NOTE_PREFIX)) {
      const id = note.slice(DEPOSIT_NOTE_PREFIX.length);
      if (/^[0-9a-f-]{36}$/.test(id)) {
        const owner = await this.repo.intentOwner(db, id);
        if (owner) return { userId: owner, intentId: id, reason: null };
      }
    }
    const player = await this.repo.playerOfWallet(db, t.sender);
    if (player) return { userId: player, intentId: null, reason: null };
    return {
      userId: null,
      intentId: null,
      reason: note.startsWith(DEPOSIT_NOTE_PREFIX) ? 'unknown deposit intent' : 'unknown sender, no deposit note',
    };
  }
}
