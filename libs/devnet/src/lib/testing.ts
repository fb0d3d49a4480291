import * as algosdk from 'algosdk';
import { startDevnet, type Devnet, type DevnetOptions } from './devnet';

/** A devnet on ephemeral ports plus algosdk clients pointed at it (for specs). */
export interface TestChain {
  devnet: Devnet;
  algod: algosdk.Algodv2;
  indexer: algosdk.Indexer;
  /** Account of a demo wallet by label, or of the house / dispenser. */
  account(label: string): algosdk.Account;
  /** Suggested params from the devnet with optional overrides. */
  params(overrides?: Partial<algosdk.SuggestedParams>): Promise<algosdk.SuggestedParams>;
  /** Sends signed bytes through Algodv2 and returns the txid. */
  send(signed: Uint8Array | Uint8Array[]): Promise<string>;
  /** A fresh account funded by the dispenser. */
  fundedAccount(microAlgos?: bigint): Promise<algosdk.Account>;
}

/** Starts a devnet for a spec: ports 0, short block wait, no logging. */
export async function startTestChain(options: DevnetOptions = {}): Promise<TestChain> {
  const devnet = await startDevnet({ algodPort: 0, indexerPort: 0, waitTimeoutMs: 200, ...options });
  const algod = new algosdk.Algodv2(devnet.token, `http://${devnet.host}`, devnet.algodPort);
  const indexer = new algosdk.Indexer(devnet.token, `http://${devnet.host}`, devnet.indexerPort);
  const account = (label: string): algosdk.Account => {
    const info = devnet.info();
    if (label === 'house') return algosdk.mnemonicToSecretKey(info.house.mnemonic);
    if (label === 'dispenser') return algosdk.mnemonicToSecretKey(info.dispenser.mnemonic);
    const wallet = devnet.wallets().find((w) => w.label === label);
    if (!wallet) throw new Error(`no wallet ${label}`);
    return algosdk.mnemonicToSecretKey(wallet.mnemonic);
  };
  const params = async (overrides: Partial<algosdk.SuggestedParams> = {}): Promise<algosdk.SuggestedParams> => ({
    ...(await algod.getTransactionParams().do()),
    ...overrides,
  });
  const send = async (signed: Uint8Array | Uint8Array[]): Promise<string> =>
    (await algod.sendRawTransaction(signed).do()).txid;
  const fundedAccount = async (microAlgos = 10_000_000n): Promise<algosdk.Account> => {
    const fresh = algosdk.generateAccount();
    const dispenser = account('dispenser');
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: dispenser.addr,
      receiver: fresh.addr,
      amount: microAlgos,
      suggestedParams: await params(),
    });
    await send(txn.signTxn(dispenser.sk));
    return fresh;
  };
  return { devnet, algod, indexer, account, params, send, fundedAccount };
}

/** The message of a rejected algosdk call (its `Network request error ...: <algod message>`). */
export async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the call to be rejected');
}
