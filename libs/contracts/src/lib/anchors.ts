import { Type, type Static } from '@sinclair/typebox';

// Bet anchors over HTTP (GET /api/bets/{id}/receipt, GET /api/anchors/{id}/chain): each answer's
// schema is what fast-json-stringify writes (only these fields are sent) and the OpenAPI answer.
// Ids and rounds are strings (they may pass 2^53); hashes are 64 lowercase hex.

const hex64 = (description: string) => Type.String({ pattern: '^[0-9a-f]{64}$', description });
const positiveId = (field: string, what: string) =>
  Type.String({
    pattern: '^[1-9][0-9]{0,17}$',
    description: what,
    errorMessage: `${field} must be ${what}: a whole number above 0`,
  });

/** GET /api/bets/{id}/receipt's path parameter. */
export const BetReceiptParamsSchema = Type.Object(
  { id: positiveId('id', 'a bet id') },
  { additionalProperties: false },
);
/** GET /api/bets/{id}/receipt's path parameter. */
export type BetReceiptParams = Static<typeof BetReceiptParamsSchema>;

/** GET /api/anchors/{id}/chain's path parameter. */
export const AnchorParamsSchema = Type.Object(
  { id: positiveId('id', 'an anchor id') },
  { additionalProperties: false },
);
/** GET /api/anchors/{id}/chain's path parameter. */
export type AnchorParams = Static<typeof AnchorParamsSchema>;

/** One step of a receipt's path, from the leaf up: the sibling's side and hash. */
export const BetPathStepSchema = Type.Object({
  side: Type.Union([Type.Literal('left'), Type.Literal('right')], { description: "the sibling's side" }),
  hash: hex64("the sibling's hash"),
});

const record = Type.String({
  description: "the bet's canonical record (libs/game-engine/src/anchors/record.ts): sorted-key JSON, no whitespace",
});
const leaf = hex64("SHA-256 of the record's UTF-8 bytes");

/** A bet whose anchor is on chain: everything to check it with SHA-256 alone. */
export const AnchoredReceiptSchema = Type.Object({
  status: Type.Literal('anchored'),
  betId: Type.String(),
  record,
  leaf,
  path: Type.Array(BetPathStepSchema, {
    description: 'from the leaf up; parent = SHA-256(left ‖ right) of the raw 32-byte digests',
  }),
  root: hex64('the Merkle root written in the transaction note'),
  previousRoot: Type.Union([hex64("the previous anchor's root"), Type.Null()]),
  txid: Type.String({ description: 'the house transaction whose note holds the root (any explorer shows it)' }),
  round: Type.String({ description: 'the round it confirmed in' }),
  anchor: Type.String({ description: 'the anchor id (GET /api/anchors/{id}/chain reads its transaction)' }),
  time: Type.String({ description: 'when the anchor was taken (ISO 8601)' }),
});
/** A bet whose anchor is on chain. */
export type AnchoredReceipt = Static<typeof AnchoredReceiptSchema>;

/** A bet not anchored yet: its record and leaf already, and when its anchor is expected. */
export const PendingReceiptSchema = Type.Object({
  status: Type.Literal('pending'),
  betId: Type.String(),
  record,
  leaf,
  /** The anchor it is in while that anchor's transaction confirms; null before it is in one. */
  anchor: Type.Union([Type.String(), Type.Null()]),
  /** When the receipt is expected to be ready (ISO 8601). */
  expectedBy: Type.String(),
  message: Type.String(),
});
/** A bet not anchored yet. */
export type PendingReceipt = Static<typeof PendingReceiptSchema>;

/** GET /api/bets/{id}/receipt. */
export const BetReceiptSchema = Type.Union([AnchoredReceiptSchema, PendingReceiptSchema]);
/** GET /api/bets/{id}/receipt. */
export type BetReceipt = Static<typeof BetReceiptSchema>;

/** GET /api/anchors/{id}/chain: the anchor's transaction as the indexer has it. */
export const AnchorChainSchema = Type.Object({
  anchor: Type.String(),
  txid: Type.String(),
  round: Type.String(),
  /** Who sent it: must be the house. */
  sender: Type.String(),
  houseAddress: Type.String(),
  /** The note as text (cosmic-bets:v1:{…}). */
  note: Type.String(),
  /** When its block was made (ISO 8601). */
  time: Type.String(),
  network: Type.String(),
});
/** The anchor's transaction as the indexer has it. */
export type AnchorChain = Static<typeof AnchorChainSchema>;
