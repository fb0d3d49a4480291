import * as algosdk from 'algosdk';
import type { Draft } from './draft';
import type { AssetState } from './state';

// Ports of go-algorand's apply package (payment.go, asset.go) and the cow's Move, with
// algod's error strings. Each function throws a plain Error whose message the caller
// wraps as "transaction <txid>: <message>".

/** Apply data algod records next to a confirmed transaction. */
export interface ApplyData {
  closingAmount?: bigint;
  assetClosingAmount?: bigint;
  createdAssetId?: bigint;
}

const ZERO = algosdk.ALGORAND_ZERO_ADDRESS_STRING;
const str = (address: algosdk.Address | undefined): string => (address ? address.toString() : ZERO);

function accountData(draft: Draft, address: string): string {
  const account = draft.peek(address);
  const amount = account?.amount ?? 0n;
  const assets = account?.holdings.size ?? 0;
  return `{AccountBaseData:{Status:Offline MicroAlgos:{Raw:${amount}} RewardsBase:0 RewardedMicroAlgos:{Raw:0} TotalAssets:${assets}}}`;
}

/** Moves microALGO like algod's cow Move. */
export function move(draft: Draft, from: string, to: string, amount: bigint): void {
  const source = draft.account(from);
  if (source.amount < amount) {
    throw new Error(`overspend (account ${from}, data ${accountData(draft, from)}, tried to spend {${amount}})`);
  }
  source.amount -= amount;
  draft.account(to).amount += amount;
}

/** Applies a rekey: pointing an account back at itself clears its auth-addr. */
export function rekey(draft: Draft, txn: algosdk.Transaction): void {
  if (!txn.rekeyTo) return;
  const account = draft.account(txn.sender.toString());
  account.authAddr = txn.rekeyTo.equals(txn.sender) ? undefined : txn.rekeyTo.toString();
}

/** Applies a payment. */
export function applyPayment(draft: Draft, txn: algosdk.Transaction): ApplyData {
  const payment = txn.payment as NonNullable<algosdk.Transaction['payment']>;
  const sender = txn.sender.toString();
  const receiver = str(payment.receiver);
  if (payment.amount !== 0n || receiver !== ZERO) move(draft, sender, receiver, payment.amount);
  if (!payment.closeRemainderTo) return {};
  const closeTo = payment.closeRemainderTo.toString();
  const account = draft.account(sender);
  const closingAmount = account.amount;
  move(draft, sender, closeTo, closingAmount);
  if (account.holdings.size > 0) throw new Error(`cannot close: ${account.holdings.size} outstanding assets`);
  // Closing deletes the whole record, auth-addr included.
  account.authAddr = undefined;
  return { closingAmount };
}

function getParams(draft: Draft, id: bigint): AssetState {
  const asset = draft.asset(id);
  if (!asset) throw new Error(`asset ${id} does not exist or has been deleted`);
  return asset;
}

function takeOut(draft: Draft, address: string, id: bigint, amount: bigint, bypassFreeze: boolean): void {
  if (amount === 0n) return;
  const holding = draft.peek(address)?.holdings.get(id);
  if (!holding) throw new Error(`asset ${id} missing from ${address}`);
  if (holding.frozen && !bypassFreeze) throw new Error(`asset ${id} frozen in ${address}`);
  if (holding.amount < amount) {
    throw new Error(`underflow on subtracting ${amount} from sender amount ${holding.amount}`);
  }
  (draft.account(address).holdings.get(id) as { amount: bigint }).amount -= amount;
}

function putIn(draft: Draft, address: string, id: bigint, amount: bigint, bypassFreeze: boolean): void {
  if (amount === 0n) return;
  const holding = draft.peek(address)?.holdings.get(id);
  if (!holding) throw new Error(`receiver error: must optin, asset ${id} missing from ${address}`);
  if (holding.frozen && !bypassFreeze) throw new Error('asset frozen in recipient');
  (draft.account(address).holdings.get(id) as { amount: bigint }).amount += amount;
}

/** Applies an asset transfer, opt-in, opt-out (close-to) or clawback. */
export function applyAssetTransfer(draft: Draft, txn: algosdk.Transaction): ApplyData {
  const xfer = txn.assetTransfer as NonNullable<algosdk.Transaction['assetTransfer']>;
  const id = xfer.assetIndex;
  let source = txn.sender.toString();
  let clawback = false;
  if (xfer.assetSender) {
    const params = getParams(draft, id);
    if (!params.clawback || params.clawback !== source) {
      throw new Error(`clawback not allowed: sender ${source}, clawback ${params.clawback ?? ZERO}`);
    }
    source = xfer.assetSender.toString();
    clawback = true;
  }
  const receiver = str(xfer.receiver);
  if (xfer.amount === 0n && receiver === source && !clawback) {
    if (!draft.peek(source)?.holdings.has(id)) {
      const params = getParams(draft, id);
      draft.account(source).holdings.set(id, { amount: 0n, frozen: params.defaultFrozen });
    }
  }
  takeOut(draft, source, id, xfer.amount, clawback);
  putIn(draft, receiver, id, xfer.amount, clawback);
  if (!xfer.closeRemainderTo) return {};

  if (clawback) throw new Error('cannot close asset by clawback');
  const account = draft.peek(source);
  if (!account || account.holdings.size === 0) {
    throw new Error(`cannot close asset holding on account ${source} : account is not opted in asset ${id} `);
  }
  if (draft.asset(id)?.creator === source) throw new Error('cannot close asset ID in allocating account');
  const holding = account.holdings.get(id);
  if (!holding) throw new Error(`asset ${id} not present in account ${source}`);
  const closeTo = xfer.closeRemainderTo.toString();
  const bypassFreeze = draft.asset(id)?.creator === closeTo;
  const assetClosingAmount = holding.amount;
  takeOut(draft, source, id, assetClosingAmount, bypassFreeze);
  putIn(draft, closeTo, id, assetClosingAmount, bypassFreeze);
  draft.account(source).holdings.delete(id);
  return { assetClosingAmount };
}

/** Applies asset creation, reconfiguration or destruction. */
export function applyAssetConfig(draft: Draft, txn: algosdk.Transaction, round: bigint): ApplyData {
  const config = txn.assetConfig as NonNullable<algosdk.Transaction['assetConfig']>;
  const sender = txn.sender.toString();
  if (config.assetIndex === 0n) {
    // Like algod, the new id is the ledger's transaction counter plus one.
    const id = draft.txnCounter + 1n;
    draft.assets.set(id, {
      id,
      creator: sender,
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
      createdRound: round,
    });
    draft.account(sender).holdings.set(id, { amount: config.total, frozen: false });
    return { createdAssetId: id };
  }
  const params = getParams(draft, config.assetIndex);
  if (!params.manager || params.manager !== sender) {
    throw new Error(
      `this transaction should be issued by the manager. It is issued by ${sender}, manager key ${params.manager ?? ZERO}`,
    );
  }
  const isDestroy =
    config.total === 0n &&
    config.decimals === 0 &&
    !config.defaultFrozen &&
    !config.manager &&
    !config.reserve &&
    !config.freeze &&
    !config.clawback &&
    !config.unitName &&
    !config.assetName &&
    !config.assetURL &&
    !config.assetMetadataHash;
  if (isDestroy) {
    const holding = draft.peek(params.creator)?.holdings.get(params.id);
    if ((holding?.amount ?? 0n) !== params.total) {
      throw new Error(`cannot destroy asset: creator is holding only ${holding?.amount ?? 0n}/${params.total}`);
    }
    draft.account(params.creator).holdings.delete(params.id);
    draft.assets.set(params.id, null);
    return {};
  }
  // Only roles that are still set may change; a cleared role stays cleared forever.
  const next = { ...params };
  if (params.manager) next.manager = config.manager?.toString();
  if (params.reserve) next.reserve = config.reserve?.toString();
  if (params.freeze) next.freeze = config.freeze?.toString();
  if (params.clawback) next.clawback = config.clawback?.toString();
  draft.assets.set(params.id, next);
  return {};
}

/** Applies a freeze or unfreeze of one holding. */
export function applyAssetFreeze(draft: Draft, txn: algosdk.Transaction): ApplyData {
  const freeze = txn.assetFreeze as NonNullable<algosdk.Transaction['assetFreeze']>;
  const params = getParams(draft, freeze.assetIndex);
  const sender = txn.sender.toString();
  if (!params.freeze || params.freeze !== sender) {
    throw new Error(`freeze not allowed: sender ${sender}, freeze ${params.freeze ?? ZERO}`);
  }
  const target = freeze.freezeAccount.toString();
  if (!draft.peek(target)?.holdings.has(freeze.assetIndex)) throw new Error('asset not found in account');
  (draft.account(target).holdings.get(freeze.assetIndex) as { frozen: boolean }).frozen = freeze.frozen;
  return {};
}
