import type * as algosdk from 'algosdk';
import { assetParamsJson } from './algod-json';
import type { AssetState, TxnRecord } from './state';

// Transactions shaped like the indexer's JSON, including the always-present reward fields.

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

function assetConfigParams(config: NonNullable<algosdk.Transaction['assetConfig']>, creator: string): AssetState {
  return {
    id: config.assetIndex,
    creator,
    total: config.total,
    decimals: config.decimals,
    defaultFrozen: config.defaultFrozen,
    unitName: config.unitName,
    name: config.assetName,
    url: config.assetURL,
    metadataHash: config.assetMetadataHash,
    manager: config.manager?.toString(),
    reserve: config.reserve?.toString(),
    freeze: config.freeze?.toString(),
    clawback: config.clawback?.toString(),
    createdRound: 0n,
  };
}

/** One confirmed transaction as the indexer's `transactions[]` entries. */
export function indexerTxnJson(
  record: TxnRecord,
  stxn: algosdk.SignedTransaction,
  roundTime: number,
): Record<string, unknown> {
  const txn = stxn.txn;
  const sender = txn.sender.toString();
  const out: Record<string, unknown> = {
    'close-rewards': 0,
    'closing-amount': record.closingAmount ?? 0,
    'confirmed-round': record.round,
    fee: txn.fee,
    'first-valid': txn.firstValid,
    id: record.id,
    'intra-round-offset': record.intra,
    'last-valid': txn.lastValid,
    'receiver-rewards': 0,
    'round-time': roundTime,
    sender,
    'sender-rewards': 0,
    'tx-type': txn.type,
  };
  if (txn.genesisHash) out['genesis-hash'] = b64(txn.genesisHash);
  if (txn.genesisID) out['genesis-id'] = txn.genesisID;
  if (txn.note.length > 0) out.note = b64(txn.note);
  if (txn.group) out.group = b64(txn.group);
  if (txn.lease) out.lease = b64(txn.lease);
  if (txn.rekeyTo) out['rekey-to'] = txn.rekeyTo.toString();
  if (stxn.sgnr) out['auth-addr'] = stxn.sgnr.toString();
  if (stxn.sig) out.signature = { sig: b64(stxn.sig) };

  if (txn.payment) {
    const pay: Record<string, unknown> = {
      amount: txn.payment.amount,
      'close-amount': record.closingAmount ?? 0,
      receiver: txn.payment.receiver.toString(),
    };
    if (txn.payment.closeRemainderTo) pay['close-remainder-to'] = txn.payment.closeRemainderTo.toString();
    out['payment-transaction'] = pay;
  }
  if (txn.assetTransfer) {
    const xfer: Record<string, unknown> = {
      amount: txn.assetTransfer.amount,
      'asset-id': txn.assetTransfer.assetIndex,
      'close-amount': record.assetClosingAmount ?? 0,
      receiver: txn.assetTransfer.receiver.toString(),
    };
    if (txn.assetTransfer.closeRemainderTo) xfer['close-to'] = txn.assetTransfer.closeRemainderTo.toString();
    if (txn.assetTransfer.assetSender) xfer.sender = txn.assetTransfer.assetSender.toString();
    out['asset-transfer-transaction'] = xfer;
  }
  if (txn.assetConfig) {
    const config: Record<string, unknown> = { 'asset-id': txn.assetConfig.assetIndex };
    config.params = assetParamsJson(assetConfigParams(txn.assetConfig, sender));
    out['asset-config-transaction'] = config;
    if (record.createdAssetId !== undefined) out['created-asset-index'] = record.createdAssetId;
  }
  if (txn.assetFreeze) {
    out['asset-freeze-transaction'] = {
      address: txn.assetFreeze.freezeAccount.toString(),
      'asset-id': txn.assetFreeze.assetIndex,
      'new-freeze-status': txn.assetFreeze.frozen,
    };
  }
  return out;
}
