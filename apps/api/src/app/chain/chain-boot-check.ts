import { ChainConfigError, ChainUnavailableError } from './chain.errors';
import type { ChainAsset } from './chain.types';

/** Genesis of the public Algorand networks (from each network's genesis.json). */
export const PUBLIC_NETWORKS: Readonly<Record<string, { genesisId: string; genesisHash?: string }>> = {
  mainnet: { genesisId: 'mainnet-v1.0', genesisHash: 'wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=' },
  testnet: { genesisId: 'testnet-v1.0', genesisHash: 'SGO1GKSzyE7IEPItTxCByw9x8FmnrCDexi9/cOUJOiI=' },
  betanet: { genesisId: 'betanet-v1.0' },
};

/** The environment variable behind each checked setting, so a refusal names what to change. */
const VARIABLE: Record<string, string> = {
  network: 'ALGORAND_NETWORK',
  assetId: 'AMINA_ASSET_ID',
  assetDecimals: 'AMINA_DECIMALS',
  assetUnit: 'AMINA_UNIT',
  houseMnemonic: 'HOUSE_MNEMONIC',
};

/** What the boot checks need from the Algorand client. */
export interface BootCheckedChain {
  genesis(): Promise<{ id: string; hash: string }>;
  checkAsset(): Promise<ChainAsset>;
  checkHouseKey(): Promise<void>;
}

/** Holds what the boot checks found, for the security dashboard's domain report. */
export class ChainBootState {
  report: ChainBootReport | null = null;
}

/** What the boot checks found (shown by the security dashboard's domain report). */
export interface ChainBootReport {
  network: string;
  genesisId: string;
  asset: { id: string; decimals: number; unit: string };
  /** 'verified': HOUSE_MNEMONIC signs for HOUSE_ADDRESS; 'watch-only': no mnemonic configured. */
  houseKey: 'verified' | 'watch-only';
  attempts: number;
  checkedAt: string;
}

export interface BootCheckOptions {
  network: string;
  canSign: boolean;
  /** Told about each attempt the node did not answer. */
  onRetry?: (attempt: number, delayMs: number, error: Error) => void;
  /** Waits between attempts (tests pass a fake). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}

/** Refuses a node that serves another network than ALGORAND_NETWORK says. */
export function checkGenesis(network: string, genesis: { id: string; hash: string }): void {
  const expected = PUBLIC_NETWORKS[network];
  if (expected) {
    if (genesis.id !== expected.genesisId || (expected.genesisHash && genesis.hash !== expected.genesisHash)) {
      throw new ChainConfigError(
        'network',
        `ALGORAND_NETWORK is ${network} but the node at ALGOD_URL serves genesis "${genesis.id}" (${network} is ${expected.genesisId})`,
      );
    }
    return;
  }
  const actual = Object.entries(PUBLIC_NETWORKS).find(
    ([, g]) => g.genesisId === genesis.id || (g.genesisHash !== undefined && g.genesisHash === genesis.hash),
  );
  if (actual)
    throw new ChainConfigError(
      'network',
      `ALGORAND_NETWORK is ${network} but the node at ALGOD_URL serves ${actual[0]} (genesis "${genesis.id}")`,
    );
}

/**
 * The chain checks the API must pass before it serves anyone: the node's genesis matches
 * ALGORAND_NETWORK, AMINA has the configured id, decimals and unit, and HOUSE_MNEMONIC signs for
 * HOUSE_ADDRESS. A node that does not answer is asked again (1 s, doubling to 30 s) until it
 * does: skipping would let a wrong network or decimals move real money. A disagreement throws
 * ChainConfigError naming the variable.
 */
export async function checkChainAtBoot(chain: BootCheckedChain, opts: BootCheckOptions): Promise<ChainBootReport> {
  const sleep = opts.sleep ?? abortableSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      const genesis = await chain.genesis();
      checkGenesis(opts.network, genesis);
      const asset = await chain.checkAsset();
      if (opts.canSign) await chain.checkHouseKey();
      return {
        network: opts.network,
        genesisId: genesis.id,
        asset: { id: String(asset.id), decimals: asset.decimals, unit: asset.unitName },
        houseKey: opts.canSign ? 'verified' : 'watch-only',
        attempts: attempt,
        checkedAt: new Date().toISOString(),
      };
    } catch (e) {
      if (e instanceof ChainConfigError) throw withVariable(e);
      if (!(e instanceof ChainUnavailableError)) throw e;
      if (opts.signal?.aborted) throw e;
      const delay = Math.min(30_000, 1000 * 2 ** Math.min(attempt - 1, 5));
      opts.onRetry?.(attempt, delay, e);
      await sleep(delay, opts.signal);
    }
  }
}

function withVariable(e: ChainConfigError): ChainConfigError {
  const variable = VARIABLE[e.field] ?? e.field;
  return e.message.startsWith(variable) ? e : new ChainConfigError(e.field, `${variable}: ${e.message}`);
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
