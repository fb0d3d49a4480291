import type * as algosdk from 'algosdk';

/** An account's slot for the configured asset. */
export interface AssetHolding {
  optedIn: boolean;
  /** Base units (0n when not opted in). */
  amount: bigint;
  frozen: boolean;
}

/** An account's ALGO: balance, the part it must keep, and its signer if rekeyed. */
export interface AlgoBalance {
  /** microALGO */
  amount: bigint;
  /** microALGO the account must keep (0.1 ALGO + 0.1 per asset slot). */
  minBalance: bigint;
  authAddr: string | null;
}

/** The asset as the chain reports it. */
export interface ChainAsset {
  id: bigint;
  decimals: number;
  unitName: string;
  name: string;
  total: bigint;
  creator: string;
}

/** Input of buildAssetTransfer. */
export interface AssetTransferRequest {
  from: string;
  to: string;
  /** Base units. */
  amount: bigint;
  note?: Uint8Array;
  /** 32 bytes; one live transaction per (sender, lease) — use it to make withdrawals single-shot. */
  lease?: Uint8Array;
  /** lastValid − firstValid (1–1000, default 1000). */
  validRounds?: number;
  /** Reuse already-fetched params instead of asking algod again. */
  params?: algosdk.SuggestedParams;
}

/**
 * A house transfer signed and not yet sent (signHouseTransfer): what is stored before the first
 * broadcast, so every retry sends these same bytes and never a second transaction.
 */
export interface SignedHouseTransfer {
  /** The signed transaction's msgpack bytes. */
  signed: Buffer;
  txId: string;
  /** The last round a block may take it in. */
  lastValid: bigint;
}

/** Where a transaction stands. `unknown`: neither algod nor the indexer knows it (yet). */
export interface TxnLookup {
  txId: string;
  status: 'confirmed' | 'pending' | 'rejected' | 'unknown';
  confirmedRound: bigint | null;
  poolError: string | null;
}

/**
 * Whether a transaction can still change anything, as of the node's latest round:
 * `confirmed` (in a block), `pending` (in the node's pool), `absent` (the node is more than the
 * margin past lastValid, its pool does not hold it, and the indexer — caught up to at least
 * lastValid — has no record of it: it never landed and never can), or `unknown` (anything less
 * certain: before lastValid, indexer behind, a node that has not seen it).
 */
export interface TxnFinality {
  txId: string;
  status: 'confirmed' | 'pending' | 'absent' | 'unknown';
  confirmedRound: bigint | null;
  /** algod's last-round when asked. */
  nodeRound: bigint;
  /** The indexer's current-round when asked (null when the indexer was not needed). */
  indexerRound: bigint | null;
}

/** One asset transfer touching the house, from the indexer. */
export interface AssetTransfer {
  txId: string;
  sender: string;
  receiver: string;
  /** Base units sent to `receiver`. */
  amount: bigint;
  closeTo: string | null;
  /** Base units moved to `closeTo` when the sender closed its holding. */
  closeAmount: bigint;
  /** Base units that entered (transfersToHouse) or left (transfersFromHouse) the house. */
  houseAmount: bigint;
  round: bigint;
  intraRoundOffset: number;
  /** Unix seconds of the block. */
  roundTime: number;
  note: Uint8Array;
  lease: Uint8Array | null;
  /** base64 group id, when part of an atomic group. */
  group: string | null;
}

/** Paging input of the transfer searches. */
export interface TransferPageRequest {
  /** Inclusive lower bound on the confirmed round. */
  minRound?: bigint;
  /** Token from the previous page. */
  next?: string;
  /** 1–10000. */
  limit: number;
}

/** A page of transfers, ascending by round and intra-round offset. */
export interface TransferPage {
  transfers: AssetTransfer[];
  /** Set when the page was full: pass it back as `next` for the rest. */
  next: string | null;
  /** The indexer's round when it answered (every transfer up to it is included). */
  currentRound: bigint;
}

/** Chain health for /api/health. */
export interface ChainStatus {
  round: bigint;
  network: string;
  genesisId: string;
}

/** A confirmed transaction read from the indexer: who sent it, in which round, and its note. */
export interface IndexedTransaction {
  txId: string;
  sender: string;
  round: bigint;
  /** Seconds since the epoch of its block. */
  roundTime: number;
  note: Uint8Array;
}
