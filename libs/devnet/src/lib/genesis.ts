import { createHash } from 'node:crypto';
import * as algosdk from 'algosdk';
import { deriveAccount, fromMnemonic, type KeyPair } from './accounts';
import { Ledger } from './ledger';
import { MIN_BALANCE, MIN_FEE, type LedgerState, type WalletRecord } from './state';

/** Genesis id of the devnet; never mainnet's, so a mixed-up config fails loudly. */
export const DEVNET_GENESIS_ID = 'cosmic-devnet-v1';

/** Seed namespace the default accounts derive from. */
export const DEFAULT_SEED = 'cosmic-devnet-v1';

/** What the devnet mints at genesis. */
export const AMINA = {
  unitName: 'AMINA',
  name: 'AMINA',
  decimals: 8,
  /** 1,000 AMINA in base units. */
  total: 100_000_000_000n,
  url: 'cosmic-devnet://amina',
} as const;

const ALGO = 1_000_000n;
const PLAYER_COUNT = 4;
/** AMINA each opted-in demo player receives from the house at genesis (25 AMINA). */
export const PLAYER_AMINA = 2_500_000_000n;
/** ALGO each demo player starts with (100 ALGO). */
export const PLAYER_ALGO = 100n * ALGO;

/** Options that decide the genesis accounts. */
export interface GenesisOptions {
  seed?: string;
  houseMnemonic?: string;
  now?: () => number;
}

function wallet(label: string, keys: KeyPair, optedIn: boolean): WalletRecord {
  return { label, address: keys.address, mnemonic: keys.mnemonic, optedIn };
}

function sha256(text: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(text).digest());
}

/** Builds round 0 (ALGO allocations) and replays the setup blocks that mint and hand out AMINA. */
export function createGenesis(options: GenesisOptions = {}): LedgerState {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? Date.now;
  const house = options.houseMnemonic ? fromMnemonic(options.houseMnemonic) : deriveAccount(seed, 'house');
  const dispenser = deriveAccount(seed, 'dispenser');
  const players = Array.from({ length: PLAYER_COUNT }, (_, i) => deriveAccount(seed, `player-${i + 1}`));
  const loner = deriveAccount(seed, 'player-no-optin');
  // Nobody holds a key for the fee sink: its "public key" is just a hash.
  const feeSink = algosdk.encodeAddress(sha256(`${seed}/fee-sink`));

  const allocations: Array<[string, bigint]> = [
    [feeSink, MIN_BALANCE],
    [house.address, 1_000n * ALGO],
    [dispenser.address, 1_000_000n * ALGO],
    ...players.map((p): [string, bigint] => [p.address, PLAYER_ALGO]),
    [loner.address, PLAYER_ALGO],
  ];
  const state: LedgerState = {
    genesisId: DEVNET_GENESIS_ID,
    genesisHash: sha256(`${DEVNET_GENESIS_ID}/${seed}/genesis`),
    feeSink,
    round: 0n,
    txnCounter: 1_000n,
    blocks: [{ round: 0n, timestamp: Math.floor(now() / 1000), txnCount: 0 }],
    accounts: new Map(allocations.map(([address, amount]) => [address, { amount, holdings: new Map() }])),
    assets: new Map(),
    txns: [],
    txIndex: new Map(),
    leases: new Map(),
    assetId: 0n,
    house: wallet('house', house, true),
    dispenser: wallet('dispenser', dispenser, false),
    wallets: [...players.map((p, i) => wallet(`player-${i + 1}`, p, true)), wallet('player-no-optin', loner, false)],
  };

  const ledger = new Ledger(state, { now });
  const params = (): algosdk.SuggestedParams => ({
    fee: MIN_FEE,
    flatFee: true,
    minFee: MIN_FEE,
    firstValid: state.round + 1n,
    lastValid: state.round + 1_000n,
    genesisID: state.genesisId,
    genesisHash: state.genesisHash,
  });

  const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
    sender: house.address,
    total: AMINA.total,
    decimals: AMINA.decimals,
    defaultFrozen: false,
    unitName: AMINA.unitName,
    assetName: AMINA.name,
    assetURL: AMINA.url,
    manager: house.address,
    reserve: house.address,
    suggestedParams: params(),
  });
  ledger.submit(create.signTxn(house.secretKey));
  state.assetId = state.txns[0].createdAssetId as bigint;

  // One atomic group: every player opts in, then the house pays each of them.
  const optIns = players.map((p) =>
    algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: p.address,
      receiver: p.address,
      amount: 0n,
      assetIndex: state.assetId,
      suggestedParams: params(),
    }),
  );
  const grants = players.map((p) =>
    algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: house.address,
      receiver: p.address,
      amount: PLAYER_AMINA,
      assetIndex: state.assetId,
      note: new TextEncoder().encode('cosmic-devnet: genesis grant'),
      suggestedParams: params(),
    }),
  );
  const group = algosdk.assignGroupID([...optIns, ...grants]);
  const signed = group.map((txn, i) => txn.signTxn(i < PLAYER_COUNT ? players[i].secretKey : house.secretKey));
  ledger.submit(concat(signed));
  return state;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
