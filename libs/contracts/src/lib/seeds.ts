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
