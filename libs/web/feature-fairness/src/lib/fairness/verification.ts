import { serverSeedHash, verify, type Verified } from '@cosmic/game-engine';
import { engineParams, type VerifyInput } from './verify-link';

/** What the verifier shows: the recomputed bet (or why not) and the commitment check. */
export interface Verification {
  result: Verified | null;
  error: string | null;
  /** SHA-256 of the server seed's ASCII text, hex. */
  computedHash: string | null;
  /** Whether it equals the pasted hash; null when no hash was pasted. */
  hashMatches: boolean | null;
}

/** Recomputes a bet in the browser with the same engine the server settles with. */
export function runVerification(input: VerifyInput): Verification {
  const computedHash = input.serverSeed ? serverSeedHash(input.serverSeed) : null;
  const hashMatches = computedHash && input.hash ? computedHash === input.hash.toLowerCase() : null;
  if (!input.serverSeed) return { result: null, error: null, computedHash, hashMatches };
  const nonce = /^\d{1,16}$/.test(input.nonce) ? Number(input.nonce) : input.nonce;
  const r = verify(input.game, input.serverSeed, input.clientSeed, nonce, engineParams(input));
  if (!r.ok) return { result: null, error: r.error, computedHash, hashMatches };
  const { ok: _ok, ...result } = r;
  return { result, error: null, computedHash, hashMatches };
}
