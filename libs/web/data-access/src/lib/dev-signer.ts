// Signs with a devnet demo account. algosdk is large, so it is imported only here, on demand,
// and webpack puts it in its own chunk. Used by the wallet widget's ownership proof and the cashier's deposit.

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64.trim());
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Signs a base64 unsigned transaction with the account of a 25-word mnemonic; returns base64. */
export async function signWithMnemonic(txnB64: string, mnemonic: string): Promise<string> {
  const { decodeUnsignedTransaction, mnemonicToSecretKey } = await import(/* webpackChunkName: "algosdk" */ 'algosdk');
  const txn = decodeUnsignedTransaction(fromBase64(txnB64));
  const { sk } = mnemonicToSecretKey(mnemonic);
  return toBase64(txn.signTxn(sk));
}
