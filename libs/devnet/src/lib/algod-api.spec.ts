import * as algosdk from 'algosdk';
import { AMINA, PLAYER_ALGO, PLAYER_AMINA } from './genesis';
import { rejection, startTestChain, type TestChain } from './testing';

describe('devnet algod API through algosdk.Algodv2', () => {
  let chain: TestChain;
  let assetId: bigint;

  beforeAll(async () => {
    chain = await startTestChain();
    assetId = chain.devnet.info().assetId;
  });
  afterAll(() => chain.devnet.close());

  it('serves suggested params with its own genesis, never mainnet', async () => {
    const params = await chain.algod.getTransactionParams().do();
    const info = chain.devnet.info();
    expect(params.genesisID).toBe('cosmic-devnet-v1');
    expect(algosdk.bytesToBase64(params.genesisHash as Uint8Array)).toBe(info.genesisHash);
    expect(info.genesisHash).not.toBe('wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=');
    expect(params.minFee).toBe(1000n);
    expect(params.fee).toBe(0n);
    expect(params.firstValid).toBe(chain.devnet.round());
    expect(params.consensusVersion.length).toBeGreaterThan(0);
  });

  it('reports status with the last round', async () => {
    const status = await chain.algod.status().do();
    expect(status.lastRound).toBe(chain.devnet.round());
    expect(status.stoppedAtUnsupportedRound).toBe(false);
  });

  it('answers health and versions', async () => {
    await chain.algod.healthCheck().do();
    const versions = await chain.algod.versionsCheck().do();
    expect(versions.genesisId).toBe('cosmic-devnet-v1');
  });

  it('created AMINA with the documented parameters', async () => {
    const asset = await chain.algod.getAssetByID(assetId).do();
    const house = chain.devnet.info().house.address;
    expect(asset.index).toBe(assetId);
    expect(asset.params).toMatchObject({
      creator: house,
      decimals: 8,
      total: 100_000_000_000n,
      unitName: 'AMINA',
      name: 'AMINA',
      url: AMINA.url,
      manager: house,
      reserve: house,
      defaultFrozen: false,
    });
    expect(asset.params?.freeze).toBeUndefined();
    expect(asset.params?.clawback).toBeUndefined();
  });

  it('404s an unknown asset with algod wording', async () => {
    expect(await rejection(chain.algod.getAssetByID(999_999n).do())).toMatch(/404.*asset does not exist/);
  });

  it('funded the opted-in demo players with ALGO and 25 AMINA each', async () => {
    const players = chain.devnet.wallets().filter((w) => w.optedIn);
    expect(players.map((p) => p.label)).toEqual(['player-1', 'player-2', 'player-3', 'player-4']);
    for (const player of players) {
      const info = await chain.algod.accountInformation(player.address).do();
      expect(info.amount).toBe(PLAYER_ALGO - 1000n);
      expect(info.minBalance).toBe(200_000n);
      expect(info.status).toBe('Offline');
      expect(info.assets).toEqual([expect.objectContaining({ assetId, amount: PLAYER_AMINA, isFrozen: false })]);
      const holding = await chain.algod.accountAssetInformation(player.address, assetId).do();
      expect(holding.assetHolding?.amount).toBe(PLAYER_AMINA);
    }
  });

  it('keeps the remaining AMINA with the house, which lists it as created', async () => {
    const house = await chain.algod.accountInformation(chain.devnet.info().house.address).do();
    expect(house.assets?.[0].amount).toBe(AMINA.total - 4n * PLAYER_AMINA);
    expect(house.createdAssets?.map((a) => a.index)).toEqual([assetId]);
    expect(house.totalCreatedAssets).toBe(1);
  });

  it('has one funded wallet that is not opted in (404 with algod wording)', async () => {
    const loner = chain.devnet.wallets().find((w) => !w.optedIn);
    expect(loner?.label).toBe('player-no-optin');
    const info = await chain.algod.accountInformation(loner!.address).do();
    expect(info.amount).toBe(PLAYER_ALGO);
    expect(info.assets).toEqual([]);
    const message = await rejection(chain.algod.accountAssetInformation(loner!.address, assetId).do());
    expect(message).toMatch(/404.*account asset info not found/);
  });

  it('reads an unknown account as empty, like algod', async () => {
    const fresh = algosdk.generateAccount().addr.toString();
    const info = await chain.algod.accountInformation(fresh).do();
    expect(info.amount).toBe(0n);
    expect(info.minBalance).toBe(100_000n);
  });

  it('refuses a malformed address', async () => {
    const message = await rejection(chain.algod.accountInformation('NOT-AN-ADDRESS').do());
    expect(message).toMatch(/400.*failed to parse the address/);
  });

  it('submits, confirms and reports a transfer through the real client', async () => {
    const sender = chain.account('player-1');
    const receiver = chain.account('player-2');
    const params = await chain.algod.getTransactionParams().do();
    const before = chain.devnet.round();
    const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: sender.addr,
      receiver: receiver.addr,
      amount: 123n,
      assetIndex: assetId,
      note: new TextEncoder().encode('hello'),
      suggestedParams: params,
    });
    const { txid } = await chain.algod.sendRawTransaction(txn.signTxn(sender.sk)).do();
    expect(txid).toBe(txn.txID());
    expect(chain.devnet.round()).toBe(before + 1n);

    const confirmed = await algosdk.waitForConfirmation(chain.algod, txid, 3);
    expect(confirmed.confirmedRound).toBe(before + 1n);
    expect(confirmed.poolError).toBe('');
    expect(confirmed.txn.txn.txID()).toBe(txid);
    expect(confirmed.txn.txn.note).toEqual(new TextEncoder().encode('hello'));

    const holding = await chain.algod.accountAssetInformation(receiver.addr, assetId).do();
    expect(holding.assetHolding?.amount).toBe(PLAYER_AMINA + 123n);
  });

  it('reports an empty pool, since groups confirm on arrival', async () => {
    const pool = await chain.algod.pendingTransactionsInformation().do();
    expect(pool.totalTransactions).toBe(0);
    const mine = await chain.algod.pendingTransactionByAddress(chain.account('player-1').addr).do();
    expect(mine.topTransactions).toEqual([]);
  });

  it('always includes pool-error in the pending answer, in msgpack and JSON', async () => {
    const txid = chain.devnet.ledger.state.txns[0].id;
    const headers = { 'X-Algo-API-Token': chain.devnet.token };
    const packed = await fetch(`${chain.devnet.algodUrl}/v2/transactions/pending/${txid}?format=msgpack`, { headers });
    expect(packed.headers.get('content-type')).toBe('application/msgpack');
    const fields = algosdk.msgpackRawDecodeAsMap(new Uint8Array(await packed.arrayBuffer())) as Map<string, unknown>;
    expect(fields.get('pool-error')).toBe('');
    expect(fields.get('confirmed-round')).toBe(1n);
    const json = (await (
      await fetch(`${chain.devnet.algodUrl}/v2/transactions/pending/${txid}`, { headers })
    ).json()) as Record<string, unknown>;
    expect(json).toMatchObject({ 'pool-error': '', 'confirmed-round': 1, 'asset-index': Number(assetId) });
  });

  it('404s an unknown pending txid with algod wording', async () => {
    const message = await rejection(chain.algod.pendingTransactionInformation('A'.repeat(52)).do());
    expect(message).toMatch(/404.*txn does not exist/);
  });

  it('answers wait-for-block-after at once when the block exists and after the timeout otherwise', async () => {
    const round = chain.devnet.round();
    const past = await chain.algod.statusAfterBlock(round - 1n).do();
    expect(past.lastRound).toBe(round);
    const started = Date.now();
    const timedOut = await chain.algod.statusAfterBlock(round).do();
    expect(timedOut.lastRound).toBe(round);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('wakes wait-for-block-after when a block is made', async () => {
    const round = chain.devnet.round();
    const waiting = chain.algod.statusAfterBlock(round).do();
    setTimeout(() => chain.devnet.advanceRounds(1), 20);
    const status = await waiting;
    expect(status.lastRound).toBe(round + 1n);
  });

  it('refuses a wrong or missing token with 401', async () => {
    const wrong = new algosdk.Algodv2('b'.repeat(64), `http://${chain.devnet.host}`, chain.devnet.algodPort);
    expect(await rejection(wrong.status().do())).toMatch(/401.*Invalid API Token/);
    const none = new algosdk.Algodv2('', `http://${chain.devnet.host}`, chain.devnet.algodPort);
    expect(await rejection(none.status().do())).toMatch(/401/);
  });

  it('binds to loopback', () => {
    expect(chain.devnet.algodUrl).toBe(`http://127.0.0.1:${chain.devnet.algodPort}`);
    expect(chain.devnet.indexerUrl).toBe(`http://127.0.0.1:${chain.devnet.indexerPort}`);
  });
});
