import { inspect } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import { parseAddress } from '@cosmic/algorand';
import * as algosdk from 'algosdk';
import { InvalidInputError } from '../common/domain-error';
import { algodClient, indexerClient } from './chain-clients';
import { ALGORAND_CLIENT_CONFIG, type AlgorandClientConfig } from './chain.config';
import { ChainConfigError, NotOptedInError, rejectionFromAlgod } from './chain.errors';
import type {
  AlgoBalance,
  AssetHolding,
  AssetTransfer,
  AssetTransferRequest,
  ChainAsset,
  ChainStatus,
  IndexedTransaction,
  SignedHouseTransfer,
  TransferPage,
  TransferPageRequest,
  TxnFinality,
  TxnLookup,
} from './chain.types';
import { callNode, requestNode } from './node-call';

const MAX_UINT64 = (1n << 64n) - 1n;

/**
 * The API's only door to Algorand, an HTTP client of algod and the indexer (the only WebSocket
 * gateway in the API is poker's): algosdk's Algodv2 and Indexer clients, so the same code
 * runs against the in-repo devnet and a real node. Read methods throw ChainUnavailableError
 * when the node cannot answer; submit() separates "definitely refused" (ChainRejectedError)
 * from "outcome unknown" (ChainUnavailableError).
 */
@Injectable()
export class AlgorandClient {
  private readonly algod: algosdk.Algodv2;
  private readonly indexer: algosdk.Indexer;
  private readonly timeoutMs: number;
  private readonly assetId: bigint;
  private readonly houseAddress: string;
  private readonly settings: Readonly<Omit<AlgorandClientConfig, 'houseMnemonic' | 'algodToken' | 'indexerToken'>>;
  // Private fields: invisible to JSON.stringify, util.inspect and spread.
  readonly #houseMnemonic: string | undefined;
  #houseKey: algosdk.Account | undefined;

  constructor(@Inject(ALGORAND_CLIENT_CONFIG) config: AlgorandClientConfig) {
    const { houseMnemonic, algodToken, indexerToken, ...settings } = config;
    this.settings = Object.freeze({ ...settings });
    this.#houseMnemonic = houseMnemonic;
    this.algod = algodClient(config.algodUrl, algodToken);
    this.indexer = indexerClient(config.indexerUrl, indexerToken);
    this.timeoutMs = config.requestTimeoutMs ?? 10_000;
    this.assetId = config.assetId;
    this.houseAddress = config.houseAddress;
    // The clients hold the API tokens; keep them out of logs and serialisation too.
    Object.defineProperty(this, 'algod', { enumerable: false });
    Object.defineProperty(this, 'indexer', { enumerable: false });
  }

  /** The house account's address. */
  get house(): string {
    return this.houseAddress;
  }

  /** AMINA's asset id on this network. */
  get asset(): bigint {
    return this.assetId;
  }

  /** Reads the asset at boot and throws ChainConfigError naming the setting that disagrees. */
  async checkAsset(): Promise<ChainAsset> {
    const { network, algodUrl, assetDecimals, assetUnit } = this.settings;
    const result = await callNode(
      'read asset',
      this.timeoutMs,
      (o) => this.algod.getAssetByID(this.assetId).do(undefined, o),
      [404],
    );
    if (!result.ok) {
      throw new ChainConfigError('assetId', `Asset ${this.assetId} does not exist on ${network} (algod ${algodUrl})`);
    }
    const params = result.value.params;
    const asset: ChainAsset = {
      id: this.assetId,
      decimals: Number(params?.decimals ?? 0),
      unitName: params?.unitName ?? '',
      name: params?.name ?? '',
      total: params?.total ?? 0n,
      creator: params?.creator ?? '',
    };
    if (asset.decimals !== assetDecimals) {
      throw new ChainConfigError(
        'assetDecimals',
        `Asset ${this.assetId} on ${network} has ${asset.decimals} decimals but assetDecimals is configured as ${assetDecimals}`,
      );
    }
    if (asset.unitName !== assetUnit) {
      throw new ChainConfigError(
        'assetUnit',
        `Asset ${this.assetId} on ${network} has unit name "${asset.unitName}" but assetUnit is configured as "${assetUnit}"`,
      );
    }
    return asset;
  }

  /** Boot check: the house mnemonic controls the house address (directly or as its auth-addr). */
  async checkHouseKey(): Promise<void> {
    const key = this.houseKey();
    const signer = key.addr.toString();
    if (signer === this.houseAddress) return;
    const { authAddr } = await this.algoBalance(this.houseAddress);
    if (authAddr !== signer) {
      throw new ChainConfigError(
        'houseMnemonic',
        `HOUSE_MNEMONIC does not control the house address ${this.houseAddress}`,
      );
    }
  }

  /** Whether `address` is opted in to the asset, and how much it holds. */
  async assetHolding(address: string): Promise<AssetHolding> {
    checkAddress(address, 'address');
    const result = await callNode(
      'read asset holding',
      this.timeoutMs,
      (o) => this.algod.accountAssetInformation(address, this.assetId).do(undefined, o),
      [404],
    );
    if (!result.ok) return { optedIn: false, amount: 0n, frozen: false };
    const holding = result.value.assetHolding;
    return { optedIn: holding !== undefined, amount: holding?.amount ?? 0n, frozen: holding?.isFrozen ?? false };
  }

  /**
   * The house's AMINA holding and the round the node read it at (proof of reserves: what the house
   * holds comes from the chain, never from the database). A house not opted in holds 0.
   */
  async houseHoldingAtRound(): Promise<{ amount: bigint; round: bigint }> {
    const result = await callNode(
      'read the house holding',
      this.timeoutMs,
      (o) => this.algod.accountAssetInformation(this.houseAddress, this.assetId).do(undefined, o),
      [404],
    );
    if (!result.ok) return { amount: 0n, round: await this.lastRound() };
    return { amount: result.value.assetHolding?.amount ?? 0n, round: BigInt(result.value.round) };
  }

  /** Throws NotOptedInError unless `address` can receive the asset. */
  async assertOptedIn(address: string): Promise<void> {
    if (!(await this.assetHolding(address)).optedIn) throw new NotOptedInError(address, this.assetId);
  }

  /** ALGO balance, minimum balance and auth-addr of an account. */
  async algoBalance(address: string): Promise<AlgoBalance> {
    checkAddress(address, 'address');
    const account = await requestNode('read account', this.timeoutMs, (o) =>
      this.algod.accountInformation(address).exclude('all').do(undefined, o),
    );
    return { amount: account.amount, minBalance: account.minBalance, authAddr: account.authAddr?.toString() ?? null };
  }

  /** Suggested params from algod (fee, validity window, genesis). */
  async suggestedParams(): Promise<algosdk.SuggestedParams> {
    return requestNode('read suggested params', this.timeoutMs, (o) =>
      this.algod.getTransactionParams().do(undefined, o),
    );
  }

  /** Builds an unsigned transfer of the configured asset. */
  async buildAssetTransfer(request: AssetTransferRequest): Promise<algosdk.Transaction> {
    const { from, to, amount, note, lease, validRounds } = request;
    checkAddress(from, 'from');
    checkAddress(to, 'to');
    if (typeof amount !== 'bigint' || amount < 0n || amount > MAX_UINT64) {
      throw new InvalidInputError('amount must be a bigint between 0 and 2^64-1 base units');
    }
    if (note && note.length > 1024) throw new InvalidInputError('note must be at most 1024 bytes');
    if (lease && lease.length !== 32) throw new InvalidInputError('lease must be exactly 32 bytes');
    if (validRounds !== undefined && (!Number.isInteger(validRounds) || validRounds < 1 || validRounds > 1000)) {
      throw new InvalidInputError('validRounds must be an integer from 1 to 1000');
    }
    const params = { ...(request.params ?? (await this.suggestedParams())) };
    if (validRounds !== undefined) params.lastValid = BigInt(params.firstValid) + BigInt(validRounds);
    return algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: from,
      receiver: to,
      amount,
      assetIndex: this.assetId,
      note,
      lease,
      suggestedParams: params,
    });
  }

  /** Base64 msgpack of an unsigned transaction, for a wallet to sign. */
  encodeUnsigned(txn: algosdk.Transaction): string {
    return algosdk.bytesToBase64(algosdk.encodeUnsignedTransaction(txn));
  }

  /** Signs a transaction sent by the house with HOUSE_MNEMONIC; refuses any other sender. */
  signAsHouse(txn: algosdk.Transaction): Uint8Array {
    const sender = txn.sender.toString();
    if (sender !== this.houseAddress) {
      throw new Error(
        `signAsHouse refuses a transaction from ${sender}: only the house ${this.houseAddress} signs here`,
      );
    }
    return txn.signTxn(this.houseKey().sk);
  }

  /**
   * Builds and signs a transfer from the house, and sends nothing: the caller stores the bytes,
   * txid and last valid round before the first broadcast, then submits them, and resends the same
   * bytes (a duplicate is answered as sent) until finality() says they landed or never can.
   */
  async signHouseTransfer(request: Omit<AssetTransferRequest, 'from'>): Promise<SignedHouseTransfer> {
    const txn = await this.buildAssetTransfer({ ...request, from: this.houseAddress });
    return { signed: Buffer.from(this.signAsHouse(txn)), txId: txn.txID(), lastValid: BigInt(txn.lastValid) };
  }

  /**
   * Broadcasts signed bytes (one transaction, or a group as an array) and returns the first txid.
   * Resending bytes that are already on chain succeeds, so retries are safe. Throws
   * ChainRejectedError when algod refuses (not on chain), ChainUnavailableError when unsure.
   */
  async submit(signed: Uint8Array | Uint8Array[]): Promise<string> {
    const first = Array.isArray(signed) ? signed[0] : signed;
    if (!first || first.length === 0) throw new InvalidInputError('signed transaction is empty');
    let txId: string;
    try {
      txId = algosdk.decodeSignedTransaction(first).txn.txID();
    } catch (error) {
      throw new InvalidInputError(`signed transaction is not valid msgpack: ${(error as Error).message}`);
    }
    const result = await callNode(
      'submit transaction',
      this.timeoutMs,
      (o) => this.algod.sendRawTransaction(signed).do(undefined, o),
      [400],
    );
    if (result.ok) return result.value.txid;
    if (/transaction already in (ledger|pool)/.test(result.error.message)) return txId;
    throw rejectionFromAlgod(result.error.message);
  }

  /** Where a transaction stands: algod's pending pool first, then the indexer. */
  async lookupTransaction(txId: string): Promise<TxnLookup> {
    if (!/^[A-Z2-7]{52}$/.test(txId)) throw new InvalidInputError('txId must be a 52-character transaction id');
    const pending = await callNode(
      'look up pending transaction',
      this.timeoutMs,
      (o) => this.algod.pendingTransactionInformation(txId).do(undefined, o),
      [404],
    );
    if (pending.ok) {
      const { confirmedRound, poolError } = pending.value;
      if (confirmedRound !== undefined && confirmedRound > 0n) {
        return { txId, status: 'confirmed', confirmedRound, poolError: null };
      }
      if (poolError) return { txId, status: 'rejected', confirmedRound: null, poolError };
      return { txId, status: 'pending', confirmedRound: null, poolError: null };
    }
    // algod forgets confirmed transactions after a while; the indexer does not.
    const indexed = await callNode(
      'look up transaction in indexer',
      this.timeoutMs,
      (o) => this.indexer.lookupTransactionByID(txId).do(undefined, o),
      [404],
    );
    if (indexed.ok) {
      return {
        txId,
        status: 'confirmed',
        confirmedRound: indexed.value.transaction.confirmedRound ?? null,
        poolError: null,
      };
    }
    return { txId, status: 'unknown', confirmedRound: null, poolError: null };
  }

  /** algod's `last-round` from GET /v2/status: the node's own clock for validity windows. */
  async lastRound(): Promise<bigint> {
    const status = await requestNode('read node status', this.timeoutMs, (o) => this.algod.status().do(undefined, o));
    return BigInt(status.lastRound);
  }

  /**
   * Whether a transaction valid through `lastValid` can still land (see TxnFinality). `absent` is
   * answered only when the node's last-round is past lastValid + `marginRounds` (so no block can
   * take it any more), the node's pool does not hold it, and the indexer, whose current-round is
   * at least lastValid, finds no such txid: asked in that order, so a late confirmation cannot
   * slip between the questions. Throws ChainUnavailableError when the node or indexer cannot answer.
   */
  async finality(txId: string, lastValid: bigint, marginRounds: bigint): Promise<TxnFinality> {
    if (!/^[A-Z2-7]{52}$/.test(txId)) throw new InvalidInputError('txId must be a 52-character transaction id');
    const nodeRound = await this.lastRound();
    const pending = await callNode(
      'look up pending transaction',
      this.timeoutMs,
      (o) => this.algod.pendingTransactionInformation(txId).do(undefined, o),
      [404],
    );
    if (pending.ok) {
      const { confirmedRound, poolError } = pending.value;
      if (confirmedRound !== undefined && confirmedRound > 0n)
        return { txId, status: 'confirmed', confirmedRound, nodeRound, indexerRound: null };
      // in the pool it may still land (a pool error means the pool kicked it out)
      if (!poolError) return { txId, status: 'pending', confirmedRound: null, nodeRound, indexerRound: null };
    }
    const page = await requestNode('search the indexer for a transaction', this.timeoutMs, (o) =>
      this.indexer.searchForTransactions().txid(txId).do(undefined, o),
    );
    const indexerRound = BigInt(page.currentRound);
    const found = page.transactions.find((t) => t.id === txId);
    if (found)
      return { txId, status: 'confirmed', confirmedRound: found.confirmedRound ?? null, nodeRound, indexerRound };
    const final = nodeRound > lastValid + marginRounds && indexerRound >= lastValid;
    return { txId, status: final ? 'absent' : 'unknown', confirmedRound: null, nodeRound, indexerRound };
  }

  /** Asset transfers into the house (deposits), oldest first. */
  transfersToHouse(request: TransferPageRequest): Promise<TransferPage> {
    return this.transferPage('receiver', request);
  }

  /**
   * One confirmed asset transfer into the house, looked up by its txid on the indexer (no scan):
   * null while the indexer does not know it, or when it moves no AMINA into the house.
   */
  async transferToHouse(txId: string): Promise<AssetTransfer | null> {
    if (!/^[A-Z2-7]{52}$/.test(txId)) throw new InvalidInputError('txId must be a 52-character transaction id');
    const found = await callNode(
      'look up a deposit in the indexer',
      this.timeoutMs,
      (o) => this.indexer.lookupTransactionByID(txId).do(undefined, o),
      [404],
    );
    if (!found.ok) return null;
    const txn = found.value.transaction;
    if (txn.assetTransferTransaction?.assetId !== this.assetId || !txn.confirmedRound) return null;
    const t = this.toTransfer(txn, 'receiver');
    return t && t.houseAmount > 0n && t.sender !== this.houseAddress ? t : null;
  }

  /**
   * One confirmed transaction as the indexer has it (sender, round, note): null while the indexer
   * does not know it. What a bet receipt is checked against.
   */
  async indexedTransaction(txId: string): Promise<IndexedTransaction | null> {
    if (!/^[A-Z2-7]{52}$/.test(txId)) throw new InvalidInputError('txId must be a 52-character transaction id');
    const found = await callNode(
      'look up a transaction in the indexer',
      this.timeoutMs,
      (o) => this.indexer.lookupTransactionByID(txId).do(undefined, o),
      [404],
    );
    if (!found.ok || !found.value.transaction.confirmedRound) return null;
    const txn = found.value.transaction;
    return {
      txId,
      sender: txn.sender,
      round: txn.confirmedRound!,
      roundTime: txn.roundTime ?? 0,
      note: txn.note ?? new Uint8Array(),
    };
  }

  /** Asset transfers out of the house (withdrawals and anything else), oldest first. */
  transfersFromHouse(request: TransferPageRequest): Promise<TransferPage> {
    return this.transferPage('sender', request);
  }

  /** The node's genesis id and hash (base64): which network it serves (a boot check). */
  async genesis(): Promise<{ id: string; hash: string }> {
    const params = await this.suggestedParams();
    return { id: params.genesisID ?? '', hash: params.genesisHash ? algosdk.bytesToBase64(params.genesisHash) : '' };
  }

  /** Round, network and genesis id, for /api/health. */
  async status(): Promise<ChainStatus> {
    const params = await this.suggestedParams();
    return { round: BigInt(params.firstValid), network: this.settings.network, genesisId: params.genesisID ?? '' };
  }

  /** What logs and JSON may show: never the mnemonic or the API tokens. */
  toJSON(): Record<string, unknown> {
    const { network, algodUrl, indexerUrl, houseAddress } = this.settings;
    return {
      network,
      algodUrl,
      indexerUrl,
      assetId: this.assetId.toString(),
      houseAddress,
      canSign: this.#houseMnemonic !== undefined,
    };
  }

  [inspect.custom](): string {
    return `AlgorandClient ${JSON.stringify(this.toJSON())}`;
  }

  private houseKey(): algosdk.Account {
    if (this.#houseKey) return this.#houseKey;
    if (!this.#houseMnemonic) {
      throw new ChainConfigError('houseMnemonic', 'HOUSE_MNEMONIC is not configured, so the house cannot sign');
    }
    try {
      this.#houseKey = algosdk.mnemonicToSecretKey(this.#houseMnemonic);
    } catch {
      // Never echo the words.
      throw new ChainConfigError('houseMnemonic', 'HOUSE_MNEMONIC is not a valid 25-word Algorand mnemonic');
    }
    return this.#houseKey;
  }

  private async transferPage(role: 'sender' | 'receiver', request: TransferPageRequest): Promise<TransferPage> {
    const { minRound, next, limit } = request;
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
      throw new InvalidInputError('limit must be from 1 to 10000');
    const query = this.indexer
      .searchForTransactions()
      .address(this.houseAddress)
      .addressRole(role)
      .assetID(this.assetId)
      .txType('axfer')
      .limit(limit);
    if (minRound !== undefined) query.minRound(minRound);
    if (next) query.nextToken(next);
    const what = `search ${role === 'receiver' ? 'deposits' : 'outgoing transfers'}`;
    const page = await requestNode(what, this.timeoutMs, (o) => query.do(undefined, o));
    const transfers = page.transactions
      .map((txn) => this.toTransfer(txn, role))
      // The house's own opt-in and other self-transfers move nothing.
      .filter(
        (t): t is AssetTransfer => t !== null && !(t.sender === this.houseAddress && t.receiver === this.houseAddress),
      );
    return {
      transfers,
      next: page.transactions.length === limit && page.nextToken ? page.nextToken : null,
      currentRound: BigInt(page.currentRound),
    };
  }

  private toTransfer(txn: algosdk.indexerModels.Transaction, role: 'sender' | 'receiver'): AssetTransfer | null {
    const xfer = txn.assetTransferTransaction;
    if (!xfer || !txn.id) return null;
    const closeTo = xfer.closeTo ?? null;
    const closeAmount = xfer.closeAmount ?? 0n;
    const house = this.houseAddress;
    const houseAmount =
      role === 'receiver'
        ? (xfer.receiver === house ? xfer.amount : 0n) + (closeTo === house ? closeAmount : 0n)
        : xfer.amount + (closeTo ? closeAmount : 0n);
    return {
      txId: txn.id,
      sender: txn.sender,
      receiver: xfer.receiver,
      amount: xfer.amount,
      closeTo,
      closeAmount,
      houseAmount,
      round: txn.confirmedRound ?? 0n,
      intraRoundOffset: txn.intraRoundOffset ?? 0,
      roundTime: txn.roundTime ?? 0,
      note: txn.note ?? new Uint8Array(),
      lease: txn.lease ?? null,
      group: txn.group ? algosdk.bytesToBase64(txn.group) : null,
    };
  }
}

function checkAddress(address: string, field: string): void {
  const parsed = parseAddress(address);
  if (!parsed.ok) throw new InvalidInputError(`${field}: ${parsed.message}`);
}
