import 'reflect-metadata';
import { inspect } from 'node:util';
import type { Devnet } from '@cosmic/devnet';
import * as algosdk from 'algosdk';
import { InvalidInputError } from '../common/domain-error';
import type { AlgorandClientConfig } from './chain.config';
import {
  ChainConfigError,
  ChainRejectedError,
  ChainUnavailableError,
  NEVER_LANDS,
  NotOptedInError,
  rejectionFromAlgod,
} from './chain.errors';
import { AlgorandClient } from './algorand.client';

const AMINA = 100_000_000n;
const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('AlgorandClient against the devnet', () => {
  let devnet: Devnet;
  let config: AlgorandClientConfig;
  let client: AlgorandClient;

  const wallet = (label: string): algosdk.Account => {
    const found = devnet.wallets().find((w) => w.label === label);
    if (!found) throw new Error(`no wallet ${label}`);
    return algosdk.mnemonicToSecretKey(found.mnemonic);
  };

  async function rejected(promise: Promise<unknown>): Promise<Error> {
    try {
      await promise;
    } catch (error) {
      return error as Error;
    }
    throw new Error('expected a rejection');
  }

  async function deposit(player: algosdk.Account, amount: bigint, note: string): Promise<string> {
    const txn = await client.buildAssetTransfer({
      from: player.addr.toString(),
      to: config.houseAddress,
      amount,
      note: text(note),
    });
    // The wallet side: decode what the API hands out, sign it, send it back.
    const unsigned = algosdk.decodeUnsignedTransaction(algosdk.base64ToBytes(client.encodeUnsigned(txn)));
    return client.submit(unsigned.signTxn(player.sk));
  }

  beforeAll(async () => {
    // Loaded lazily, as the API does: the devnet is a dev/test dependency, never bundled in.
    const { startDevnet } = await import('@cosmic/devnet');
    devnet = await startDevnet({ algodPort: 0, indexerPort: 0, waitTimeoutMs: 200 });
    const info = devnet.info();
    config = {
      algodUrl: devnet.algodUrl,
      algodToken: devnet.token,
      indexerUrl: devnet.indexerUrl,
      indexerToken: devnet.token,
      assetId: info.assetId,
      assetDecimals: 8,
      assetUnit: 'AMINA',
      network: 'devnet',
      houseAddress: info.house.address,
      houseMnemonic: info.house.mnemonic,
    };
    client = new AlgorandClient(config);
  });
  afterEach(() => devnet.resetFaults());
  afterAll(() => devnet.close());

  describe('boot checks', () => {
    it('accepts the configured asset', async () => {
      await expect(client.checkAsset()).resolves.toEqual({
        id: config.assetId,
        decimals: 8,
        unitName: 'AMINA',
        name: 'AMINA',
        total: 1000n * AMINA,
        creator: config.houseAddress,
      });
    });

    it.each<[string, Partial<AlgorandClientConfig>, RegExp]>([
      ['assetDecimals', { assetDecimals: 6 }, /has 8 decimals but assetDecimals is configured as 6/],
      ['assetUnit', { assetUnit: 'AMNA' }, /unit name "AMINA" but assetUnit is configured as "AMNA"/],
      ['assetId', { assetId: 424242n }, /Asset 424242 does not exist on devnet/],
    ])('refuses a mismatched %s, naming it', async (field, override, message) => {
      const error = await rejected(new AlgorandClient({ ...config, ...override }).checkAsset());
      expect(error).toBeInstanceOf(ChainConfigError);
      expect((error as ChainConfigError).field).toBe(field);
      expect(error.message).toMatch(message);
    });

    it('checks that the mnemonic controls the house', async () => {
      await expect(client.checkHouseKey()).resolves.toBeUndefined();
      const stranger = algosdk.secretKeyToMnemonic(algosdk.generateAccount().sk);
      const error = await rejected(new AlgorandClient({ ...config, houseMnemonic: stranger }).checkHouseKey());
      expect(error).toBeInstanceOf(ChainConfigError);
      expect((error as ChainConfigError).field).toBe('houseMnemonic');
      expect(error.message).not.toContain(stranger.split(' ')[0] + ' ' + stranger.split(' ')[1]);
    });

    it('reports status for health', async () => {
      await expect(client.status()).resolves.toEqual({
        round: devnet.round(),
        network: 'devnet',
        genesisId: 'cosmic-devnet-v1',
      });
    });
  });

  describe('reads', () => {
    it('reports holdings of opted-in and not-opted-in accounts', async () => {
      await expect(client.assetHolding(wallet('player-3').addr.toString())).resolves.toEqual({
        optedIn: true,
        amount: 25n * AMINA,
        frozen: false,
      });
      await expect(client.assetHolding(wallet('player-no-optin').addr.toString())).resolves.toEqual({
        optedIn: false,
        amount: 0n,
        frozen: false,
      });
      await expect(client.assetHolding('NOPE')).rejects.toThrow(InvalidInputError);
    });

    it('reports ALGO balance and minimum balance', async () => {
      const balance = await client.algoBalance(wallet('player-no-optin').addr.toString());
      expect(balance).toEqual({ amount: 100_000_000n, minBalance: 100_000n, authAddr: null });
    });

    it('builds a transfer with the configured asset, note, lease and a short window', async () => {
      const params = await client.suggestedParams();
      const txn = await client.buildAssetTransfer({
        from: config.houseAddress,
        to: wallet('player-1').addr.toString(),
        amount: 5n,
        note: text('n'),
        lease: new Uint8Array(32).fill(3),
        validRounds: 10,
        params,
      });
      expect(txn.assetTransfer?.assetIndex).toBe(config.assetId);
      expect(txn.lastValid - txn.firstValid).toBe(10n);
      expect(txn.genesisID).toBe('cosmic-devnet-v1');
      await expect(
        client.buildAssetTransfer({ from: config.houseAddress, to: config.houseAddress, amount: -1n }),
      ).rejects.toThrow(InvalidInputError);
      await expect(
        client.buildAssetTransfer({
          from: config.houseAddress,
          to: config.houseAddress,
          amount: 1n,
          lease: new Uint8Array(3),
        }),
      ).rejects.toThrow(/lease must be exactly 32 bytes/);
    });
  });

  describe('deposits', () => {
    it('build → wallet signs → submit → lookup → appears in transfersToHouse', async () => {
      const player = wallet('player-1');
      const startRound = devnet.round() + 1n;
      const txId = await deposit(player, 3n * AMINA, 'amina:dep:first');
      const lookup = await client.lookupTransaction(txId);
      expect(lookup).toEqual({ txId, status: 'confirmed', confirmedRound: startRound, poolError: null });

      const page = await client.transfersToHouse({ minRound: startRound, limit: 10 });
      expect(page.transfers).toHaveLength(1);
      expect(page.transfers[0]).toMatchObject({
        txId,
        sender: player.addr.toString(),
        receiver: config.houseAddress,
        amount: 3n * AMINA,
        houseAmount: 3n * AMINA,
        round: startRound,
        intraRoundOffset: 0,
        note: text('amina:dep:first'),
        closeTo: null,
        lease: null,
      });
      expect(page.next).toBeNull();
      expect(page.currentRound).toBe(devnet.round());
    });

    it('pages through more deposits than the limit with next tokens', async () => {
      const startRound = devnet.round() + 1n;
      const ids: string[] = [];
      for (let i = 0; i < 7; i++)
        ids.push(await deposit(wallet(i % 2 ? 'player-2' : 'player-4'), BigInt(i + 1), `amina:dep:p${i}`));

      const seen: string[] = [];
      const pageSizes: number[] = [];
      let next: string | undefined;
      do {
        const page = await client.transfersToHouse({ minRound: startRound, limit: 3, next });
        pageSizes.push(page.transfers.length);
        seen.push(...page.transfers.map((t) => t.txId));
        next = page.next ?? undefined;
      } while (next);
      expect(pageSizes).toEqual([3, 3, 1]);
      expect(seen).toEqual(ids);
    });

    it('excludes the house genesis grants from deposits but lists them as outgoing', async () => {
      const incoming = await client.transfersToHouse({ limit: 1000 });
      expect(incoming.transfers.every((t) => t.receiver === config.houseAddress)).toBe(true);
      const outgoing = await client.transfersFromHouse({ limit: 1000 });
      expect(outgoing.transfers.filter((t) => t.round === 2n)).toHaveLength(4);
    });

    it('reports an unknown txid as unknown', async () => {
      await expect(client.lookupTransaction('A'.repeat(52))).resolves.toMatchObject({
        status: 'unknown',
        confirmedRound: null,
      });
    });
  });

  describe('withdrawals', () => {
    it('signs as the house and pays an opted-in player; retries are idempotent and the lease is single-shot', async () => {
      const player = wallet('player-2').addr.toString();
      const before = (await client.assetHolding(player)).amount;
      const lease = new Uint8Array(32).fill(77);
      const txn = await client.buildAssetTransfer({
        from: config.houseAddress,
        to: player,
        amount: 2n * AMINA,
        lease,
        note: text('amina:wd:1'),
        validRounds: 50,
      });
      const signed = client.signAsHouse(txn);
      const txId = await client.submit(signed);
      expect(txId).toBe(txn.txID());
      expect((await client.assetHolding(player)).amount).toBe(before + 2n * AMINA);
      await expect(client.submit(signed)).resolves.toBe(txId);

      const outgoing = await client.transfersFromHouse({ minRound: devnet.round(), limit: 10 });
      expect(outgoing.transfers.map((t) => [t.txId, t.houseAmount])).toEqual([[txId, 2n * AMINA]]);
      expect(outgoing.transfers[0].lease).toEqual(lease);

      const second = await client.buildAssetTransfer({ from: config.houseAddress, to: player, amount: 1n, lease });
      const error = await rejected(client.submit(client.signAsHouse(second)));
      expect(error).toBeInstanceOf(ChainRejectedError);
      expect((error as ChainRejectedError).reason).toBe('lease-conflict');
    });

    it('signs a house transfer to be stored before it is sent: its bytes, txid and last valid round, nothing broadcast', async () => {
      const player = wallet('player-1').addr.toString();
      const before = (await client.assetHolding(player)).amount;
      const round = devnet.round();
      const tx = await client.signHouseTransfer({
        to: player,
        amount: 1n,
        note: text('amina:wd:stored'),
        validRounds: 40,
      });
      const decoded = algosdk.decodeSignedTransaction(tx.signed).txn;
      expect(decoded.txID()).toBe(tx.txId);
      expect(decoded.sender.toString()).toBe(config.houseAddress);
      expect(tx.lastValid).toBe(decoded.lastValid);
      expect(tx.lastValid - BigInt(decoded.firstValid)).toBe(40n);
      await expect(client.lookupTransaction(tx.txId)).resolves.toMatchObject({ status: 'unknown' });
      expect(devnet.round()).toBe(round);
      // sent later, and again: one transfer
      await expect(client.submit(tx.signed)).resolves.toBe(tx.txId);
      await expect(client.submit(tx.signed)).resolves.toBe(tx.txId);
      expect((await client.assetHolding(player)).amount).toBe(before + 1n);
    });

    it('refuses a withdrawal to an account that has not opted in, clearly', async () => {
      const loner = wallet('player-no-optin').addr.toString();
      await expect(client.assertOptedIn(loner)).rejects.toThrow(NotOptedInError);
      await expect(client.assertOptedIn(wallet('player-1').addr.toString())).resolves.toBeUndefined();

      const txn = await client.buildAssetTransfer({ from: config.houseAddress, to: loner, amount: 1n });
      const error = await rejected(client.submit(client.signAsHouse(txn)));
      expect(error).toBeInstanceOf(ChainRejectedError);
      expect((error as ChainRejectedError).reason).toBe('receiver-not-opted-in');
      expect(error.message).toContain(`Receiver ${loner} is not opted in to asset ${config.assetId}`);
      expect((error as ChainRejectedError).algodMessage).toMatch(/receiver error: must optin/);
    });

    it("classifies an expired transaction as 'expired' (refused now; whether it landed earlier is finality()'s question)", async () => {
      const txn = await client.buildAssetTransfer({
        from: config.houseAddress,
        to: wallet('player-1').addr.toString(),
        amount: 1n,
        validRounds: 2,
      });
      devnet.advanceRounds(5);
      const error = await rejected(client.submit(client.signAsHouse(txn)));
      expect((error as ChainRejectedError).reason).toBe('expired');
    });

    it('signs only house transactions, and only with a mnemonic', async () => {
      const player = wallet('player-1').addr.toString();
      const notHouse = await client.buildAssetTransfer({ from: player, to: player, amount: 0n });
      expect(() => client.signAsHouse(notHouse)).toThrow(/only the house/);
      const house = await client.buildAssetTransfer({ from: config.houseAddress, to: player, amount: 1n });
      const readOnly = new AlgorandClient({ ...config, houseMnemonic: undefined });
      expect(() => readOnly.signAsHouse(house)).toThrow(ChainConfigError);
      const broken = new AlgorandClient({ ...config, houseMnemonic: 'not a mnemonic' });
      expect(() => broken.signAsHouse(house)).toThrow(/not a valid 25-word/);
    });

    it('never shows the mnemonic or tokens in JSON, inspect or errors', () => {
      const words = config.houseMnemonic as string;
      for (const shown of [JSON.stringify(client), inspect(client, { depth: 10, showHidden: true }), String(client)]) {
        expect(shown).not.toContain(words.split(' ').slice(0, 3).join(' '));
        expect(shown).not.toContain(devnet.token);
      }
      expect(JSON.parse(JSON.stringify(client))).toMatchObject({ network: 'devnet', canSign: true });
    });
  });

  describe('node failures', () => {
    async function houseTransfer(note: string): Promise<{ signed: Uint8Array; txId: string }> {
      const txn = await client.buildAssetTransfer({
        from: config.houseAddress,
        to: wallet('player-3').addr.toString(),
        amount: 1n,
        note: text(note),
      });
      return { signed: client.signAsHouse(txn), txId: txn.txID() };
    }

    it('treats a 5xx on submit as an unknown outcome', async () => {
      const { signed, txId } = await houseTransfer('503');
      devnet.faults.failSends = 503;
      const error = await rejected(client.submit(signed));
      expect(error).toBeInstanceOf(ChainUnavailableError);
      expect((error as ChainUnavailableError).httpStatus).toBe(503);
      // the node's own words are for the log (detail), never for the player (message)
      expect(error.message).toBe(
        'The Algorand node is not answering right now (submit transaction): try again in a moment',
      );
      expect((error as ChainUnavailableError).detail).toMatch(/^submit transaction failed: HTTP 503/);
      devnet.resetFaults();
      await expect(client.lookupTransaction(txId)).resolves.toMatchObject({ status: 'unknown' });
      await expect(client.submit(signed)).resolves.toBe(txId);
    });

    it('treats a dropped answer as an unknown outcome that a lookup or resend resolves', async () => {
      const { signed, txId } = await houseTransfer('drop');
      devnet.faults.acceptThenTimeout = true;
      await expect(client.submit(signed)).rejects.toThrow(ChainUnavailableError);
      devnet.resetFaults();
      await expect(client.lookupTransaction(txId)).resolves.toMatchObject({ status: 'confirmed' });
      await expect(client.submit(signed)).resolves.toBe(txId);
    });

    it("classifies a full pool as 'pool-full', which is not a refusal that means the bytes never land", async () => {
      const { signed } = await houseTransfer('full');
      devnet.faults.poolFull = 'refuse';
      const error = await rejected(client.submit(signed));
      expect((error as ChainRejectedError).reason).toBe('pool-full');
      expect(NEVER_LANDS.has('pool-full')).toBe(false);
      expect(NEVER_LANDS.has('expired')).toBe(false);
      expect(NEVER_LANDS.has('overspend')).toBe(true);
    });

    it('gives up on a hung node after requestTimeoutMs', async () => {
      const impatient = new AlgorandClient({ ...config, requestTimeoutMs: 300 });
      const { signed } = await houseTransfer('hang');
      devnet.faults.acceptThenTimeout = true;
      devnet.faults.hangMs = 5_000;
      const started = Date.now();
      const error = await rejected(impatient.submit(signed));
      expect(error).toBeInstanceOf(ChainUnavailableError);
      expect(Date.now() - started).toBeLessThan(3_000);
    });

    it("answers a refusal it does not recognise in its own words, keeping algod's text only as detail", () => {
      const error = rejectionFromAlgod('TransactionPool.Remember: internal node error at /var/lib/algorand 10.0.0.5');
      expect(error).toMatchObject({
        reason: 'rejected',
        message: 'The Algorand network refused the transaction',
        detail: 'algod: TransactionPool.Remember: internal node error at /var/lib/algorand 10.0.0.5',
      });
      expect(
        rejectionFromAlgod('overspend (account HZ57J3K46JIJXILONBBZOHX6BKPXEM2VVXNRFSUED6DKFD5ZD24PMJ3MVA, data {...})')
          .message,
      ).not.toContain('algod');
    });

    it('reads the genesis of the node it talks to (a boot check)', async () => {
      await expect(client.genesis()).resolves.toEqual({
        id: 'cosmic-devnet-v1',
        hash: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      });
    });

    it('reports a node that went away as unavailable on reads', async () => {
      devnet.faults.down = true;
      await expect(client.status()).rejects.toThrow(ChainUnavailableError);
      await expect(client.transfersToHouse({ limit: 1 })).rejects.toThrow(ChainUnavailableError);
      devnet.resetFaults();
      await expect(client.status()).resolves.toMatchObject({ network: 'devnet' });
    });
  });
  describe('finality: whether a transaction can still land', () => {
    async function houseTransfer(
      note: string,
      validRounds = 10,
    ): Promise<{ signed: Uint8Array; txId: string; lastValid: bigint }> {
      const txn = await client.buildAssetTransfer({
        from: config.houseAddress,
        to: wallet('player-3').addr.toString(),
        amount: 1n,
        note: text(note),
        validRounds,
      });
      return { signed: client.signAsHouse(txn), txId: txn.txID(), lastValid: txn.lastValid };
    }
    afterEach(() => devnet.resetFaults());

    it('reads the node status last-round', async () => {
      await expect(client.lastRound()).resolves.toBe(devnet.round());
    });

    it('pending while in the pool, confirmed once in a block, even for a load-balanced node that never saw it', async () => {
      const { signed, txId, lastValid } = await houseTransfer('pooled');
      devnet.faults.pool = true;
      await client.submit(signed);
      await expect(client.finality(txId, lastValid, 5n)).resolves.toMatchObject({ status: 'pending' });
      devnet.advanceRounds(30);
      devnet.faults.pendingBlind = true;
      await expect(client.finality(txId, lastValid, 5n)).resolves.toMatchObject({
        status: 'confirmed',
        confirmedRound: lastValid - 9n,
      });
    });

    it('unknown, never absent, while the indexer has not caught up to lastValid, however late the node is', async () => {
      const { signed, txId, lastValid } = await houseTransfer('lag');
      devnet.faults.indexerLagRounds = 100;
      devnet.faults.pendingBlind = true;
      await client.submit(signed);
      devnet.advanceRounds(50);
      const f = await client.finality(txId, lastValid, 5n);
      expect(f).toMatchObject({ status: 'unknown', nodeRound: devnet.round() });
      expect(f.indexerRound).toBeLessThan(lastValid);
      devnet.faults.indexerLagRounds = 0;
      await expect(client.finality(txId, lastValid, 5n)).resolves.toMatchObject({ status: 'confirmed' });
    });

    it('absent only past lastValid + margin by the node, with the indexer caught up and no record', async () => {
      const { txId, lastValid } = await houseTransfer('never sent');
      await expect(client.finality(txId, lastValid, 5n)).resolves.toMatchObject({ status: 'unknown' });
      devnet.advanceRounds(Number(lastValid - devnet.round()) + 5);
      await expect(client.finality(txId, lastValid, 5n)).resolves.toMatchObject({ status: 'unknown' }); // lastValid + 5: not past the margin
      devnet.advanceRounds(1);
      await expect(client.finality(txId, lastValid, 5n)).resolves.toMatchObject({ status: 'absent' });
      devnet.faults.indexerLagRounds = 10;
      await expect(client.finality(txId, lastValid, 5n)).resolves.toMatchObject({ status: 'unknown' });
    });

    it('throws ChainUnavailableError rather than guess when the node is away', async () => {
      const { txId, lastValid } = await houseTransfer('away');
      devnet.faults.down = true;
      await expect(client.finality(txId, lastValid, 5n)).rejects.toThrow(ChainUnavailableError);
    });
  });
});
