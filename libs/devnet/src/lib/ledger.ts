import * as algosdk from 'algosdk';
import { evaluateGroup, type Evaluation } from './evaluate-group';
import { isEmptyAccount, type AccountState, type AssetState, type LedgerState, type TxnRecord } from './state';
import { decodeGroup, verifyGroup } from './verify-group';

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

  /** Accepts a raw body of one or more signed transactions; returns the first txid. */
  submit(body: Uint8Array): string {
    const group = decodeGroup(body);
    verifyGroup(group);
    const evaluation = evaluateGroup(this.state, group, this.state.round + 1n);
    this.commit(evaluation);
    return group[0].id;
  }

  /** Makes `count` empty blocks, e.g. to let transactions pass their lastValid. */
  advanceRounds(count: number): bigint {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`rounds must be a non-negative integer, got ${count}`);
    for (let i = 0; i < count; i++) this.appendBlock(0);
    if (count > 0) this.afterBlock();
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

  private commit({ draft, applied }: Evaluation): void {
    const { state } = this;
    for (const [address, account] of draft.accounts) {
      if (isEmptyAccount(account)) state.accounts.delete(address);
      else state.accounts.set(address, account);
    }
    for (const [id, asset] of draft.assets) {
      if (asset) state.assets.set(id, asset);
      else state.assets.delete(id);
    }
    const round = this.appendBlock(applied.length);
    applied.forEach(({ txn, applyData }, intra) => {
      const record: TxnRecord = { id: txn.id, round, intra, stxn: txn.bytes, ...applyData };
      state.txns.push(record);
      state.txIndex.set(record.id, record);
      this.decoded.set(record.id, txn.stxn);
    });
    for (const [key, lastValid] of draft.leases) state.leases.set(key, lastValid);
    // A lease whose lastValid has passed can never conflict again.
    for (const [key, lastValid] of state.leases) if (lastValid < round) state.leases.delete(key);
    state.txnCounter = draft.txnCounter;
    this.afterBlock();
  }

  private afterBlock(): void {
    this.options.onBlock?.(this.state);
    for (const waiter of [...this.waiters]) if (this.state.round > waiter.after) waiter.resolve();
  }
}
