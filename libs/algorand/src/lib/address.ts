import { base32Decode, base32Encode } from './base32';
import { sha512_256 } from './sha512-256';

/** Length of an Algorand address in characters (base32 of 32-byte key + 4-byte checksum). */
export const ADDRESS_LENGTH = 58;

/** Why an address string was refused. */
export type AddressError = 'not-a-string' | 'wrong-length' | 'bad-character' | 'bad-checksum' | 'non-canonical';

/** Outcome of address validation: the decoded public key, or the reason it failed. */
export type AddressResult = { ok: true; publicKey: Uint8Array } | { ok: false; error: AddressError; message: string };

const MESSAGES: Record<AddressError, string> = {
  'not-a-string': 'address must be a string',
  'wrong-length': `address must be ${ADDRESS_LENGTH} characters`,
  'bad-character': 'address may only contain A-Z and 2-7',
  'bad-checksum': 'address checksum does not match (typo?)',
  'non-canonical': 'address is not in canonical form (last character)',
};

const fail = (error: AddressError): AddressResult => ({ ok: false, error, message: MESSAGES[error] });

function checksum(publicKey: Uint8Array): Uint8Array {
  // The checksum is the last 4 bytes of the key's SHA-512/256 digest.
  return sha512_256(publicKey).slice(28, 32);
}

/** Validates an Algorand address (length, alphabet, checksum) and returns its public key. */
export function parseAddress(address: unknown): AddressResult {
  if (typeof address !== 'string') return fail('not-a-string');
  if (address.length !== ADDRESS_LENGTH) return fail('wrong-length');
  const bytes = base32Decode(address);
  if (!bytes) return fail('bad-character');
  const publicKey = bytes.slice(0, 32);
  const expected = checksum(publicKey);
  for (let i = 0; i < 4; i++) if (bytes[32 + i] !== expected[i]) return fail('bad-checksum');
  // 58 chars carry 290 bits for 288 of data. algod refuses non-zero spare bits (algosdk does
  // not), so two spellings of one key can never both reach the ledger as different users.
  if (encodeAddress(publicKey) !== address) return fail('non-canonical');
  return { ok: true, publicKey };
}

/** True when `address` is a well-formed Algorand address with a valid checksum. */
export function isValidAddress(address: unknown): address is string {
  return parseAddress(address).ok;
}

/** Encodes a 32-byte ed25519 public key as an Algorand address. */
export function encodeAddress(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new RangeError('public key must be 32 bytes');
  const full = new Uint8Array(36);
  full.set(publicKey);
  full.set(checksum(publicKey), 32);
  return base32Encode(full);
}
