import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as algosdk from 'algosdk';
import { STATE_FILE } from './store';
import { rejection, startTestChain } from './testing';

describe('devnet persistence', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cosmic-devnet-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('survives a restart: ledger, transactions, leases and auth-addr', async () => {
    const first = await startTestChain({ dataDir });
    const info = first.devnet.info();
    const player = first.account('player-1');
    const lease = new Uint8Array(32).fill(9);
    const transfer = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: player.addr,
      receiver: info.house.address,
      amount: 777n,
      assetIndex: info.assetId,
      lease,
      note: new TextEncoder().encode('persist me'),
      suggestedParams: await first.params(),
    });
    const signed = transfer.signTxn(player.sk);
    const txid = await first.send(signed);
    const rekeyed = await first.fundedAccount();
    const signer = first.account('player-2');
    const rekey = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: rekeyed.addr,
      receiver: rekeyed.addr,
      amount: 0n,
      rekeyTo: signer.addr,
      suggestedParams: await first.params(),
    });
    await first.send(rekey.signTxn(rekeyed.sk));
    const round = first.devnet.round();
    const playerBefore = await first.algod.accountInformation(player.addr).do();
    await first.devnet.close();

    expect(readdirSync(dataDir)).toEqual([STATE_FILE]);
    JSON.parse(readFileSync(join(dataDir, STATE_FILE), 'utf8'));

    const second = await startTestChain({ dataDir, seed: 'a different seed is ignored once state exists' });
    try {
      expect(second.devnet.round()).toBe(round);
      expect(second.devnet.info()).toMatchObject({
        genesisId: info.genesisId,
        genesisHash: info.genesisHash,
        assetId: info.assetId,
        house: info.house,
      });
      expect(second.devnet.wallets()).toEqual(first.devnet.wallets());
      expect(await second.algod.accountInformation(player.addr).do()).toEqual({ ...playerBefore, round });
      expect((await second.algod.accountInformation(rekeyed.addr).do()).authAddr?.toString()).toBe(
        signer.addr.toString(),
      );
      const pending = await second.algod.pendingTransactionInformation(txid).do();
      expect(pending.confirmedRound).toBe(round - 2n);
      const found = await second.indexer.lookupTransactionByID(txid).do();
      expect(found.transaction.note).toEqual(new TextEncoder().encode('persist me'));

      expect(await rejection(second.send(signed))).toMatch(/transaction already in ledger/);
      const sameLease = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: player.addr,
        receiver: info.house.address,
        amount: 1n,
        assetIndex: info.assetId,
        lease,
        suggestedParams: await second.params(),
      });
      expect(await rejection(second.send(sameLease.signTxn(player.sk)))).toMatch(/overlapping lease/);
    } finally {
      await second.devnet.close();
    }
  });

  it('writes the file after every block', async () => {
    const chain = await startTestChain({ dataDir });
    try {
      const read = (): { round: string } => JSON.parse(readFileSync(join(dataDir, STATE_FILE), 'utf8'));
      expect(read().round).toBe(chain.devnet.round().toString());
      chain.devnet.advanceRounds(3);
      expect(read().round).toBe(chain.devnet.round().toString());
    } finally {
      await chain.devnet.close();
    }
  });

  it('keeps everything in memory without a data directory', async () => {
    const chain = await startTestChain();
    chain.devnet.advanceRounds(1);
    await chain.devnet.close();
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
