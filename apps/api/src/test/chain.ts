import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { intChain } from './int-app';
import { signIn, type TestPlayer } from './player';

/** algosdk clients on the integration devnet, and its fault switches. */
export function chainClients() {
  const c = intChain();
  const url = new URL(c.algodUrl);
  const iurl = new URL(c.indexerUrl);
  const algod = new algosdk.Algodv2(c.token, `${url.protocol}//${url.hostname}`, Number(url.port));
  const indexer = new algosdk.Indexer(c.token, `${iurl.protocol}//${iurl.hostname}`, Number(iurl.port));
  const admin = async (path: string, body: unknown) => {
    const res = await fetch(`${c.algodUrl}/devnet/${path}`, {
      method: 'POST',
      headers: { 'X-Algo-API-Token': c.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`devnet ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    chain: c,
    algod,
    indexer,
    faults: (f: Record<string, unknown>) => admin('faults', f),
    clearFaults: () => admin('faults', { failSends: false, acceptThenTimeout: false, down: false, hangMs: 0 }),
    advance: (rounds: number) => admin('advance', { rounds }),
    aminaOf: async (address: string): Promise<bigint> => {
      const info = await algod
        .accountAssetInformation(address, BigInt(c.assetId))
        .do()
        .catch(() => null);
      return info?.assetHolding?.amount ?? 0n;
    },
  };
}

/** Signs in with a demo wallet and proves ownership through the real challenge flow. */
export async function verifiedPlayer(
  app: NestFastifyApplication,
  wallet: { address: string; mnemonic: string },
): Promise<TestPlayer> {
  const p = await signIn(app, wallet.address);
  const ch = await p.post('/api/crypto/ownership/challenge', { walletAddress: wallet.address });
  const txn = algosdk.decodeUnsignedTransaction(Buffer.from(ch.body.txnB64, 'base64'));
  const signedTxnB64 = Buffer.from(txn.signTxn(algosdk.mnemonicToSecretKey(wallet.mnemonic).sk)).toString('base64');
  const v = await p.post('/api/crypto/ownership/verify', {
    walletAddress: wallet.address,
    challengeId: ch.body.challengeId,
    signedTxnB64,
  });
  if (v.status !== 200) throw new Error(`ownership: ${JSON.stringify(v.body)}`);
  return p;
}

/** build-deposit → sign with the wallet's key → submit-deposit; returns the txid. */
export async function deposit(p: TestPlayer, mnemonic: string, amount: string): Promise<string> {
  const built = await p.post('/api/crypto/build-deposit', { walletAddress: p.walletAddress, amount });
  if (built.status !== 200) throw new Error(`build-deposit: ${JSON.stringify(built.body)}`);
  const txn = algosdk.decodeUnsignedTransaction(Buffer.from(built.body.txnB64, 'base64'));
  const signed = Buffer.from(txn.signTxn(algosdk.mnemonicToSecretKey(mnemonic).sk)).toString('base64');
  const sub = await p.post('/api/crypto/submit-deposit', { walletAddress: p.walletAddress, signedTxnB64: signed });
  if (sub.status !== 200) throw new Error(`submit-deposit: ${JSON.stringify(sub.body)}`);
  return sub.body.txId;
}
