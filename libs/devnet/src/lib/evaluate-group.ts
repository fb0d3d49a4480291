import * as algosdk from 'algosdk';
import {
  applyAssetConfig,
  applyAssetFreeze,
  applyAssetTransfer,
  applyPayment,
  move,
  rekey,
  type ApplyData,
} from './apply-txn';
import { digestString } from './base32';
import { Draft } from './draft';
import { POOL_PREFIX, TxnRejectedError } from './rejection';
import { isEmptyAccount, leaseKey, minBalance, type LedgerState } from './state';
import type { DecodedTxn } from './verify-group';

/** A group that passed evaluation, ready to be committed as the next block. */
export interface Evaluation {
  draft: Draft;
  applied: Array<{ txn: DecodedTxn; applyData: ApplyData }>;
}

function digest(bytes: Uint8Array | undefined): string {
  return digestString(bytes ?? new Uint8Array(32));
}

function reject(message: string): never {
  throw new TxnRejectedError(POOL_PREFIX + message);
}

function alive(state: LedgerState, txn: algosdk.Transaction, round: bigint): void {
  if (round < txn.firstValid || round > txn.lastValid) {
    reject(`txn dead: round ${round} outside of ${txn.firstValid}--${txn.lastValid}`);
  }
  if (txn.genesisID && txn.genesisID !== state.genesisId) {
    reject(`tx.GenesisID <${txn.genesisID}> does not match expected <${state.genesisId}>`);
  }
  if (!txn.genesisHash || txn.genesisHash.every((byte) => byte === 0)) reject('required tx.GenesisHash is missing');
  if (Buffer.compare(Buffer.from(txn.genesisHash), Buffer.from(state.genesisHash)) !== 0) {
    reject(`tx.GenesisHash <${digest(txn.genesisHash)}> does not match expected <${digest(state.genesisHash)}>`);
  }
}

function checkDup(draft: Draft, txn: algosdk.Transaction, id: string, round: bigint): void {
  if (draft.hasTxid(id)) reject(`transaction already in ledger: ${id}`);
  if (!txn.lease) return;
  const expires = draft.leaseExpiry(leaseKey(txn.sender.toString(), txn.lease));
  if (expires !== undefined && round <= expires) {
    reject(
      `transaction ${id} using an overlapping lease (sender, lease):(${txn.sender.toString()}, ${algosdk.encodeAddress(txn.lease)})`,
    );
  }
}

function checkAuthorizer(draft: Draft, stxn: algosdk.SignedTransaction, id: string): void {
  const sender = stxn.txn.sender.toString();
  const correct = draft.peek(sender)?.authAddr ?? sender;
  const actual = (stxn.sgnr ?? stxn.txn.sender).toString();
  if (actual !== correct) {
    reject(`transaction ${id}: should have been authorized by ${correct} but was actually authorized by ${actual}`);
  }
}

function checkMinBalances(draft: Draft, feeSink: string): string | null {
  for (const address of draft.modified) {
    if (address === feeSink) continue;
    const account = draft.peek(address);
    if (!account || isEmptyAccount(account)) continue;
    const min = minBalance(account);
    if (account.amount < min) {
      return `account ${address} balance ${account.amount} below min ${min} (${account.holdings.size} assets)`;
    }
  }
  return null;
}

function applyOne(draft: Draft, txn: algosdk.Transaction, feeSink: string, round: bigint): ApplyData {
  move(draft, txn.sender.toString(), feeSink, txn.fee);
  rekey(draft, txn);
  switch (txn.type) {
    case 'pay':
      return applyPayment(draft, txn);
    case 'axfer':
      return applyAssetTransfer(draft, txn);
    case 'acfg':
      return applyAssetConfig(draft, txn, round);
    case 'afrz':
      return applyAssetFreeze(draft, txn);
    default:
      throw new Error(`unknown transaction type ${txn.type}`);
  }
}

function groupIdWithoutGroupFields(group: DecodedTxn[]): Uint8Array {
  const copies = group.map(({ txn }) => {
    const copy = algosdk.decodeUnsignedTransaction(algosdk.encodeUnsignedTransaction(txn));
    copy.group = undefined;
    return copy;
  });
  return algosdk.computeGroupID(copies);
}

function checkGroupIds(group: DecodedTxn[]): void {
  const first = group[0].txn.group;
  const same = (a?: Uint8Array, b?: Uint8Array): boolean =>
    Buffer.compare(Buffer.from(a ?? new Uint8Array(32)), Buffer.from(b ?? new Uint8Array(32))) === 0;
  group.forEach(({ txn }, index) => {
    if (!same(txn.group, first)) {
      reject(`transactionGroup: inconsistent group values: ${digest(txn.group)} != ${digest(first)}`);
    }
    if (!txn.group && group.length > 1) {
      reject(`transactionGroup: [${index}] had zero Group but was submitted in a group of ${group.length}`);
    }
  });
  if (!first) return;
  const computed = groupIdWithoutGroupFields(group);
  if (!same(first, computed)) {
    reject(`transactionGroup: incomplete group: ${digest(first)} != ${digest(computed)}`);
  }
}

/** Evaluates a verified group against the ledger as algod's block evaluator would. */
export function evaluateGroup(state: LedgerState, group: DecodedTxn[], round: bigint): Evaluation {
  const draft = new Draft(state);
  const applied: Evaluation['applied'] = [];
  for (const decoded of group) {
    const { stxn, txn, id } = decoded;
    alive(state, txn, round);
    checkDup(draft, txn, id, round);
    checkAuthorizer(draft, stxn, id);
    let applyData: ApplyData;
    try {
      applyData = applyOne(draft, txn, state.feeSink, round);
    } catch (error) {
      if (error instanceof TxnRejectedError) throw error;
      reject(`transaction ${id}: ${(error as Error).message}`);
    }
    const belowMin = checkMinBalances(draft, state.feeSink);
    if (belowMin) reject(`transaction ${id}: ${belowMin}`);
    draft.txids.add(id);
    draft.txnCounter += 1n;
    if (txn.lease) draft.leases.set(leaseKey(txn.sender.toString(), txn.lease), txn.lastValid);
    applied.push({ txn: decoded, applyData });
  }
  checkGroupIds(group);
  return { draft, applied };
}
