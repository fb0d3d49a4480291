import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { AccountState, AssetState, LedgerState, TxnRecord, WalletRecord } from './state';

/** File name of the persisted state inside the data directory. */
export const STATE_FILE = 'devnet-state.json';

const VERSION = 1;

// JSON has no bigint or bytes: bigints travel as decimal strings, bytes as base64.
const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
const opt = <T, R>(value: T | undefined, map: (v: T) => R): R | undefined =>
  value === undefined ? undefined : map(value);

interface StoredAsset extends Omit<AssetState, 'id' | 'total' | 'createdRound' | 'metadataHash'> {
  id: string;
  total: string;
  createdRound: string;
  metadataHash?: string;
}

interface StoredState {
  version: number;
  genesisId: string;
  genesisHash: string;
  feeSink: string;
  round: string;
  txnCounter: string;
  assetId: string;
  /** [round, unix seconds, txn count] */
  blocks: Array<[string, number, number]>;
  accounts: Record<string, { amount: string; authAddr?: string; holdings: Array<[string, string, boolean]> }>;
  assets: StoredAsset[];
  /** [id, round, intra, stxn, closingAmount, assetClosingAmount, createdAssetId] */
  txns: Array<[string, string, number, string, string | null, string | null, string | null]>;
  leases: Record<string, string>;
  house: WalletRecord;
  dispenser: WalletRecord;
  wallets: WalletRecord[];
}

/** Serialises the state to a JSON-safe object. */
export function toStored(state: LedgerState): StoredState {
  const accounts: StoredState['accounts'] = {};
  for (const [address, account] of state.accounts) {
    accounts[address] = {
      amount: account.amount.toString(),
      authAddr: account.authAddr,
      holdings: [...account.holdings].map(([id, h]) => [id.toString(), h.amount.toString(), h.frozen]),
    };
  }
  return {
    version: VERSION,
    genesisId: state.genesisId,
    genesisHash: b64(state.genesisHash),
    feeSink: state.feeSink,
    round: state.round.toString(),
    txnCounter: state.txnCounter.toString(),
    assetId: state.assetId.toString(),
    blocks: state.blocks.map((b) => [b.round.toString(), b.timestamp, b.txnCount]),
    accounts,
    assets: [...state.assets.values()].map((a) => ({
      ...a,
      id: a.id.toString(),
      total: a.total.toString(),
      createdRound: a.createdRound.toString(),
      metadataHash: opt(a.metadataHash, b64),
    })),
    txns: state.txns.map((t) => [
      t.id,
      t.round.toString(),
      t.intra,
      b64(t.stxn),
      opt(t.closingAmount, String) ?? null,
      opt(t.assetClosingAmount, String) ?? null,
      opt(t.createdAssetId, String) ?? null,
    ]),
    leases: Object.fromEntries([...state.leases].map(([key, lastValid]) => [key, lastValid.toString()])),
    house: state.house,
    dispenser: state.dispenser,
    wallets: state.wallets,
  };
}

/** Rebuilds the state from its stored form. */
export function fromStored(stored: StoredState): LedgerState {
  if (stored.version !== VERSION) throw new Error(`devnet state version ${stored.version} is not supported`);
  const accounts = new Map<string, AccountState>();
  for (const [address, a] of Object.entries(stored.accounts)) {
    accounts.set(address, {
      amount: BigInt(a.amount),
      authAddr: a.authAddr,
      holdings: new Map(a.holdings.map(([id, amount, frozen]) => [BigInt(id), { amount: BigInt(amount), frozen }])),
    });
  }
  const big = (value: string | null): bigint | undefined => (value === null ? undefined : BigInt(value));
  const txns: TxnRecord[] = stored.txns.map(([id, round, intra, stxn, ca, aca, caid]) => {
    const record: TxnRecord = { id, round: BigInt(round), intra, stxn: bytes(stxn) };
    if (ca !== null) record.closingAmount = big(ca);
    if (aca !== null) record.assetClosingAmount = big(aca);
    if (caid !== null) record.createdAssetId = big(caid);
    return record;
  });
  return {
    genesisId: stored.genesisId,
    genesisHash: bytes(stored.genesisHash),
    feeSink: stored.feeSink,
    round: BigInt(stored.round),
    txnCounter: BigInt(stored.txnCounter),
    assetId: BigInt(stored.assetId),
    blocks: stored.blocks.map(([round, timestamp, txnCount]) => ({ round: BigInt(round), timestamp, txnCount })),
    accounts,
    assets: new Map(
      stored.assets.map((a) => [
        BigInt(a.id),
        {
          ...a,
          id: BigInt(a.id),
          total: BigInt(a.total),
          createdRound: BigInt(a.createdRound),
          metadataHash: opt(a.metadataHash, bytes),
        },
      ]),
    ),
    txns,
    txIndex: new Map(txns.map((t) => [t.id, t])),
    leases: new Map(Object.entries(stored.leases).map(([key, lastValid]) => [key, BigInt(lastValid)])),
    house: stored.house,
    dispenser: stored.dispenser,
    wallets: stored.wallets,
  };
}

/** Reads the state from a data directory, or null when none was saved yet. */
export function loadState(dataDir: string): LedgerState | null {
  const file = join(dataDir, STATE_FILE);
  if (!existsSync(file)) return null;
  return fromStored(JSON.parse(readFileSync(file, 'utf8')) as StoredState);
}

/** Writes the state atomically: a crash leaves either the old file or the new one, never half. */
export function saveState(dataDir: string, state: LedgerState): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, STATE_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    writeSync(fd, JSON.stringify(toStored(state)));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
}
