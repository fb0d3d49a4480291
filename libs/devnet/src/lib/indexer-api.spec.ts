import * as algosdk from 'algosdk';
import { PLAYER_AMINA } from './genesis';
import { rejection, startTestChain, type TestChain } from './testing';

describe('devnet indexer API through algosdk.Indexer', () => {
  let chain: TestChain;
  let assetId: bigint;
  let house: string;
  const deposits: string[] = [];
  const text = (s: string): Uint8Array => new TextEncoder().encode(s);

  beforeAll(async () => {
    chain = await startTestChain();
    assetId = chain.devnet.info().assetId;
    house = chain.devnet.info().house.address;
    // Five deposits from two players, with a note and a lease on each.
    for (let i = 0; i < 5; i++) {
      const player = chain.account(i % 2 === 0 ? 'player-1' : 'player-2');
      const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: player.addr,
        receiver: house,
        amount: BigInt(1000 + i),
        assetIndex: assetId,
        note: text(`amina:dep:${i}`),
        lease: new Uint8Array(32).fill(i + 1),
        suggestedParams: await chain.params(),
      });
      deposits.push(await chain.send(txn.signTxn(player.sk)));
    }
    // An ALGO payment that must not show up in asset searches.
    const p3 = chain.account('player-3');
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: p3.addr,
      receiver: house,
      amount: 5000n,
      note: text('amina:dep:algo'),
      suggestedParams: await chain.params(),
    });
    await chain.send(pay.signTxn(p3.sk));
  });
  afterAll(() => chain.devnet.close());

  it('answers health with the current round', async () => {
    const health = await chain.indexer.makeHealthCheck().do();
    expect(health.round).toBe(chain.devnet.round());
    expect(health.dbAvailable).toBe(true);
  });

  it('looks a transfer up by id with every field the typed model decodes', async () => {
    const { transaction, currentRound } = await chain.indexer.lookupTransactionByID(deposits[0]).do();
    const sender = chain.account('player-1').addr.toString();
    expect(currentRound).toBe(chain.devnet.round());
    expect(transaction.id).toBe(deposits[0]);
    expect(transaction.txType).toBe('axfer');
    expect(transaction.sender).toBe(sender);
    expect(transaction.fee).toBe(1000n);
    expect(transaction.confirmedRound).toBe(3n);
    expect(transaction.intraRoundOffset).toBe(0);
    expect(transaction.roundTime).toBeGreaterThan(1_600_000_000);
    expect(transaction.lastValid - transaction.firstValid).toBe(1000n);
    expect(transaction.genesisId).toBe('cosmic-devnet-v1');
    expect(algosdk.bytesToBase64(transaction.genesisHash as Uint8Array)).toBe(chain.devnet.info().genesisHash);
    expect(transaction.note).toEqual(text('amina:dep:0'));
    expect(transaction.lease).toEqual(new Uint8Array(32).fill(1));
    expect(transaction.signature?.sig).toHaveLength(64);
    expect(transaction.assetTransferTransaction).toMatchObject({
      amount: 1000n,
      assetId,
      receiver: house,
      closeAmount: 0n,
    });
    expect(transaction.closeRewards).toBe(0n);
  });

  it('uses the real indexer JSON shape (kebab-case keys, reward fields present)', async () => {
    const response = await fetch(`${chain.devnet.indexerUrl}/v2/transactions/${deposits[1]}`, {
      headers: { 'X-Indexer-API-Token': chain.devnet.token },
    });
    const body = (await response.json()) as { transaction: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['current-round', 'transaction']);
    expect(body.transaction).toMatchObject({
      'asset-transfer-transaction': { amount: 1001, 'asset-id': Number(assetId), 'close-amount': 0, receiver: house },
      'close-rewards': 0,
      'closing-amount': 0,
      'receiver-rewards': 0,
      'sender-rewards': 0,
      'tx-type': 'axfer',
      note: Buffer.from('amina:dep:1').toString('base64'),
    });
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('404s an unknown txid', async () => {
    expect(await rejection(chain.indexer.lookupTransactionByID('B'.repeat(52)).do())).toMatch(/404/);
  });

  it('finds asset transfers received by the house, ascending, with the genesis grants excluded', async () => {
    const page = await chain.indexer
      .searchForTransactions()
      .address(house)
      .addressRole('receiver')
      .assetID(assetId)
      .txType('axfer')
      .do();
    expect(page.transactions.map((t) => t.id)).toEqual(deposits);
    expect(page.nextToken).toBeDefined();
  });

  it('pages with limit and next tokens without gaps or repeats', async () => {
    const seen: string[] = [];
    let next: string | undefined;
    let pages = 0;
    for (;;) {
      const query = chain.indexer
        .searchForTransactions()
        .address(house)
        .addressRole('receiver')
        .assetID(assetId)
        .limit(2);
      if (next) query.nextToken(next);
      const page = await query.do();
      if (page.transactions.length === 0) break;
      pages++;
      seen.push(...page.transactions.map((t) => t.id ?? ''));
      next = page.nextToken;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(deposits);
  });

  it('filters by round range, note prefix, sender role, amount and txid', async () => {
    const first = (await chain.indexer.lookupTransactionByID(deposits[1]).do()).transaction.confirmedRound as bigint;
    const inRange = await chain.indexer
      .searchForTransactions()
      .assetID(assetId)
      .minRound(first)
      .maxRound(first + 1n)
      .do();
    expect(inRange.transactions.map((t) => t.id)).toEqual(deposits.slice(1, 3));

    const byNote = await chain.indexer.searchForTransactions().notePrefix(text('amina:dep:')).do();
    expect(byNote.transactions).toHaveLength(6);
    const byLongerNote = await chain.indexer.searchForTransactions().notePrefix(text('amina:dep:4')).do();
    expect(byLongerNote.transactions.map((t) => t.id)).toEqual([deposits[4]]);

    const bySender = await chain.indexer
      .searchForTransactions()
      .address(chain.account('player-2').addr)
      .addressRole('sender')
      .notePrefix(text('amina:dep:'))
      .do();
    expect(bySender.transactions.map((t) => t.id)).toEqual([deposits[1], deposits[3]]);

    const big = await chain.indexer
      .searchForTransactions()
      .assetID(assetId)
      .currencyGreaterThan(1002)
      .currencyLessThan(10_000)
      .do();
    expect(big.transactions.map((t) => t.id)).toEqual(deposits.slice(3));

    const one = await chain.indexer.searchForTransactions().txid(deposits[2]).do();
    expect(one.transactions.map((t) => t.id)).toEqual([deposits[2]]);

    const payments = await chain.indexer.searchForTransactions().address(house).txType('pay').do();
    expect(payments.transactions.map((t) => t.paymentTransaction?.amount)).toEqual([5000n]);
  });

  it('reports the genesis asset creation and the grants group', async () => {
    const creation = await chain.indexer.searchForTransactions().txType('acfg').do();
    expect(creation.transactions).toHaveLength(1);
    expect(creation.transactions[0].createdAssetIndex).toBe(assetId);
    expect(creation.transactions[0].assetConfigTransaction?.params?.unitName).toBe('AMINA');

    const grants = await chain.indexer
      .searchForTransactions()
      .address(house)
      .addressRole('sender')
      .assetID(assetId)
      .txType('axfer')
      .do();
    expect(grants.transactions).toHaveLength(4);
    expect(new Set(grants.transactions.map((t) => algosdk.bytesToBase64(t.group as Uint8Array))).size).toBe(1);
    expect(grants.transactions.map((t) => t.intraRoundOffset)).toEqual([4, 5, 6, 7]);
    expect(grants.transactions.every((t) => t.assetTransferTransaction?.amount === PLAYER_AMINA)).toBe(true);
  });

  it('serves account and asset transaction lookups', async () => {
    const account = await chain.indexer.lookupAccountTransactions(chain.account('player-1').addr).assetID(assetId).do();
    expect(account.transactions.map((t) => t.id)).toEqual(
      expect.arrayContaining([deposits[0], deposits[2], deposits[4]]),
    );
    const asset = await chain.indexer.lookupAssetTransactions(assetId).addressRole('receiver').address(house).do();
    expect(asset.transactions.map((t) => t.id)).toEqual(deposits);
  });

  it('looks up the asset', async () => {
    const { asset } = await chain.indexer.lookupAssetByID(assetId).do();
    expect(asset.index).toBe(assetId);
    expect(asset.params).toMatchObject({ decimals: 8, unitName: 'AMINA', total: 100_000_000_000n, creator: house });
    expect(await rejection(chain.indexer.lookupAssetByID(777n).do())).toMatch(/404/);
  });

  it('refuses a bad next token and a bad address with 400', async () => {
    expect(await rejection(chain.indexer.searchForTransactions().nextToken('%%%').do())).toMatch(/400/);
    const bad = chain.indexer.searchForTransactions();
    // Bypass the SDK's own address parsing to see the server's answer.
    (bad as unknown as { query: Record<string, string> }).query.address = 'nope';
    expect(await rejection(bad.do())).toMatch(/400.*unable to parse address/);
  });

  it('shows auth-addr and rekey-to for rekeyed accounts', async () => {
    const account = await chain.fundedAccount();
    const signer = chain.account('player-4');
    const rekey = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: account.addr,
      receiver: account.addr,
      amount: 0n,
      rekeyTo: signer.addr,
      suggestedParams: await chain.params(),
    });
    const rekeyId = await chain.send(rekey.signTxn(account.sk));
    const spend = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: account.addr,
      receiver: account.addr,
      amount: 0n,
      suggestedParams: await chain.params(),
    });
    const spendId = await chain.send(spend.signTxn(signer.sk));
    expect((await chain.indexer.lookupTransactionByID(rekeyId).do()).transaction.rekeyTo?.toString()).toBe(
      signer.addr.toString(),
    );
    expect((await chain.indexer.lookupTransactionByID(spendId).do()).transaction.authAddr?.toString()).toBe(
      signer.addr.toString(),
    );
  });

  it('refuses a wrong token with 401', async () => {
    const wrong = new algosdk.Indexer('x', `http://${chain.devnet.host}`, chain.devnet.indexerPort);
    expect(await rejection(wrong.makeHealthCheck().do())).toMatch(/401/);
  });
});
