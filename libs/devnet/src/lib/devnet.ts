import type { Server } from 'node:http';
import { adminRoutes } from './admin-api';
import { algodRoutes } from './algod-api';
import { noFaults, type DevnetFaults } from './faults';
import { AMINA, createGenesis } from './genesis';
import { createApiServer, listen, shutdown } from './http-server';
import { indexerRoutes } from './indexer-api';
import { Ledger } from './ledger';
import type { LedgerState } from './state';
import { loadState, saveState } from './store';

/** Options of startDevnet; every field has a default. */
export interface DevnetOptions {
  /** Interface to bind; keep it on loopback. Default 127.0.0.1. */
  host?: string;
  /** algod port, 0 for an ephemeral one. Default 4001. */
  algodPort?: number;
  /** indexer port, 0 for an ephemeral one. Default 8980. */
  indexerPort?: number;
  /** API token for both servers ('' disables the check). Default 64 × 'a'. */
  token?: string;
  /** Directory for the persisted state; without it the chain lives in memory only. */
  dataDir?: string;
  /** Namespace the genesis accounts derive from (default 'cosmic-devnet-v1'). */
  seed?: string;
  /** Use this mnemonic for the house account instead of the derived one. */
  houseMnemonic?: string;
  /** How long wait-for-block-after waits for a new block before answering. Default 2000 ms. */
  waitTimeoutMs?: number;
  /** Log sink; default silent. */
  log?: (line: string) => void;
  /** Clock in ms, for tests. */
  now?: () => number;
}

/** A demo wallet: address, mnemonic, label, and whether it is opted in to AMINA. */
export interface DevnetWallet {
  label: string;
  address: string;
  mnemonic: string;
  optedIn: boolean;
}

/** Facts about the running devnet that configuration and tests need. */
export interface DevnetInfo {
  genesisId: string;
  /** base64 */
  genesisHash: string;
  assetId: bigint;
  assetDecimals: number;
  assetUnitName: string;
  assetName: string;
  assetTotal: bigint;
  house: { address: string; mnemonic: string };
  /** A rich account for tests that need to fund fresh accounts. */
  dispenser: { address: string; mnemonic: string };
  feeSink: string;
  round: bigint;
  algodUrl: string;
  indexerUrl: string;
  token: string;
}

/** A running devnet. */
export interface Devnet {
  readonly host: string;
  readonly algodPort: number;
  readonly indexerPort: number;
  /** e.g. http://127.0.0.1:4001 */
  readonly algodUrl: string;
  readonly indexerUrl: string;
  readonly token: string;
  /** Live fault switches; set fields directly (see DevnetFaults). */
  readonly faults: DevnetFaults;
  /** The ledger itself, for white-box tests. */
  readonly ledger: Ledger;
  info(): DevnetInfo;
  wallets(): DevnetWallet[];
  /** Latest round. */
  round(): bigint;
  /** Makes `count` empty blocks; returns the new round. */
  advanceRounds(count: number): bigint;
  /** Turns every fault off. */
  resetFaults(): void;
  close(): Promise<void>;
}

/** Default token of both servers (the sandbox's well-known value). */
export const DEFAULT_TOKEN = 'a'.repeat(64);

function openState(options: DevnetOptions): LedgerState {
  const saved = options.dataDir ? loadState(options.dataDir) : null;
  if (saved) return saved;
  const state = createGenesis({ seed: options.seed, houseMnemonic: options.houseMnemonic, now: options.now });
  if (options.dataDir) saveState(options.dataDir, state);
  return state;
}

/** Starts algod- and indexer-compatible servers over one in-process ledger. */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? DEFAULT_TOKEN;
  const log = options.log ?? (() => undefined);
  const { dataDir } = options;
  const faults = noFaults();
  const state = openState(options);
  const ledger = new Ledger(state, {
    now: options.now,
    onBlock: dataDir ? (s) => saveState(dataDir, s) : undefined,
  });

  let algodPort = 0;
  let indexerPort = 0;
  const url = (port: number): string => `http://${host}:${port}`;
  const info = (): DevnetInfo => ({
    genesisId: state.genesisId,
    genesisHash: Buffer.from(state.genesisHash).toString('base64'),
    assetId: state.assetId,
    assetDecimals: AMINA.decimals,
    assetUnitName: AMINA.unitName,
    assetName: AMINA.name,
    assetTotal: AMINA.total,
    house: { address: state.house.address, mnemonic: state.house.mnemonic },
    dispenser: { address: state.dispenser.address, mnemonic: state.dispenser.mnemonic },
    feeSink: state.feeSink,
    round: ledger.round,
    algodUrl: url(algodPort),
    indexerUrl: url(indexerPort),
    token,
  });
  const wallets = (): DevnetWallet[] => state.wallets.map((w) => ({ ...w }));
  const advanceRounds = (count: number): bigint => ledger.advanceRounds(count);

  const isDown = (): boolean => faults.down;
  const algod: Server = createApiServer({
    name: 'algod',
    tokenHeader: 'X-Algo-API-Token',
    token,
    isDown,
    log,
    routes: [
      ...algodRoutes({ ledger, faults, waitTimeoutMs: options.waitTimeoutMs ?? 2000, log }),
      ...adminRoutes({ faults, advanceRounds, describe: () => ({ ...info(), wallets: wallets() }) }),
    ],
  });
  const indexer: Server = createApiServer({
    name: 'indexer',
    tokenHeader: 'X-Indexer-API-Token',
    token,
    isDown,
    log,
    routes: indexerRoutes(ledger, faults),
  });

  try {
    algodPort = await listen(algod, options.algodPort ?? 4001, host);
    indexerPort = await listen(indexer, options.indexerPort ?? 8980, host);
  } catch (error) {
    await Promise.all([shutdown(algod), shutdown(indexer)]);
    throw error;
  }
  log(`devnet: algod ${url(algodPort)}, indexer ${url(indexerPort)}, round ${ledger.round}`);

  let closed: Promise<void> | undefined;
  return {
    host,
    algodPort,
    indexerPort,
    algodUrl: url(algodPort),
    indexerUrl: url(indexerPort),
    token,
    faults,
    ledger,
    info,
    wallets,
    round: () => ledger.round,
    advanceRounds,
    resetFaults: () => Object.assign(faults, noFaults()),
    close() {
      closed ??= (async () => {
        ledger.releaseWaiters();
        await Promise.all([shutdown(algod), shutdown(indexer)]);
      })();
      return closed;
    },
  };
}
