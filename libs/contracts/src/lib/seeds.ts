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

/** GET /api/game-seeds/current answer. */
export interface SeedStateDto {
  serverSeedHash: string;
  /** SHA-256 of the server seed the next rotation will use, fixed before you choose a client seed. */
  nextServerSeedHash: string;
  clientSeed: string;
  nonce: number;
  isActive: boolean;
}

/** A server seed that has been revealed, with the pair it belonged to. */
export interface RevealedSeedDto {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next bet would have used: bets used nonces 0 … nonce−1. */
  nonce: number;
  revealedAt: string;
}

/** Answer of both seed rotations. */
export interface SeedRotationResponse {
  revealed: RevealedSeedDto;
  current: SeedStateDto;
}
