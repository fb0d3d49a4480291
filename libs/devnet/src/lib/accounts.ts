import { createHash } from 'node:crypto';
import * as algosdk from 'algosdk';

/** A generated account: address, mnemonic and secret key. */
export interface KeyPair {
  address: string;
  mnemonic: string;
  secretKey: Uint8Array;
}

/** Derives a stable account from a namespace and a label, so docs and tests never change. */
export function deriveAccount(seed: string, label: string): KeyPair {
  const key = createHash('sha256').update(`${seed}/${label}`).digest();
  return fromMnemonic(algosdk.mnemonicFromSeed(new Uint8Array(key)));
}

/** Turns a 25-word mnemonic into a key pair. */
export function fromMnemonic(mnemonic: string): KeyPair {
  const account = algosdk.mnemonicToSecretKey(mnemonic);
  return { address: account.addr.toString(), mnemonic, secretKey: account.sk };
}
