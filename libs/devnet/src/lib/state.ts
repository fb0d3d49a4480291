// In-memory ledger state. Amounts and rounds are bigint like algosdk's; addresses are the
// 58-character strings so maps and JSON stay simple.

/** One account's asset slot. */
export interface Holding {
  amount: bigint;
  frozen: boolean;
}

/** One account. An account with no ALGO, no holdings and no auth-addr does not exist. */
export interface AccountState {
  amount: bigint;
  holdings: Map<bigint, Holding>;
  authAddr?: string;
}

/** One ASA's parameters (what algod reports under `params`). */
export interface AssetState {
  id: bigint;
  creator: string;
  total: bigint;
  decimals: number;
  defaultFrozen: boolean;
  unitName?: string;
  name?: string;
  url?: string;
  metadataHash?: Uint8Array;
  manager?: string;
  reserve?: string;
  freeze?: string;
  clawback?: string;
  createdRound: bigint;
}

/** A confirmed transaction with the apply data the indexer and pending endpoint report. */
export interface TxnRecord {
  id: string;
  round: bigint;
  intra: number;
  /** Canonical msgpack of the signed transaction. */
  stxn: Uint8Array;
  closingAmount?: bigint;
  assetClosingAmount?: bigint;
  createdAssetId?: bigint;
}

/** One block: its round, time and how many transactions it holds. */
export interface BlockRecord {
  round: bigint;
  /** Unix seconds. */
  timestamp: number;
  txnCount: number;
}

/** A generated account with its mnemonic, for demos and tests. */
export interface WalletRecord {
  label: string;
  address: string;
  mnemonic: string;
  optedIn: boolean;
}

/** Everything the devnet persists. */
export interface LedgerState {
  genesisId: string;
  genesisHash: Uint8Array;
  feeSink: string;
  round: bigint;
  /** Counts every transaction ever applied; new asset ids derive from it like algod's. */
  txnCounter: bigint;
  blocks: BlockRecord[];
  accounts: Map<string, AccountState>;
  assets: Map<bigint, AssetState>;
  txns: TxnRecord[];
  txIndex: Map<string, TxnRecord>;
  /** `${sender}:${base64 lease}` → lastValid of the txn holding it. */
  leases: Map<string, bigint>;
  assetId: bigint;
  house: WalletRecord;
  dispenser: WalletRecord;
  wallets: WalletRecord[];
}

/** Base minimum balance and the increment per asset slot, in microALGO (algod's values). */
export const MIN_BALANCE = 100_000n;

/** Flat minimum fee per transaction in microALGO. */
export const MIN_FEE = 1_000n;

/** Longest allowed lastValid − firstValid. */
export const MAX_TXN_LIFE = 1_000n;

/** Largest note in bytes. */
export const MAX_NOTE_BYTES = 1_024;

/** Largest atomic group. */
export const MAX_GROUP_SIZE = 16;

/** Consensus version reported by params and status, shaped like algod's protocol URLs. */
export const CONSENSUS_VERSION =
  'https://github.com/algorandfoundation/specs/tree/236dcc18c9c507d794813ab768e467ea42d1b4d9';

/** Minimum balance of an account: 0.1 ALGO plus 0.1 per asset slot. */
export function minBalance(account: AccountState | undefined): bigint {
  return MIN_BALANCE * BigInt(1 + (account?.holdings.size ?? 0));
}

/** Deep copy of an account, so a group can be evaluated on a draft and thrown away. */
export function cloneAccount(account: AccountState): AccountState {
  const holdings = new Map<bigint, Holding>();
  for (const [id, holding] of account.holdings) holdings.set(id, { ...holding });
  return { amount: account.amount, holdings, authAddr: account.authAddr };
}

/** True when the account would be deleted by algod (nothing left in it). */
export function isEmptyAccount(account: AccountState): boolean {
  return account.amount === 0n && account.holdings.size === 0 && account.authAddr === undefined;
}

/** Key of the lease table. */
export function leaseKey(sender: string, lease: Uint8Array): string {
  return `${sender}:${Buffer.from(lease).toString('base64')}`;
}
