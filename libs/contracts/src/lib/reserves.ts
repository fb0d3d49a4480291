/** Where a snapshot's root and total were published: the house's self-transfer. */
export interface ReservesAnchor {
  /** The transaction whose note holds the root and total; null until it was sent. */
  txId: string | null;
  /** Its confirmed round, once known. */
  round: string | null;
  /** A block explorer's page for it (mainnet only). */
  explorerUrl: string | null;
}

/** One proof-of-reserves snapshot (GET /api/reserves/snapshots). Amounts are AMINA base units. */
export interface ReservesSnapshot {
  id: string;
  takenAt: string;
  /** The highest ledger entry the snapshot includes. */
  ledgerPosition: string;
  /** Merkle sum tree root, 64 hex. */
  rootHash: string;
  /** The root's sum: what the house owed players with AMINA, in base units. */
  liabilities: string;
  /** Number of players (leaves) in the tree. */
  leafCount: number;
  /** The house's AMINA holding read from the node, in base units. */
  reserves: string;
  /** The round the node answered for. */
  reservesRound: string;
  /** reserves ÷ liabilities with 4 decimals ("1.2500"); null when nothing is owed. */
  ratio: string | null;
  /** reserves ≥ liabilities. */
  covered: boolean;
  anchor: ReservesAnchor;
}

/** The latest snapshots, newest first, and where the reserves are held. */
export interface ReservesOverview {
  network: string;
  assetId: string;
  houseAddress: string;
  snapshots: ReservesSnapshot[];
}
