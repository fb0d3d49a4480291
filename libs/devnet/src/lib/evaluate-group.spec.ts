import * as algosdk from 'algosdk';
import { PLAYER_AMINA } from './genesis';
import { rejection, startTestChain, type TestChain } from './testing';

// Every ledger rule, exercised through algosdk.Algodv2 exactly as the API will use it.
describe('devnet transaction rules', () => {
  let chain: TestChain;
  let assetId: bigint;
  const text = (s: string): Uint8Array => new TextEncoder().encode(s);

  beforeAll(async () => {
    chain = await startTestChain();
    assetId = chain.devnet.info().assetId;
  });
  afterAll(() => chain.devnet.close());

  async function pay(
    from: algosdk.Account,
    to: string | algosdk.Address,
    amount: bigint,
    extra: Partial<Parameters<typeof algosdk.makePaymentTxnWithSuggestedParamsFromObject>[0]> = {},
    params?: Partial<algosdk.SuggestedParams>,
  ) {
    return algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: from.addr,
      receiver: to,
      amount,
      suggestedParams: await chain.params(params),
      ...extra,
    });
  }

  async function xfer(
    from: algosdk.Account,
    to: string | algosdk.Address,
    amount: bigint,
    extra: Partial<Parameters<typeof algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject>[0]> = {},
  ) {
    return algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: from.addr,
      receiver: to,
      amount,
      assetIndex: assetId,
      suggestedParams: await chain.params(),
      ...extra,
    });
  }

  const refused = (signed: Uint8Array | Uint8Array[]): Promise<string> => rejection(chain.send(signed));

  async function balance(address: string | algosdk.Address): Promise<bigint> {
    return (await chain.algod.accountInformation(address).do()).amount;
  }

  async function amina(address: string | algosdk.Address): Promise<bigint> {
    const info = await chain.algod.accountInformation(address).do();
    return info.assets?.find((a) => a.assetId === assetId)?.amount ?? 0n;
  }

  describe('signatures', () => {
    it('refuses a tampered signature', async () => {
      const player = chain.account('player-1');
      const stxn = algosdk.decodeSignedTransaction((await pay(player, player.addr, 0n)).signTxn(player.sk));
      const sig = Uint8Array.from(stxn.sig as Uint8Array);
      sig[0] ^= 1;
      const forged = algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn: stxn.txn, sig }));
      expect(await refused(forged)).toMatch(/400.*At least one signature didn't pass verification/);
    });

    it('refuses a transaction signed by someone else', async () => {
      const player = chain.account('player-1');
      const thief = chain.account('player-2');
      const message = await refused((await pay(player, thief.addr, 1_000n)).signTxn(thief.sk));
      expect(message).toContain(
        `should have been authorized by ${player.addr.toString()} but was actually authorized by ${thief.addr.toString()}`,
      );
    });

    it('refuses a transaction without a signature', async () => {
      const player = chain.account('player-1');
      const unsigned = algosdk.encodeMsgpack(
        new algosdk.SignedTransaction({ txn: await pay(player, player.addr, 0n) }),
      );
      expect(await refused(unsigned)).toMatch(/signedtxn has no sig/);
    });

    it('refuses bytes that are not msgpack and an empty body', async () => {
      expect(await refused(new Uint8Array([0xc1, 0x00]))).toMatch(/400.*msgpack decode error/);
      expect(await refused(new Uint8Array([0x81]))).toMatch(/400.*msgpack decode error/);
      expect(await refused(new Uint8Array())).toMatch(/400.*empty txgroup/);
    });
  });

  describe('genesis, fees, validity window, note', () => {
    it('refuses another network genesis hash', async () => {
      const player = chain.account('player-1');
      const foreign = algosdk.base64ToBytes('wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=');
      const txn = await pay(player, player.addr, 0n, {}, { genesisHash: foreign, genesisID: undefined });
      expect(await refused(txn.signTxn(player.sk))).toMatch(
        /400.*TransactionPool.Remember: tx.GenesisHash <YBQ4JWH4DW655UWXMBF6IVUOH5WQIGMHVQ333ZFWEC22WOJERLPQ> does not match expected <[A-Z2-7]{52}>/,
      );
    });

    it('refuses another network genesis id', async () => {
      const player = chain.account('player-1');
      const txn = await pay(player, player.addr, 0n, {}, { genesisID: 'mainnet-v1.0' });
      expect(await refused(txn.signTxn(player.sk))).toMatch(
        /tx.GenesisID <mainnet-v1.0> does not match expected <cosmic-devnet-v1>/,
      );
    });

    it('refuses a fee below the minimum', async () => {
      const player = chain.account('player-1');
      const txn = await pay(player, player.addr, 0n, {}, { fee: 999n, flatFee: true });
      expect(await refused(txn.signTxn(player.sk))).toMatch(
        /400.*txgroup had 999 in fees, which is less than the minimum 1 \* 1000/,
      );
    });

    it('accepts a zero-fee transaction whose group partner pays for both (fee pooling)', async () => {
      const player = chain.account('player-1');
      const a = await pay(player, player.addr, 0n, {}, { fee: 2000n, flatFee: true });
      const b = await pay(player, player.addr, 0n, { note: text('free') }, { fee: 0n, flatFee: true });
      algosdk.assignGroupID([a, b]);
      await expect(chain.send([a.signTxn(player.sk), b.signTxn(player.sk)])).resolves.toBe(a.txID());
    });

    it('refuses a transaction whose window has passed', async () => {
      chain.devnet.advanceRounds(20);
      const round = chain.devnet.round();
      const player = chain.account('player-1');
      const txn = await pay(player, player.addr, 0n, {}, { firstValid: round - 10n, lastValid: round - 1n });
      expect(await refused(txn.signTxn(player.sk))).toMatch(
        new RegExp(
          `400.*TransactionPool.Remember: txn dead: round ${round + 1n} outside of ${round - 10n}--${round - 1n}`,
        ),
      );
    });

    it('refuses a transaction whose window has not started', async () => {
      const round = chain.devnet.round();
      const player = chain.account('player-1');
      const txn = await pay(player, player.addr, 0n, {}, { firstValid: round + 5n, lastValid: round + 50n });
      expect(await refused(txn.signTxn(player.sk))).toMatch(
        new RegExp(`txn dead: round ${round + 1n} outside of ${round + 5n}--${round + 50n}`),
      );
    });

    it('refuses a window longer than 1000 rounds and accepts exactly 1000', async () => {
      const round = chain.devnet.round();
      const player = chain.account('player-1');
      const long = await pay(player, player.addr, 0n, {}, { firstValid: round, lastValid: round + 1001n });
      expect(await refused(long.signTxn(player.sk))).toMatch(
        new RegExp(`transaction window size excessive \\(${round}--${round + 1001n}\\)`),
      );
      const ok = await pay(player, player.addr, 0n, {}, { firstValid: round, lastValid: round + 1000n });
      await expect(chain.send(ok.signTxn(player.sk))).resolves.toBe(ok.txID());
    });

    it('refuses a note over 1024 bytes and accepts exactly 1024', async () => {
      const player = chain.account('player-1');
      const big = await pay(player, player.addr, 0n, { note: new Uint8Array(1025) });
      expect(await refused(big.signTxn(player.sk))).toMatch(/transaction note too big: 1025 > 1024/);
      const ok = await pay(player, player.addr, 0n, { note: new Uint8Array(1024).fill(7) });
      await expect(chain.send(ok.signTxn(player.sk))).resolves.toBe(ok.txID());
    });
  });

  describe('duplicates and leases', () => {
    it('refuses the same transaction twice', async () => {
      const player = chain.account('player-1');
      const signed = (await pay(player, player.addr, 0n, { note: text('once') })).signTxn(player.sk);
      const txid = await chain.send(signed);
      expect(await refused(signed)).toMatch(
        new RegExp(`400.*TransactionPool.Remember: transaction already in ledger: ${txid}`),
      );
    });

    it('refuses a second transaction with the same sender and lease until the first expires', async () => {
      const player = chain.account('player-1');
      const lease = new Uint8Array(32).fill(42);
      const round = chain.devnet.round();
      const first = await pay(player, player.addr, 0n, { lease }, { firstValid: round, lastValid: round + 3n });
      await chain.send(first.signTxn(player.sk));
      const second = await pay(player, player.addr, 0n, { lease, note: text('other') });
      const message = await refused(second.signTxn(player.sk));
      expect(message).toContain(
        `transaction ${second.txID()} using an overlapping lease (sender, lease):(${player.addr.toString()}, `,
      );
      expect(message).toContain(algosdk.encodeAddress(lease));

      // Another sender may use the same lease value.
      const other = chain.account('player-2');
      const theirs = await pay(other, other.addr, 0n, { lease });
      await expect(chain.send(theirs.signTxn(other.sk))).resolves.toBe(theirs.txID());

      chain.devnet.advanceRounds(3);
      const later = await pay(player, player.addr, 0n, { lease, note: text('later') });
      await expect(chain.send(later.signTxn(player.sk))).resolves.toBe(later.txID());
    });
  });

  describe('balances', () => {
    it('refuses an ALGO overspend with algod wording', async () => {
      const player = chain.account('player-3');
      const have = await balance(player.addr);
      const txn = await pay(player, chain.account('player-4').addr, have);
      const message = await refused(txn.signTxn(player.sk));
      expect(message).toMatch(
        new RegExp(
          `TransactionPool.Remember: transaction ${txn.txID()}: overspend \\(account ${player.addr.toString()}, data \\{.*MicroAlgos:\\{Raw:${have - 1000n}\\}.*\\}, tried to spend \\{${have}\\}\\)`,
        ),
      );
    });

    it('refuses leaving an account under its minimum balance', async () => {
      const player = chain.account('player-3');
      const have = await balance(player.addr);
      const txn = await pay(player, chain.account('player-4').addr, have - 1000n - 199_999n);
      expect(await refused(txn.signTxn(player.sk))).toContain(
        `transaction ${txn.txID()}: account ${player.addr.toString()} balance 199999 below min 200000 (1 assets)`,
      );
    });

    it('refuses funding a new account with less than 0.1 ALGO', async () => {
      const fresh = algosdk.generateAccount();
      const txn = await pay(chain.account('dispenser'), fresh.addr, 99_999n);
      expect(await refused(txn.signTxn(chain.account('dispenser').sk))).toContain(
        `account ${fresh.addr.toString()} balance 99999 below min 100000 (0 assets)`,
      );
    });

    it('closes an account to another with closeRemainderTo', async () => {
      const fresh = await chain.fundedAccount(1_000_000n);
      const dispenser = chain.account('dispenser');
      const before = await balance(dispenser.addr);
      const txn = await pay(fresh, dispenser.addr, 100_000n, { closeRemainderTo: dispenser.addr });
      const txid = await chain.send(txn.signTxn(fresh.sk));
      const pending = await chain.algod.pendingTransactionInformation(txid).do();
      expect(pending.closingAmount).toBe(1_000_000n - 1000n - 100_000n);
      expect(await balance(fresh.addr)).toBe(0n);
      expect(await balance(dispenser.addr)).toBe(before + 1_000_000n - 1000n);
    });

    it('refuses closing an account to itself', async () => {
      const fresh = await chain.fundedAccount();
      const txn = await pay(fresh, fresh.addr, 0n, { closeRemainderTo: fresh.addr });
      expect(await refused(txn.signTxn(fresh.sk))).toMatch(/transaction cannot close account to its sender/);
    });
  });

  describe('assets', () => {
    it('refuses a transfer to an account that has not opted in', async () => {
      const house = chain.account('house');
      const loner = chain.devnet.wallets().find((w) => !w.optedIn)!.address;
      const txn = await xfer(house, loner, 1n);
      expect(await refused(txn.signTxn(house.sk))).toContain(
        `TransactionPool.Remember: transaction ${txn.txID()}: receiver error: must optin, asset ${assetId} missing from ${loner}`,
      );
    });

    it('refuses a transfer from an account that has not opted in', async () => {
      const loner = chain.account('player-no-optin');
      const txn = await xfer(loner, chain.account('player-1').addr, 1n);
      expect(await refused(txn.signTxn(loner.sk))).toContain(`asset ${assetId} missing from ${loner.addr.toString()}`);
    });

    it('refuses sending more AMINA than held (underflow)', async () => {
      const player = chain.account('player-4');
      const held = await amina(player.addr);
      const txn = await xfer(player, chain.account('house').addr, held + 1n);
      expect(await refused(txn.signTxn(player.sk))).toContain(
        `underflow on subtracting ${held + 1n} from sender amount ${held}`,
      );
    });

    it('opts in, receives, opts out (close-to) and frees the minimum balance', async () => {
      const fresh = await chain.fundedAccount(1_000_000n);
      const house = chain.account('house');
      await chain.send((await xfer(fresh, fresh.addr, 0n)).signTxn(fresh.sk));
      expect((await chain.algod.accountInformation(fresh.addr).do()).minBalance).toBe(200_000n);
      await chain.send((await xfer(house, fresh.addr, 5n)).signTxn(house.sk));
      expect(await amina(fresh.addr)).toBe(5n);

      const houseBefore = await amina(house.addr);
      const optOut = await xfer(fresh, house.addr, 2n, { closeRemainderTo: house.addr });
      const txid = await chain.send(optOut.signTxn(fresh.sk));
      expect((await chain.algod.pendingTransactionInformation(txid).do()).assetClosingAmount).toBe(3n);
      expect(await amina(house.addr)).toBe(houseBefore + 5n);
      const info = await chain.algod.accountInformation(fresh.addr).do();
      expect(info.assets).toEqual([]);
      expect(info.minBalance).toBe(100_000n);
    });

    it('refuses an opt-in that would break the minimum balance', async () => {
      const fresh = await chain.fundedAccount(150_000n);
      const txn = await xfer(fresh, fresh.addr, 0n);
      expect(await refused(txn.signTxn(fresh.sk))).toContain(
        `account ${fresh.addr.toString()} balance 149000 below min 200000 (1 assets)`,
      );
    });

    it('refuses the creator closing out its own asset', async () => {
      const house = chain.account('house');
      const txn = await xfer(house, house.addr, 0n, { closeRemainderTo: chain.account('player-1').addr });
      expect(await refused(txn.signTxn(house.sk))).toMatch(/cannot close asset ID in allocating account/);
    });

    it('refuses an opt-in to an asset that does not exist', async () => {
      const player = chain.account('player-1');
      const txn = await xfer(player, player.addr, 0n, { assetIndex: 424242n });
      expect(await refused(txn.signTxn(player.sk))).toMatch(/asset 424242 does not exist or has been deleted/);
    });

    it('refuses clawback when the asset has no clawback address', async () => {
      const house = chain.account('house');
      const victim = chain.account('player-1').addr;
      const txn = await xfer(house, house.addr, 1n, { assetSender: victim });
      expect(await refused(txn.signTxn(house.sk))).toMatch(/clawback not allowed/);
    });

    it('honours freeze, clawback, reconfiguration and destruction rights', async () => {
      const admin = chain.account('player-2');
      const holder = await chain.fundedAccount(1_000_000n);
      const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
        sender: admin.addr,
        total: 100n,
        decimals: 0,
        defaultFrozen: false,
        unitName: 'RULE',
        manager: admin.addr,
        freeze: admin.addr,
        clawback: admin.addr,
        suggestedParams: await chain.params(),
      });
      const id = (await chain.algod.pendingTransactionInformation(await chain.send(create.signTxn(admin.sk))).do())
        .assetIndex as bigint;
      const other = (extra: Partial<Parameters<typeof algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject>[0]>) =>
        xfer(admin, holder.addr, 0n, { assetIndex: id, ...extra });
      await chain.send((await xfer(holder, holder.addr, 0n, { assetIndex: id })).signTxn(holder.sk));
      await chain.send((await other({ amount: 10n })).signTxn(admin.sk));

      const freeze = algosdk.makeAssetFreezeTxnWithSuggestedParamsFromObject({
        sender: admin.addr,
        assetIndex: id,
        freezeTarget: holder.addr,
        frozen: true,
        suggestedParams: await chain.params(),
      });
      await chain.send(freeze.signTxn(admin.sk));
      const frozen = await xfer(holder, admin.addr, 1n, { assetIndex: id });
      expect(await refused(frozen.signTxn(holder.sk))).toContain(`asset ${id} frozen in ${holder.addr.toString()}`);

      // Clawback moves frozen units anyway.
      const claw = await xfer(admin, admin.addr, 4n, { assetIndex: id, assetSender: holder.addr });
      await chain.send(claw.signTxn(admin.sk));
      expect((await chain.algod.accountAssetInformation(holder.addr, id).do()).assetHolding?.amount).toBe(6n);

      const notManager = algosdk.makeAssetDestroyTxnWithSuggestedParamsFromObject({
        sender: holder.addr,
        assetIndex: id,
        suggestedParams: await chain.params(),
      });
      expect(await refused(notManager.signTxn(holder.sk))).toMatch(/this transaction should be issued by the manager/);
      const early = algosdk.makeAssetDestroyTxnWithSuggestedParamsFromObject({
        sender: admin.addr,
        assetIndex: id,
        suggestedParams: await chain.params(),
      });
      expect(await refused(early.signTxn(admin.sk))).toMatch(/cannot destroy asset: creator is holding only 94\/100/);

      const dropClawback = algosdk.makeAssetConfigTxnWithSuggestedParamsFromObject({
        sender: admin.addr,
        assetIndex: id,
        manager: admin.addr,
        freeze: admin.addr,
        strictEmptyAddressChecking: false,
        suggestedParams: await chain.params(),
      });
      await chain.send(dropClawback.signTxn(admin.sk));
      expect((await chain.algod.getAssetByID(id).do()).params?.clawback).toBeUndefined();
      const noLongerAllowed = await xfer(admin, admin.addr, 1n, { assetIndex: id, assetSender: holder.addr });
      expect(await refused(noLongerAllowed.signTxn(admin.sk))).toMatch(/clawback not allowed/);
    });

    it('creates a second asset with its own id', async () => {
      const player = chain.account('player-2');
      const txn = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
        sender: player.addr,
        total: 10n,
        decimals: 0,
        defaultFrozen: false,
        unitName: 'TEST',
        assetName: 'Test',
        suggestedParams: await chain.params(),
      });
      const txid = await chain.send(txn.signTxn(player.sk));
      const created = (await chain.algod.pendingTransactionInformation(txid).do()).assetIndex as bigint;
      expect(created).toBeGreaterThan(assetId);
      expect((await chain.algod.getAssetByID(created).do()).params?.unitName).toBe('TEST');
    });
  });

  describe('atomic groups', () => {
    it('applies all or nothing', async () => {
      const a = chain.account('player-1');
      const b = chain.account('player-2');
      const before = [await amina(a.addr), await amina(b.addr)];
      const good = await xfer(a, b.addr, 10n);
      const bad = await xfer(b, a.addr, PLAYER_AMINA * 10n);
      algosdk.assignGroupID([good, bad]);
      expect(await refused([good.signTxn(a.sk), bad.signTxn(b.sk)])).toMatch(/underflow on subtracting/);
      expect([await amina(a.addr), await amina(b.addr)]).toEqual(before);
      expect(await rejection(chain.algod.pendingTransactionInformation(good.txID()).do())).toMatch(/404/);
    });

    it('confirms a valid group in one block with consecutive offsets', async () => {
      const a = chain.account('player-1');
      const b = chain.account('player-2');
      const round = chain.devnet.round();
      const one = await xfer(a, b.addr, 1n);
      const two = await xfer(b, a.addr, 1n);
      algosdk.assignGroupID([one, two]);
      await chain.send([one.signTxn(a.sk), two.signTxn(b.sk)]);
      expect(chain.devnet.round()).toBe(round + 1n);
      const first = await chain.algod.pendingTransactionInformation(one.txID()).do();
      const second = await chain.algod.pendingTransactionInformation(two.txID()).do();
      expect([first.confirmedRound, second.confirmedRound]).toEqual([round + 1n, round + 1n]);
    });

    it('refuses a group missing one of its members', async () => {
      const a = chain.account('player-1');
      const txns = [await xfer(a, a.addr, 0n), await pay(a, a.addr, 0n), await pay(a, a.addr, 1n)];
      algosdk.assignGroupID(txns);
      expect(await refused([txns[0].signTxn(a.sk), txns[1].signTxn(a.sk)])).toMatch(
        /TransactionPool.Remember: transactionGroup: incomplete group: [A-Z2-7]{52} != [A-Z2-7]{52}/,
      );
    });

    it('refuses members from different groups', async () => {
      const a = chain.account('player-1');
      const x = [await pay(a, a.addr, 0n), await pay(a, a.addr, 2n)];
      const y = [await pay(a, a.addr, 3n), await pay(a, a.addr, 4n)];
      algosdk.assignGroupID(x);
      algosdk.assignGroupID(y);
      expect(await refused([x[0].signTxn(a.sk), y[0].signTxn(a.sk)])).toMatch(
        /transactionGroup: inconsistent group values/,
      );
    });

    it('refuses ungrouped transactions sent together', async () => {
      const a = chain.account('player-1');
      const x = await pay(a, a.addr, 0n, { note: text('x') });
      const y = await pay(a, a.addr, 0n, { note: text('y') });
      expect(await refused([x.signTxn(a.sk), y.signTxn(a.sk)])).toMatch(
        /transactionGroup: \[0\] had zero Group but was submitted in a group of 2/,
      );
    });

    it('refuses a group of 17', async () => {
      const a = chain.account('player-1');
      const txns = [];
      for (let i = 0; i < 17; i++) txns.push(await pay(a, a.addr, BigInt(i)));
      expect(await refused(txns.map((t) => t.signTxn(a.sk)))).toMatch(/400.*group size 17 exceeds maximum 16/);
    });

    it('accepts a group of 16', async () => {
      const a = chain.account('player-1');
      const txns = [];
      for (let i = 0; i < 16; i++) txns.push(await pay(a, a.addr, BigInt(i)));
      algosdk.assignGroupID(txns);
      await expect(chain.send(txns.map((t) => t.signTxn(a.sk)))).resolves.toBe(txns[0].txID());
    });
  });

  describe('rekeying', () => {
    it('accepts the new signer, refuses the old key, and rekeys back', async () => {
      const account = await chain.fundedAccount();
      const newKey = chain.account('player-3');

      await chain.send((await pay(account, account.addr, 0n, { rekeyTo: newKey.addr })).signTxn(account.sk));
      expect((await chain.algod.accountInformation(account.addr).do()).authAddr?.toString()).toBe(
        newKey.addr.toString(),
      );

      const byOldKey = await pay(account, account.addr, 0n, { note: text('old') });
      expect(await refused(byOldKey.signTxn(account.sk))).toContain(
        `should have been authorized by ${newKey.addr.toString()} but was actually authorized by ${account.addr.toString()}`,
      );

      const byNewKey = await pay(account, chain.account('player-1').addr, 1_000n);
      const txid = await chain.send(byNewKey.signTxn(newKey.sk));
      const confirmed = await chain.algod.pendingTransactionInformation(txid).do();
      expect(confirmed.txn.sgnr?.toString()).toBe(newKey.addr.toString());

      await chain.send((await pay(account, account.addr, 0n, { rekeyTo: account.addr })).signTxn(newKey.sk));
      expect((await chain.algod.accountInformation(account.addr).do()).authAddr).toBeUndefined();
      const again = await pay(account, account.addr, 0n, { note: text('mine again') });
      await expect(chain.send(again.signTxn(account.sk))).resolves.toBe(again.txID());
    });
  });

  describe('unsupported features', () => {
    it('refuses key registration clearly', async () => {
      const player = chain.account('player-1');
      const txn = algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
        sender: player.addr,
        suggestedParams: await chain.params(),
      });
      expect(await refused(txn.signTxn(player.sk))).toMatch(/devnet: transaction type keyreg is not supported/);
    });
  });
});
