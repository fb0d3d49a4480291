import { cloneAccount, type AccountState, type AssetState, type LedgerState } from './state';

// Copy-on-write view of the ledger for one group: algod applies a group all or nothing,
// so every change lands here first and is committed only when the whole group passes.

/** Mutable overlay over a LedgerState. */
export class Draft {
  readonly accounts = new Map<string, AccountState>();
  /** null marks a destroyed asset. */
  readonly assets = new Map<bigint, AssetState | null>();
  readonly modified = new Set<string>();
  readonly txids = new Set<string>();
  readonly leases = new Map<string, bigint>();
  txnCounter: bigint;

  constructor(readonly base: LedgerState) {
    this.txnCounter = base.txnCounter;
  }

  /** The account as the group sees it now (read-only use). */
  peek(address: string): AccountState | undefined {
    return this.accounts.get(address) ?? this.base.accounts.get(address);
  }

  /** A writable copy of the account, created empty if it does not exist. */
  account(address: string): AccountState {
    let account = this.accounts.get(address);
    if (!account) {
      const existing = this.base.accounts.get(address);
      account = existing ? cloneAccount(existing) : { amount: 0n, holdings: new Map() };
      this.accounts.set(address, account);
    }
    this.modified.add(address);
    return account;
  }

  /** The asset as the group sees it now. */
  asset(id: bigint): AssetState | undefined {
    if (this.assets.has(id)) return this.assets.get(id) ?? undefined;
    return this.base.assets.get(id);
  }

  hasTxid(id: string): boolean {
    return this.txids.has(id) || this.base.txIndex.has(id);
  }

  leaseExpiry(key: string): bigint | undefined {
    return this.leases.get(key) ?? this.base.leases.get(key);
  }
}
