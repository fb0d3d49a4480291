/** What the Algorand client needs; built by the app from its validated configuration. */
export interface AlgorandClientConfig {
  algodUrl: string;
  algodToken: string;
  indexerUrl: string;
  indexerToken: string;
  /** AMINA's asset id on this network. */
  assetId: bigint;
  /** Decimals configuration expects (8 for AMINA); checked against the chain at boot. */
  assetDecimals: number;
  /** Unit name configuration expects ('AMINA'); checked against the chain at boot. */
  assetUnit: string;
  /** Display name of the network (e.g. 'mainnet', 'devnet'). */
  network: string;
  houseAddress: string;
  /** Secret: only signAsHouse uses it; never logged or serialised. */
  houseMnemonic?: string;
  /** Per-request timeout in ms (default 10000), so a hung node cannot hang a request. */
  requestTimeoutMs?: number;
}

/** Nest injection token for AlgorandClientConfig. */
export const ALGORAND_CLIENT_CONFIG = Symbol('ALGORAND_CLIENT_CONFIG');
