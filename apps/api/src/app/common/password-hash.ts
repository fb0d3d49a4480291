import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt cost parameters (N a power of two). */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** A parsed `scrypt$N$r$p$<salt b64>$<hash b64>` string. */
export interface PasswordHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

/** What `npm run hash-password` uses: OWASP's scrypt recommendation (N=2^17, r=8, p=1, 128 MiB). */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** Below this N a hash is refused at boot. */
export const MIN_SCRYPT_N = 2 ** 14;
const MAX_MEMORY = 512 * 1024 * 1024;
const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Memory scrypt needs for these parameters (Node refuses when maxmem is lower). */
function memoryFor({ N, r, p }: ScryptParams): number {
  return 128 * N * r + 128 * r * p + 1024 * 1024;
}

/** Parses a stored hash; answers a message naming the problem when it is not one we accept. */
export function parsePasswordHash(text: string): { ok: true; value: PasswordHash } | { ok: false; message: string } {
  const parts = text.split('$');
  if (parts[0] === '' && parts[1]?.startsWith('argon2')) {
    return {
      ok: false,
      message: 'argon2 hashes need a newer Node; create an scrypt hash with `npm run hash-password -- <password>`',
    };
  }
  if (parts.length !== 6 || parts[0] !== 'scrypt')
    return {
      ok: false,
      message: 'must look like scrypt$N$r$p$<salt base64>$<hash base64> (npm run hash-password -- <password>)',
    };
  const [N, r, p] = parts.slice(1, 4).map((s) => (/^\d{1,8}$/.test(s) ? Number(s) : NaN));
  if (!Number.isInteger(N) || N < MIN_SCRYPT_N || (N & (N - 1)) !== 0)
    return { ok: false, message: `scrypt N must be a power of two ≥ ${MIN_SCRYPT_N}` };
  if (!(r >= 1 && r <= 32) || !(p >= 1 && p <= 16)) return { ok: false, message: 'scrypt r must be 1–32 and p 1–16' };
  if (memoryFor({ N, r, p }) > MAX_MEMORY) return { ok: false, message: 'scrypt parameters need more than 512 MiB' };
  if (!B64.test(parts[4]) || !B64.test(parts[5])) return { ok: false, message: 'salt and hash must be base64' };
  const salt = Buffer.from(parts[4], 'base64');
  const hash = Buffer.from(parts[5], 'base64');
  if (salt.length < 16 || hash.length < 32)
    return { ok: false, message: 'salt must be ≥ 16 bytes and hash ≥ 32 bytes' };
  return { ok: true, value: { params: { N, r, p }, salt, hash } };
}

/** The problem with `text` as a password hash, or null when it is fine (for config validation). */
export function passwordHashProblem(text: string): string | null {
  const r = parsePasswordHash(text);
  return r.ok ? null : r.message;
}

function derive(password: string, salt: Buffer, params: ScryptParams, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keylen, { ...params, maxmem: memoryFor(params) }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes a password into the stored format (random 16-byte salt, 32-byte key). */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params, 32);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when `password` matches; the comparison takes the same time wherever the bytes differ. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const key = await derive(password, stored.salt, stored.params, stored.hash.length);
  return timingSafeEqual(key, stored.hash);
}
