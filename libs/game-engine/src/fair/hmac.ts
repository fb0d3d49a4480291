import { sha256 } from './sha256';

/** An HMAC-SHA256 implementation: the engine's own by default; the API may pass Node's faster one. */
export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

const BLOCK = 64;

/** HMAC-SHA256 (RFC 2104) built on the engine's SHA-256. */
export const hmacSha256: HmacSha256 = (key, message) => {
  const k = key.length > BLOCK ? sha256(key) : key;
  const inner = new Uint8Array(BLOCK + message.length);
  const outer = new Uint8Array(BLOCK + 32);
  for (let i = 0; i < BLOCK; i++) {
    const b = i < k.length ? k[i] : 0;
    inner[i] = b ^ 0x36;
    outer[i] = b ^ 0x5c;
  }
  inner.set(message, BLOCK);
  outer.set(sha256(inner), BLOCK);
  return sha256(outer);
};
