import * as algosdk from 'algosdk';
import { evaluateGroup, type Evaluation } from './evaluate-group';
import { POOL_PREFIX, TxnRejectedError } from './rejection';
import {
  isEmptyAccount,
  leaseKey,
  type AccountState,
  type AssetState,
  type LedgerState,
  type TxnRecord,
} from './state';
import { decodeGroup, verifyGroup, type DecodedTxn } from './verify-group';

/** Options for a Ledger. */
export interface LedgerOptions {
  /** Clock in milliseconds (tests may pin it). */
  now?: () => number;
  /** Called after every block, e.g. to persist the state. */
  onBlock?: (state: LedgerState) => void;
}

interface Waiter {
  after: bigint;
  resolve: () => void;
}

/** The chain: validates groups, makes one block per accepted group, answers lookups. */
export class Ledger {
  private readonly waiters = new Set<Waiter>();
  private readonly decoded = new Map<string, algosdk.SignedTransaction>();
  private readonly now: () => number;
  /** Groups accepted but not yet in a block (only while the `pool` fault holds them). */
  private pool: DecodedTxn[][] = [];
  /** Why the pool dropped a transaction (algod's `pool-error`), by txid. */
  private readonly dropped = new Map<string, { txn: DecodedTxn; error: string }>();

  constructor(
    readonly state: LedgerState,
    private readonly options: LedgerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Latest round. */
  get round(): bigint {
    return this.state.round;
  }

  /** Unix seconds of the latest block. */
  get lastRoundTime(): number {
    return this.state.blocks[this.state.blocks.length - 1].timestamp;
  }

  /** Accepts a raw body of one or more signed transactions into a block of its own; returns the first txid. */
  submit(body: Uint8Array): string {
    const group = decodeGroup(body);
    verifyGroup(group);
    this.checkNotPooled(group);
    // a block is being made: what waits in the pool goes first, in a block of its own
    if (this.pool.length > 0) this.drainPool();
    const evaluation = evaluateGroup(this.state, group, this.state.round + 1n);
    this.commit([evaluation]);
    return group[0].id;
  }

  /**
   * Accepts a group into the pool without making a block (the `pool` fault): it is checked now
   * against the latest state and applied when the next block is made.
   */
  remember(body: Uint8Array): string {
    const group = decodeGroup(body);
    verifyGroup(group);
    this.checkNotPooled(group);
    evaluateGroup(this.state, group, this.state.round + 1n);
    this.pool.push(group);
    for (const { id } of group) this.dropped.delete(id);
    return group[0].id;
  }

  /** A transaction waiting in the pool, by txid. */
  pooled(id: string): DecodedTxn | undefined {
    for (const group of this.pool) {
      const found = group.find((t) => t.id === id);
      if (found) return found;
    }
    return undefined;
  }

  /** A transaction the pool dropped without putting it in a block, and why (algod's `pool-error`). */
  droppedFromPool(id: string): { txn: DecodedTxn; error: string } | undefined {
    return this.dropped.get(id);
  }

  /** Forgets every pooled transaction, as a restarting node does. */
  dropPool(): void {
    this.pool = [];
  }

  /** Makes `count` blocks, e.g. to let transactions pass their lastValid; the first confirms the pool. */
  advanceRounds(count: number): bigint {
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError(`rounds must be a non-negative integer, got ${count}`);
    let made = 0;
    if (count > 0 && this.pool.length > 0) {
      this.drainPool();
      made = 1;
    }
    for (let i = made; i < count; i++) this.appendBlock(0);
    if (count > made) this.afterBlock();
    return this.state.round;
  }

  /** Resolves once a block after `round` exists, or after `timeoutMs` (like algod's endpoint). */
  waitForBlockAfter(round: bigint, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.state.round > round) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter: Waiter = { after: round, resolve: () => finish() };
      const timer = setTimeout(() => finish(), timeoutMs);
      const finish = (): void => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        signal?.removeEventListener('abort', finish);
        resolve();
      };
      signal?.addEventListener('abort', finish);
      this.waiters.add(waiter);
    });
  }

  /** Wakes every waiter (used on shutdown). */
  releaseWaiters(): void {
    for (const waiter of [...this.waiters]) waiter.resolve();
  }

  /** An account, or undefined when it does not exist (never funded, or closed). */
  account(address: string): AccountState | undefined {
    return this.state.accounts.get(address);
  }

  /** An asset's parameters, or undefined when unknown or destroyed. */
  asset(id: bigint): AssetState | undefined {
    return this.state.assets.get(id);
  }

  /** A confirmed transaction by txid. */
  transaction(id: string): TxnRecord | undefined {
    return this.state.txIndex.get(id);
  }

  /** The decoded signed transaction of a record (decoded once, then cached). */
  signedTxn(record: TxnRecord): algosdk.SignedTransaction {
    let stxn = this.decoded.get(record.id);
    if (!stxn) {
      stxn = algosdk.decodeSignedTransaction(record.stxn);
      this.decoded.set(record.id, stxn);
    }
    return stxn;
  }

  /** Unix seconds of a round's block. */
  roundTime(round: bigint): number {
    return this.state.blocks[Number(round)]?.timestamp ?? 0;
  }

  private appendBlock(txnCount: number): bigint {
    const round = this.state.round + 1n;
    const seconds = Math.floor(this.now() / 1000);
    this.state.blocks.push({ round, timestamp: Math.max(seconds, this.lastRoundTime), txnCount });
    this.state.round = round;
    return round;
  }

  /** A resend of a pooled transaction is refused the way algod's pending block refuses a duplicate. */
  private checkNotPooled(group: DecodedTxn[]): void {
    for (const { id, txn } of group) {
      if (this.pooled(id)) throw new TxnRejectedError(`${POOL_PREFIX}transaction already in ledger: ${id}`);
      if (!txn.lease) continue;
      const key = leaseKey(txn.sender.toString(), txn.lease);
      const holder = this.pool
        .flat()
        .find((p) => p.txn.lease && leaseKey(p.txn.sender.toString(), p.txn.lease) === key);
      if (holder) {
        throw new TxnRejectedError(
          `${POOL_PREFIX}transaction ${id} using an overlapping lease (sender, lease):(${txn.sender.toString()}, ${algosdk.encodeAddress(txn.lease)})`,
        );
      }
    }
  }

  /** Puts every pooled group that still applies into one block; the rest are dropped with their pool error. */
  private drainPool(): void {
    const groups = this.pool;
    this.pool = [];
    const round = this.state.round + 1n;
    const evaluations: Evaluation[] = [];
    for (const group of groups) {
      try {
        // each group sees the ones before it in the block
        const evaluation = evaluateGroup(this.state, group, round);
        this.apply(evaluation);
        evaluations.push(evaluation);
      } catch (error) {
        if (!(error instanceof TxnRejectedError)) throw error;
        for (const txn of group) this.dropped.set(txn.id, { txn, error: error.message.replace(POOL_PREFIX, '') });
      }
    }
    this.record(evaluations, round);
  }

  private commit(evaluations: Evaluation[]): void {
    for (const evaluation of evaluations) this.apply(evaluation);
    this.record(evaluations, this.state.round + 1n);
  }

  /** Applies a group's state changes (accounts, assets, leases); record() indexes its transactions. */
  private apply({ draft }: Evaluation): void {
    const { state } = this;
    for (const [address, account] of draft.accounts) {
      if (isEmptyAccount(account)) state.accounts.delete(address);
      else state.accounts.set(address, account);
    }
    for (const [id, asset] of draft.assets) {
      if (asset) state.assets.set(id, asset);
      else state.assets.delete(id);
    }
    for (const [key, lastValid] of draft.leases) state.leases.set(key, lastValid);
    state.txnCounter = draft.txnCounter;
  }

  /** Makes the block holding `evaluations` (already applied) and records their transactions. */
  private record(evaluations: Evaluation[], round: bigint): void {
    const { state } = this;
    const applied = evaluations.flatMap((e) => e.applied);
    this.appendBlock(applied.length);
    applied.forEach(({ txn, applyData }, intra) => {
      const record: TxnRecord = { id: txn.id, round, intra, stxn: txn.bytes, ...applyData };
      state.txns.push(record);
      state.txIndex.set(record.id, record);
      this.decoded.set(record.id, txn.stxn);
    });
    // A lease whose lastValid has passed can never conflict again.
    for (const [key, lastValid] of state.leases) if (lastValid < round) state.leases.delete(key);
    this.afterBlock();
  }

  private afterBlock(): void {
    this.options.onBlock?.(this.state);
    for (const waiter of [...this.waiters]) if (this.state.round > waiter.after) waiter.resolve();
  }
}
