import { GameEngineError, type Result, fail } from '../errors';
import { toHex, utf8 } from './encoding';
import { type HmacSha256, hmacSha256 } from './hmac';
import { sha256 } from './sha256';
import { checkIndex, type FloatStream } from './source';

/** Floats per HMAC round: 32 bytes, 4 bytes each. */
export const FLOATS_PER_ROUND = 8;

const SERVER_SEED = /^[0-9a-f]{64}$/;

/** Checks the seed triple of the public contract; returns an error message or null when valid. */
export function seedError(serverSeed: unknown, clientSeed: unknown, nonce: unknown): string | null {
  if (typeof serverSeed !== 'string' || !SERVER_SEED.test(serverSeed)) {
    return 'serverSeed must be 64 lowercase hex characters';
  }
  if (typeof clientSeed !== 'string') return 'clientSeed must be a string';
  if (typeof nonce !== 'number' || !Number.isSafeInteger(nonce) || nonce < 0) {
    return 'nonce must be a non-negative integer';
  }
  return null;
}

function assertSeeds(serverSeed: string, clientSeed: string, nonce: number): void {
  const error = seedError(serverSeed, clientSeed, nonce);
  if (error) throw new GameEngineError(error);
}

/** The published commitment: SHA-256 of the server seed's ASCII text, lowercase hex. */
export function serverSeedHash(serverSeed: string): string {
  return toHex(sha256(utf8(serverSeed)));
}

/** The 32 bytes of round `round`: HMAC_SHA256(key = serverSeed ASCII, msg = "clientSeed:nonce:round"). */
export function roundBytes(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  round: number,
  hmac: HmacSha256 = hmacSha256,
): Uint8Array {
  assertSeeds(serverSeed, clientSeed, nonce);
  checkIndex(round);
  return hmac(utf8(serverSeed), utf8(`${clientSeed}:${nonce}:${round}`));
}

/** Float from 4 bytes at `offset`: b0/256 + b1/256^2 + b2/256^3 + b3/256^4 (exact as u32 / 2^32). */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  const u = ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]) >>> 0;
  return u / 4294967296;
}

/** Float number `index` of a round's stream (round = index div 8); computes one HMAC. */
export function floatAt(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  index: number,
  hmac: HmacSha256 = hmacSha256,
): number {
  checkIndex(index);
  const bytes = roundBytes(serverSeed, clientSeed, nonce, Math.floor(index / FLOATS_PER_ROUND), hmac);
  return bytesToFloat(bytes, (index % FLOATS_PER_ROUND) * 4);
}

/** The provably-fair stream of one bet, caching each HMAC round; throws GameEngineError on bad seeds. */
export function fairStream(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  hmac: HmacSha256 = hmacSha256,
): FloatStream {
  assertSeeds(serverSeed, clientSeed, nonce);
  const key = utf8(serverSeed);
  const rounds: Uint8Array[] = [];
  const stream: FloatStream = {
    position: 0,
    at(index: number): number {
      checkIndex(index);
      const round = Math.floor(index / FLOATS_PER_ROUND);
      let bytes = rounds[round];
      if (!bytes) {
        bytes = hmac(key, utf8(`${clientSeed}:${nonce}:${round}`));
        rounds[round] = bytes;
      }
      return bytesToFloat(bytes, (index % FLOATS_PER_ROUND) * 4);
    },
    next(): number {
      return stream.at(stream.position++);
    },
  };
  return stream;
}

/** `fairStream` for untrusted seeds: an error result instead of a throw. */
export function tryFairStream(
  serverSeed: unknown,
  clientSeed: unknown,
  nonce: unknown,
  hmac: HmacSha256 = hmacSha256,
): Result<{ stream: FloatStream }> {
  const error = seedError(serverSeed, clientSeed, nonce);
  if (error) return fail(error);
  return { ok: true, stream: fairStream(serverSeed as string, clientSeed as string, nonce as number, hmac) };
}
