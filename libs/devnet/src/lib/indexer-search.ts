import * as algosdk from 'algosdk';
import type { Ledger } from './ledger';
import type { TxnRecord } from './state';

/** Page size of the indexer's transaction search when no limit is given. */
export const DEFAULT_LIMIT = 1000;
/** Largest page the indexer returns; bigger limits are clamped. */
export const MAX_LIMIT = 10_000;

/** A page of matching records (ascending by round, then intra-round offset). */
export interface SearchResult {
  records: TxnRecord[];
  nextToken?: string;
}

/** A query the indexer would refuse with 400. */
export class SearchError extends Error {}

type Predicate = (record: TxnRecord, txn: algosdk.Transaction, stxn: algosdk.SignedTransaction) => boolean;

const TX_TYPES = new Set(['pay', 'keyreg', 'acfg', 'axfer', 'afrz', 'appl', 'stpf', 'hb']);

/** The next token names the last row returned: 8-byte round and 4-byte offset, base64url. */
export function encodeNextToken(record: TxnRecord): string {
  const buffer = Buffer.alloc(12);
  buffer.writeBigUInt64BE(record.round);
  buffer.writeUInt32BE(record.intra, 8);
  return buffer.toString('base64url');
}

function decodeNextToken(token: string): { round: bigint; intra: number } {
  const buffer = Buffer.from(token, 'base64url');
  if (buffer.length !== 12 || buffer.toString('base64url') !== token)
    throw new SearchError('error decoding next token');
  return { round: buffer.readBigUInt64BE(0), intra: buffer.readUInt32BE(8) };
}

function uint(query: URLSearchParams, name: string): bigint | undefined {
  const text = query.get(name);
  if (text === null) return undefined;
  if (!/^\d{1,20}$/.test(text))
    throw new SearchError(`invalid input: unable to parse ${name} '${text}' as an unsigned integer`);
  return BigInt(text);
}

function bytes(query: URLSearchParams, name: string): Uint8Array | undefined {
  const text = query.get(name);
  if (text === null) return undefined;
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) throw new SearchError(`invalid input: unable to parse base64 ${name}`);
  return new Uint8Array(Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

function startsWith(value: Uint8Array, prefix: Uint8Array): boolean {
  return prefix.length <= value.length && prefix.every((byte, i) => value[i] === byte);
}

function equalBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function receivers(txn: algosdk.Transaction, excludeCloseTo: boolean): string[] {
  const out: string[] = [];
  if (txn.payment) {
    out.push(txn.payment.receiver.toString());
    if (txn.payment.closeRemainderTo && !excludeCloseTo) out.push(txn.payment.closeRemainderTo.toString());
  }
  if (txn.assetTransfer) {
    out.push(txn.assetTransfer.receiver.toString());
    if (txn.assetTransfer.closeRemainderTo && !excludeCloseTo) out.push(txn.assetTransfer.closeRemainderTo.toString());
  }
  return out;
}

function participants(txn: algosdk.Transaction): string[] {
  const out = [txn.sender.toString(), ...receivers(txn, false)];
  if (txn.assetTransfer?.assetSender) out.push(txn.assetTransfer.assetSender.toString());
  if (txn.assetFreeze) out.push(txn.assetFreeze.freezeAccount.toString());
  return out;
}

function amountOf(txn: algosdk.Transaction, assetId: bigint | undefined): bigint | undefined {
  if (assetId !== undefined) return txn.assetTransfer?.assetIndex === assetId ? txn.assetTransfer.amount : undefined;
  return txn.payment?.amount;
}

function predicates(query: URLSearchParams): Predicate[] {
  const list: Predicate[] = [];
  const address = query.get('address');
  const role = query.get('address-role');
  const excludeCloseTo = query.get('exclude-close-to') === 'true';
  if (address !== null) {
    if (!algosdk.isValidAddress(address)) throw new SearchError(`invalid input: unable to parse address '${address}'`);
    if (role === null) list.push((_r, txn) => participants(txn).includes(address));
    else if (role === 'sender') list.push((_r, txn) => txn.sender.toString() === address);
    else if (role === 'receiver') list.push((_r, txn) => receivers(txn, excludeCloseTo).includes(address));
    else if (role === 'freeze-target') list.push((_r, txn) => txn.assetFreeze?.freezeAccount.toString() === address);
    else throw new SearchError(`invalid input: unknown address-role '${role}'`);
  } else if (role !== null) {
    throw new SearchError('invalid input: address-role requires address');
  }

  const assetId = uint(query, 'asset-id');
  if (assetId !== undefined) {
    list.push(
      (record, txn) =>
        txn.assetTransfer?.assetIndex === assetId ||
        txn.assetFreeze?.assetIndex === assetId ||
        (txn.assetConfig !== undefined &&
          (txn.assetConfig.assetIndex === assetId || record.createdAssetId === assetId)),
    );
  }
  const txType = query.get('tx-type');
  if (txType !== null) {
    if (!TX_TYPES.has(txType)) throw new SearchError(`invalid input: unknown tx-type '${txType}'`);
    list.push((_r, txn) => txn.type === txType);
  }
  const round = uint(query, 'round');
  if (round !== undefined) list.push((r) => r.round === round);
  const minRound = uint(query, 'min-round');
  if (minRound !== undefined) list.push((r) => r.round >= minRound);
  const maxRound = uint(query, 'max-round');
  if (maxRound !== undefined) list.push((r) => r.round <= maxRound);
  const notePrefix = bytes(query, 'note-prefix');
  if (notePrefix !== undefined) list.push((_r, txn) => startsWith(txn.note, notePrefix));
  const txid = query.get('txid');
  if (txid !== null) list.push((r) => r.id === txid);
  const groupId = bytes(query, 'group-id');
  if (groupId !== undefined) list.push((_r, txn) => equalBytes(txn.group, groupId));
  const sigType = query.get('sig-type');
  if (sigType !== null) list.push((_r, _t, stxn) => sigType === 'sig' && stxn.sig !== undefined);
  if (query.get('rekey-to') === 'true') list.push((_r, txn) => txn.rekeyTo !== undefined);
  if (query.get('application-id') !== null) list.push(() => false);
  const greater = uint(query, 'currency-greater-than');
  if (greater !== undefined) list.push((_r, txn) => (amountOf(txn, assetId) ?? -1n) > greater);
  const less = uint(query, 'currency-less-than');
  if (less !== undefined) {
    list.push((_r, txn) => {
      const amount = amountOf(txn, assetId);
      return amount !== undefined && amount < less;
    });
  }
  return list;
}

/** Runs GET /v2/transactions over the ledger, as an indexer that has ingested blocks up to `upToRound` (default: all). */
export function searchTransactions(ledger: Ledger, query: URLSearchParams, upToRound = ledger.round): SearchResult {
  const requested = uint(query, 'limit');
  const limit =
    requested === undefined || requested === 0n
      ? DEFAULT_LIMIT
      : Number(requested > BigInt(MAX_LIMIT) ? MAX_LIMIT : requested);
  const next = query.get('next');
  const after = next ? decodeNextToken(next) : undefined;
  const tests = predicates(query);

  const records: TxnRecord[] = [];
  for (const record of ledger.state.txns) {
    if (record.round > upToRound) break;
    if (after && (record.round < after.round || (record.round === after.round && record.intra <= after.intra)))
      continue;
    const stxn = ledger.signedTxn(record);
    if (!tests.every((test) => test(record, stxn.txn, stxn))) continue;
    records.push(record);
    if (records.length >= limit) break;
  }
  // Like the indexer, any non-empty page carries a token pointing after its last row.
  const last = records[records.length - 1];
  return { records, nextToken: last ? encodeNextToken(last) : undefined };
}
