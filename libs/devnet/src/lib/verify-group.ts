import * as algosdk from 'algosdk';
import { verifyEd25519 } from './ed25519';
import { MsgpackSplitError, splitMsgpackValues } from './msgpack-split';
import { TxnRejectedError } from './rejection';
import { MAX_GROUP_SIZE, MAX_NOTE_BYTES, MAX_TXN_LIFE, MIN_FEE } from './state';

/** A decoded signed transaction with its id and canonical bytes. */
export interface DecodedTxn {
  stxn: algosdk.SignedTransaction;
  txn: algosdk.Transaction;
  id: string;
  bytes: Uint8Array;
}

const SUPPORTED = new Set<string>(['pay', 'axfer', 'acfg', 'afrz']);

/** Decodes a POST /v2/transactions body into its signed transactions. */
export function decodeGroup(body: Uint8Array): DecodedTxn[] {
  if (body.length === 0) throw new TxnRejectedError('empty txgroup');
  let pieces: Uint8Array[];
  try {
    pieces = splitMsgpackValues(body);
  } catch (error) {
    if (error instanceof MsgpackSplitError) throw new TxnRejectedError(error.message);
    throw error;
  }
  if (pieces.length > MAX_GROUP_SIZE) {
    throw new TxnRejectedError(`group size ${pieces.length} exceeds maximum ${MAX_GROUP_SIZE}`);
  }
  return pieces.map((piece, index) => {
    let stxn: algosdk.SignedTransaction;
    try {
      stxn = algosdk.decodeSignedTransaction(piece);
    } catch (error) {
      throw new TxnRejectedError(`msgpack decode error [txn ${index}]: ${(error as Error).message}`);
    }
    // Re-encoding gives the canonical form algod stores and hashes.
    return { stxn, txn: stxn.txn, id: stxn.txn.txID(), bytes: algosdk.encodeMsgpack(stxn) };
  });
}

/** Why a transaction is malformed on its own, or null (a port of algod's WellFormed). */
export function wellFormedError(txn: algosdk.Transaction): string | null {
  if (!SUPPORTED.has(txn.type))
    return `devnet: transaction type ${txn.type} is not supported (pay, axfer, acfg, afrz only)`;
  if (txn.payment?.closeRemainderTo?.equals(txn.sender)) {
    return `transaction cannot close account to its sender ${txn.sender.toString()}`;
  }
  if (txn.lastValid < txn.firstValid) return `transaction invalid range (${txn.firstValid}--${txn.lastValid})`;
  if (txn.lastValid - txn.firstValid > MAX_TXN_LIFE) {
    return `transaction window size excessive (${txn.firstValid}--${txn.lastValid})`;
  }
  if (txn.note.length > MAX_NOTE_BYTES) return `transaction note too big: ${txn.note.length} > ${MAX_NOTE_BYTES}`;
  const params = txn.assetConfig;
  if (params) {
    const bytes = (text?: string): number => new TextEncoder().encode(text ?? '').length;
    if (bytes(params.assetName) > 32) return `transaction asset name too big: ${bytes(params.assetName)} > 32`;
    if (bytes(params.unitName) > 8) return `transaction asset unit name too big: ${bytes(params.unitName)} > 8`;
    if (bytes(params.assetURL) > 96) return `transaction asset url too big: ${bytes(params.assetURL)} > 96`;
    if (params.decimals > 19) return 'transaction asset decimals is too high (max is 19)';
  }
  if (txn.sender.toString() === algosdk.ALGORAND_ZERO_ADDRESS_STRING) return 'transaction cannot have zero sender';
  return null;
}

function hasSignature(sig: Uint8Array | undefined): sig is Uint8Array {
  return sig !== undefined && sig.some((byte) => byte !== 0);
}

/** Checks what algod's verifier checks before the pool: shape, pooled fees, signatures. */
export function verifyGroup(group: DecodedTxn[]): void {
  let feesPaid = 0n;
  for (const { stxn, txn, id } of group) {
    const malformed = wellFormedError(txn);
    if (malformed) throw new TxnRejectedError(`transaction ${id} invalid : ${malformed}`);
    if (stxn.msig || stxn.lsig || stxn.pqsig) {
      throw new TxnRejectedError('devnet: only single-signature transactions are supported (no msig, lsig or pqsig)');
    }
    if (!hasSignature(stxn.sig)) throw new TxnRejectedError('signedtxn has no sig');
    feesPaid += txn.fee;
  }
  const needed = MIN_FEE * BigInt(group.length);
  if (feesPaid < needed) {
    throw new TxnRejectedError(
      `txgroup had ${feesPaid} in fees, which is less than the minimum ${group.length} * ${MIN_FEE}`,
    );
  }
  for (const { stxn, txn } of group) {
    // The signer is the sender unless the envelope names another key (a rekeyed account).
    const authorizer = stxn.sgnr ?? txn.sender;
    if (!verifyEd25519(authorizer.publicKey, txn.bytesToSign(), stxn.sig as Uint8Array)) {
      throw new TxnRejectedError("At least one signature didn't pass verification");
    }
  }
}
