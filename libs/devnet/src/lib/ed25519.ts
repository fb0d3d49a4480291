import { createPublicKey, verify, type KeyObject } from 'node:crypto';

// node:crypto takes ed25519 public keys as DER SPKI; this prefix wraps a raw 32-byte key.
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const cache = new Map<string, KeyObject>();

function keyObject(publicKey: Uint8Array): KeyObject {
  const id = Buffer.from(publicKey).toString('hex');
  let key = cache.get(id);
  if (!key) {
    key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    // Keys come from untrusted senders: keep the cache from growing without bound.
    if (cache.size > 10_000) cache.clear();
    cache.set(id, key);
  }
  return key;
}

/** Verifies an ed25519 signature over `message` with a raw 32-byte public key. */
export function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    return verify(null, message, keyObject(publicKey), signature);
  } catch {
    return false;
  }
}
