/** Largest value of an unsigned 64-bit integer: every balance, sum and user id must fit. */
export const MAX_U64 = (1n << 64n) - 1n;

/** SHA-256 function type (the engine's own by default; the API passes node:crypto's for speed). */
export type Sha256 = (data: Uint8Array) => Uint8Array;

/** 8 bytes, big-endian, of an unsigned 64-bit integer. */
export function u64be(value: bigint): Uint8Array {
  if (value < 0n || value > MAX_U64) throw new RangeError(`${value} does not fit in an unsigned 64-bit integer`);
  const out = new Uint8Array(8);
  let v = value;
  for (let i = 7; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

// a snapshot converts hundreds of thousands of hashes and salts: tables, not parseInt and regexes
const HEX_PAIRS = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
const NIBBLE = new Int8Array(128).fill(-1);
for (let c = 0; c < 16; c++) {
  NIBBLE[c.toString(16).charCodeAt(0)] = c;
  NIBBLE[c.toString(16).toUpperCase().charCodeAt(0)] = c;
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  const parts = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i++) parts[i] = HEX_PAIRS[bytes[i]];
  return parts.join('');
}

/** Bytes of a lowercase or uppercase hex string of exactly `bytes` bytes, or null. */
export function fromHex(hex: string, bytes: number): Uint8Array | null {
  if (hex.length !== bytes * 2) return null;
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) {
    const hi = NIBBLE[hex.charCodeAt(2 * i)] ?? -1;
    const lo = NIBBLE[hex.charCodeAt(2 * i + 1)] ?? -1;
    if (hi < 0 || lo < 0) return null;
    out[i] = (hi << 4) | lo;
  }
  return out;
}

/** A decimal string of an unsigned 64-bit integer ("0", "15", no sign, no leading zeros), or null. */
export function parseU64(text: unknown): bigint | null {
  if (typeof text !== 'string' || !/^(0|[1-9][0-9]{0,19})$/.test(text)) return null;
  const v = BigInt(text);
  return v <= MAX_U64 ? v : null;
}

/** Concatenates byte arrays. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
