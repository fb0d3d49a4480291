import { Type, type Static } from '@sinclair/typebox';
import { CheckedByService } from './fields';

// The seed routes name the wallet with the length rule's own words (not "walletAddress is too long").
const walletAddress = Type.String({
  maxLength: 80,
  errorMessage: 'walletAddress must be a string',
  maxLengthMessage: 'walletAddress must be shorter than or equal to 80 characters',
});

/** POST /api/game-seeds/update-client-seed body (the seed is checked by the seeds service). */
export const UpdateClientSeedBodySchema = Type.Object(
  { walletAddress, clientSeed: CheckedByService<string>({ description: '1–64 characters' }) },
  { additionalProperties: false },
);
/** POST /api/game-seeds/update-client-seed body. */
export type UpdateClientSeedRequest = Static<typeof UpdateClientSeedBodySchema>;

/** POST /api/game-seeds/new-server-seed body. */
export const NewServerSeedBodySchema = Type.Object({ walletAddress }, { additionalProperties: false });
/** POST /api/game-seeds/new-server-seed body. */
export type NewServerSeedRequest = Static<typeof NewServerSeedBodySchema>;

// ---- answers: each schema is what fast-json-stringify writes (only these fields are sent) and the OpenAPI answer ----

/** GET /api/game-seeds/current answer. */
export const SeedStateDtoSchema = Type.Object({
  serverSeedHash: Type.String(),
  /** SHA-256 of the server seed the next rotation will use, fixed before you choose a client seed. */
  nextServerSeedHash: Type.String(),
  clientSeed: Type.String(),
  nonce: Type.Number(),
  isActive: Type.Boolean(),
});
/** GET /api/game-seeds/current answer. */
export type SeedStateDto = Static<typeof SeedStateDtoSchema>;

/** A server seed that has been revealed, with the pair it belonged to. */
export const RevealedSeedDtoSchema = Type.Object({
  serverSeed: Type.String(),
  serverSeedHash: Type.String(),
  clientSeed: Type.String(),
  /** The nonce the next bet would have used: bets used nonces 0 … nonce−1. */
  nonce: Type.Number(),
  revealedAt: Type.String(),
});
/** A server seed that has been revealed, with the pair it belonged to. */
export type RevealedSeedDto = Static<typeof RevealedSeedDtoSchema>;
/** GET /api/game-seeds/history answer: revealed seeds, newest first. */
export const RevealedSeedsSchema = Type.Array(RevealedSeedDtoSchema);

/** Answer of both seed rotations. */
export const SeedRotationResponseSchema = Type.Object({ revealed: RevealedSeedDtoSchema, current: SeedStateDtoSchema });
/** Answer of both seed rotations. */
export type SeedRotationResponse = Static<typeof SeedRotationResponseSchema>;
