import * as algosdk from 'algosdk';
import { POOL_FULL_MESSAGE } from './algod-api';
import { rejection, startTestChain, type TestChain } from './testing';

describe('devnet fault injection', () => {
  let chain: TestChain;
  let assetId: bigint;

  beforeAll(async () => {
    chain = await startTestChain();
    assetId = chain.devnet.info().assetId;
  });
  afterEach(() => chain.devnet.resetFaults());
  afterAll(() => chain.devnet.close());

  async function transfer(note: string): Promise<{ signed: Uint8Array; txid: string }> {
    const player = chain.account('player-1');
    const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: player.addr,
      receiver: chain.devnet.info().house.address,
      amount: 1n,
      assetIndex: assetId,
      note: new TextEncoder().encode(note),
      suggestedParams: await chain.params(),
    });
    return { signed: txn.signTxn(player.sk), txid: txn.txID() };
  }

  const admin = (path: string, body?: unknown, token = chain.devnet.token): Promise<Response> =>
    fetch(`${chain.devnet.algodUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'X-Algo-API-Token': token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('failSends answers 503 (or 500) and accepts nothing', async () => {
    const { signed, txid } = await transfer('fail');
    const round = chain.devnet.round();
    chain.devnet.faults.failSends = true;
    expect(await rejection(chain.send(signed))).toMatch(/503/);
    chain.devnet.faults.failSends = 500;
    expect(await rejection(chain.send(signed))).toMatch(/500/);
    expect(chain.devnet.round()).toBe(round);
    expect(await rejection(chain.algod.pendingTransactionInformation(txid).do())).toMatch(/404/);
    chain.devnet.resetFaults();
    await expect(chain.send(signed)).resolves.toBe(txid);
  });

  it('acceptThenTimeout confirms the transaction but the client never hears back', async () => {
    const { signed, txid } = await transfer('timeout');
    chain.devnet.faults.acceptThenTimeout = true;
    chain.devnet.faults.hangMs = 100;
    const started = Date.now();
    const message = await rejection(chain.send(signed));
    expect(message).not.toMatch(/Network request error/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    chain.devnet.resetFaults();
    const pending = await chain.algod.pendingTransactionInformation(txid).do();
    expect(pending.confirmedRound).toBe(chain.devnet.round());
    // A retry of the same bytes proves it landed.
    expect(await rejection(chain.send(signed))).toMatch(`transaction already in ledger: ${txid}`);
  });

  it('down drops every algod and indexer connection until lifted', async () => {
    const { signed } = await transfer('down');
    chain.devnet.faults.down = true;
    expect(await rejection(chain.algod.status().do())).not.toMatch(/Network request error/);
    expect(await rejection(chain.indexer.makeHealthCheck().do())).not.toMatch(/Network request error/);
    const round = chain.devnet.round();
    await rejection(chain.send(signed));
    expect(chain.devnet.round()).toBe(round);
    chain.devnet.faults.down = false;
    await expect(chain.algod.status().do()).resolves.toMatchObject({ lastRound: round });
  });

  it('advanceRounds lets a transaction pass its lastValid', async () => {
    const player = chain.account('player-1');
    const round = chain.devnet.round();
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: player.addr,
      receiver: player.addr,
      amount: 0n,
      suggestedParams: await chain.params({ lastValid: round + 10n }),
    });
    expect(chain.devnet.advanceRounds(10)).toBe(round + 10n);
    expect(await rejection(chain.send(txn.signTxn(player.sk)))).toMatch(/txn dead/);
    expect(() => chain.devnet.advanceRounds(-1)).toThrow(RangeError);
  });

  it('pool holds accepted groups as pending until the next block, which confirms them', async () => {
    const { signed, txid } = await transfer('pooled');
    const round = chain.devnet.round();
    chain.devnet.faults.pool = true;
    await expect(chain.send(signed)).resolves.toBe(txid);
    expect(chain.devnet.round()).toBe(round);
    const pending = await chain.algod.pendingTransactionInformation(txid).do();
    expect(pending.confirmedRound ?? 0n).toBe(0n);
    expect(pending.poolError).toBe('');
    // the same bytes again: algod's pending block refuses the duplicate
    expect(await rejection(chain.send(signed))).toMatch(`transaction already in ledger: ${txid}`);
    expect(await rejection(chain.indexer.lookupTransactionByID(txid).do())).toMatch(/404|no transaction found/);

    expect(chain.devnet.advanceRounds(3)).toBe(round + 3n);
    const confirmed = await chain.algod.pendingTransactionInformation(txid).do();
    expect(confirmed.confirmedRound).toBe(round + 1n);
    expect((await chain.indexer.lookupTransactionByID(txid).do()).transaction.confirmedRound).toBe(round + 1n);
  });

  it('pool drops a group that no longer applies when the block is made, with its pool error; a restart loses the pool', async () => {
    const player = chain.account('player-2');
    const house = chain.devnet.info().house.address;
    const held = chain.devnet.ledger.account(player.addr.toString())!.holdings.get(assetId)!.amount;
    const all = async (note: string) =>
      algosdk
        .makeAssetTransferTxnWithSuggestedParamsFromObject({
          sender: player.addr,
          receiver: house,
          amount: held,
          assetIndex: assetId,
          note: new TextEncoder().encode(note),
          suggestedParams: await chain.params(),
        })
        .signTxn(player.sk);
    chain.devnet.faults.pool = true;
    const lost = await chain.send(await all('lost'));
    chain.devnet.ledger.dropPool();
    expect(await rejection(chain.algod.pendingTransactionInformation(lost).do())).toMatch(/404|txn does not exist/);

    // each alone applies; together the second overspends the asset
    const first = await chain.send(await all('first'));
    const second = await chain.send(await all('second'));
    chain.devnet.faults.pool = false;
    const round = chain.devnet.advanceRounds(1);
    expect((await chain.algod.pendingTransactionInformation(first).do()).confirmedRound).toBe(round);
    const dropped = await chain.algod.pendingTransactionInformation(second).do();
    expect(dropped.confirmedRound ?? 0n).toBe(0n);
    expect(dropped.poolError).toMatch(/underflow/);
  });

  it("poolFull 'refuse' accepts nothing; 'accept' answers the same refusal for a group that does land", async () => {
    const refused = await transfer('full');
    chain.devnet.faults.poolFull = 'refuse';
    expect(await rejection(chain.send(refused.signed))).toMatch(POOL_FULL_MESSAGE);
    expect(await rejection(chain.algod.pendingTransactionInformation(refused.txid).do())).toMatch(
      /404|txn does not exist/,
    );

    const accepted = await transfer('full but taken');
    chain.devnet.faults.poolFull = 'accept';
    chain.devnet.faults.pool = true;
    expect(await rejection(chain.send(accepted.signed))).toMatch(POOL_FULL_MESSAGE);
    expect((await chain.algod.pendingTransactionInformation(accepted.txid).do()).poolError).toBe('');
    const round = chain.devnet.advanceRounds(1);
    expect((await chain.algod.pendingTransactionInformation(accepted.txid).do()).confirmedRound).toBe(round);
  });

  it('indexerLagRounds hides transactions confirmed in the last N rounds from the indexer, and says how far it got', async () => {
    const { signed, txid } = await transfer('lagging');
    chain.devnet.faults.indexerLagRounds = 5;
    await chain.send(signed);
    const round = chain.devnet.round();
    expect(await rejection(chain.indexer.lookupTransactionByID(txid).do())).toMatch(/404|no transaction found/);
    const page = await chain.indexer.searchForTransactions().txid(txid).do();
    expect(page.transactions).toHaveLength(0);
    expect(page.currentRound).toBe(round - 5n);
    expect((await chain.indexer.makeHealthCheck().do()).round).toBe(round - 5n);
    // algod knows it all along
    expect((await chain.algod.pendingTransactionInformation(txid).do()).confirmedRound).toBe(round);
    chain.devnet.advanceRounds(5);
    expect((await chain.indexer.lookupTransactionByID(txid).do()).transaction.id).toBe(txid);
  });

  it('pendingBlind: the pending endpoint knows no transaction, confirmed or not', async () => {
    const { signed, txid } = await transfer('blind');
    await chain.send(signed);
    chain.devnet.faults.pendingBlind = true;
    expect(await rejection(chain.algod.pendingTransactionInformation(txid).do())).toMatch(/404|txn does not exist/);
    chain.devnet.faults.pendingBlind = false;
    expect((await chain.algod.pendingTransactionInformation(txid).do()).confirmedRound).toBeGreaterThan(0n);
  });

  it('restartOnAcceptMs: the accepted send is never answered, the pool is lost, the node is down for a while, once', async () => {
    const { signed, txid } = await transfer('restart');
    chain.devnet.faults.pool = true;
    chain.devnet.faults.restartOnAcceptMs = 300;
    const message = await rejection(chain.send(signed));
    expect(message).not.toMatch(/Network request error/);
    expect(chain.devnet.faults.down).toBe(true);
    expect(chain.devnet.faults.restartOnAcceptMs).toBe(0);
    expect(await rejection(chain.algod.status().do())).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(chain.devnet.faults.down).toBe(false);
    expect(await rejection(chain.algod.pendingTransactionInformation(txid).do())).toMatch(/404|txn does not exist/);
    // the same bytes are welcome again
    await expect(chain.send(signed)).resolves.toBe(txid);
  });

  it('exposes the switches over loopback HTTP under /devnet/ (token required)', async () => {
    expect((await admin('/devnet/faults', { failSends: 'yes' })).status).toBe(400);
    expect((await admin('/devnet/faults', { nonsense: true })).status).toBe(400);
    expect((await admin('/devnet/faults', { poolFull: true })).status).toBe(400);
    expect((await admin('/devnet/faults', { indexerLagRounds: -1 })).status).toBe(400);
    expect((await admin('/devnet/faults', { down: true }, 'wrong')).status).toBe(401);

    const set = await admin('/devnet/faults', { failSends: 503 });
    expect(await set.json()).toMatchObject({ failSends: 503, down: false });
    expect(chain.devnet.faults.failSends).toBe(503);

    const round = chain.devnet.round();
    const advanced = await admin('/devnet/advance', { rounds: 5 });
    expect(await advanced.json()).toEqual({ round: Number(round + 5n) });

    // The admin door stays open while the node is "down", so a test can bring it back.
    expect((await admin('/devnet/faults', { down: true })).status).toBe(200);
    expect(await rejection(chain.algod.status().do())).toBeTruthy();
    expect((await admin('/devnet/faults', { down: false })).status).toBe(200);
    await chain.algod.status().do();

    const info = (await (await admin('/devnet/info')).json()) as { wallets: unknown[]; genesisId: string };
    expect(info.genesisId).toBe('cosmic-devnet-v1');
    expect(info.wallets).toHaveLength(5);
  });
});
