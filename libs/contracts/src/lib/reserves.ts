import { Type, type Static, type TString } from '@sinclair/typebox';
import type { ReservesProofJson } from '@cosmic/game-engine';
import type { SameType } from './same-type';

// Proof of reserves over HTTP (GET/POST /api/reserves/*): each answer's schema is what
// fast-json-stringify writes (only these fields are sent) and the OpenAPI answer. Amounts are
// AMINA base units as decimal strings; ids are strings (they may pass 2^53).

const nullable = <T extends TString>(schema: T) => Type.Union([schema, Type.Null()]);

const snapshotId = (field: string, description: string, blankAllowed = false) =>
  Type.String({
    pattern: blankAllowed ? '^([1-9][0-9]{0,17})?$' : '^[1-9][0-9]{0,17}$',
    description,
    errorMessage: `${field} must be a snapshot id (a positive integer)`,
  });

/** GET /api/reserves/snapshots/{id}'s path parameter. */
export const ReservesSnapshotParamsSchema = Type.Object(
  { id: snapshotId('id', 'the snapshot id') },
  { additionalProperties: false },
);
/** GET /api/reserves/snapshots/{id}'s path parameter. */
export type ReservesSnapshotParams = Static<typeof ReservesSnapshotParamsSchema>;

/** GET /api/reserves/proof query: the snapshot (the newest when absent or blank); a string, as ids may pass 2^53. */
export const ReservesProofQuerySchema = Type.Object({
  snapshot: Type.Optional(snapshotId('snapshot', 'the snapshot id (default: the newest)', true)),
});
/** GET /api/reserves/proof query. */
export type ReservesProofQuery = Static<typeof ReservesProofQuerySchema>;

/** Where a snapshot's root and total were published: the house's self-transfer. */
export const ReservesAnchorSchema = Type.Object({
  /** The transaction whose note holds the root and total; null until it was sent. */
  txId: nullable(Type.String()),
  /** Its confirmed round, once known. */
  round: nullable(Type.String()),
  /** A block explorer's page for it (mainnet only). */
  explorerUrl: nullable(Type.String()),
});
/** Where a snapshot's root and total were published. */
export type ReservesAnchor = Static<typeof ReservesAnchorSchema>;

/** One proof-of-reserves snapshot (GET /api/reserves/snapshots/{id}, POST /api/reserves/snapshots). Amounts are AMINA base units. */
export const ReservesSnapshotSchema = Type.Object({
  id: Type.String(),
  takenAt: Type.String(),
  /** The highest ledger entry the snapshot includes. */
  ledgerPosition: Type.String(),
  /** Merkle sum tree root, 64 hex. */
  rootHash: Type.String(),
  /** The root's sum: what the house owed players with AMINA, in base units. */
  liabilities: Type.String(),
  /** Leaves in the tree: 8 random shares per player, padded to a power of two of at least 256 (a bound on the players, not their number). */
  leafCount: Type.Number(),
  /** The house's AMINA holding read from the node, in base units. */
  reserves: Type.String(),
  /** The round the node answered for. */
  reservesRound: Type.String(),
  /** reserves ÷ liabilities with 4 decimals ("1.2500"); null when nothing is owed. */
  ratio: nullable(Type.String()),
  /** reserves ≥ liabilities. */
  covered: Type.Boolean(),
  anchor: ReservesAnchorSchema,
});
/** One proof-of-reserves snapshot. */
export type ReservesSnapshot = Static<typeof ReservesSnapshotSchema>;

/** GET /api/reserves/snapshots: the latest snapshots, newest first, and where the reserves are held. */
export const ReservesOverviewSchema = Type.Object({
  network: Type.String(),
  assetId: Type.String(),
  houseAddress: Type.String(),
  snapshots: Type.Array(ReservesSnapshotSchema),
});
/** The latest snapshots, newest first, and where the reserves are held. */
export type ReservesOverview = Static<typeof ReservesOverviewSchema>;

const sumNode = Type.Object({ hash: Type.String(), sum: Type.String() });

/**
 * GET /api/reserves/proof: the session's inclusion proof, the game engine's ReservesProofJson (the
 * type is the engine's, which verifies it; this schema is checked below to be exactly that type).
 */
export const ReservesProofSchema = Type.Object({
  version: Type.Literal(2),
  snapshotId: Type.String(),
  takenAt: Type.String(),
  userId: Type.String(),
  /** The player's balance: the sum of their leaves' amounts. */
  balance: Type.String(),
  leafCount: Type.Number(),
  /** Every leaf of the player (a random share of the balance), each with its own path to the root. */
  leaves: Type.Array(
    Type.Object({
      /** Bit i says whether the running node is the right (1) or left (0) child at level i. */
      index: Type.Number(),
      salt: Type.String(),
      amount: Type.String(),
      /** The siblings from the leaf level up, each with its sum. */
      path: Type.Array(sumNode),
    }),
  ),
  root: sumNode,
  anchor: Type.Object({ txId: nullable(Type.String()), round: nullable(Type.String()), network: Type.String() }),
});
// a compile error when the engine's proof and this schema part ways
const proofIsTheEngines: SameType<Static<typeof ReservesProofSchema>, ReservesProofJson> = true;
void proofIsTheEngines;
