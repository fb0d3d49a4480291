import * as algosdk from 'algosdk';
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

  it('exposes the switches over loopback HTTP under /devnet/ (token required)', async () => {
    expect((await admin('/devnet/faults', { failSends: 'yes' })).status).toBe(400);
    expect((await admin('/devnet/faults', { nonsense: true })).status).toBe(400);
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
