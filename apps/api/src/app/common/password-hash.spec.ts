import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { hashPassword, MIN_SCRYPT_N, parsePasswordHash, passwordHashProblem, verifyPassword } from './password-hash';

const FAST = { N: MIN_SCRYPT_N, r: 8, p: 1 };
const SALT = Buffer.alloc(16, 7).toString('base64');
const KEY = Buffer.alloc(32, 9).toString('base64');

describe('password hashes (scrypt$N$r$p$salt$hash)', () => {
  it('verifies the right password and refuses others, including near misses', async () => {
    const stored = parsePasswordHash(await hashPassword('orbit-42', FAST));
    if (!stored.ok) throw new Error(stored.message);
    expect(await verifyPassword('orbit-42', stored.value)).toBe(true);
    for (const wrong of ['orbit-43', 'Orbit-42', 'orbit-42 ', '', 'x'.repeat(256)])
      expect(await verifyPassword(wrong, stored.value)).toBe(false);
  });

  it('salts every hash: the same password never hashes the same twice', async () => {
    expect(await hashPassword('same', FAST)).not.toBe(await hashPassword('same', FAST));
  });

  it('treats canonically equal unicode spellings as the same password (NFC)', async () => {
    const stored = parsePasswordHash(await hashPassword('caf\u00e9', FAST));
    expect(stored.ok && (await verifyPassword('cafe\u0301', stored.value))).toBe(true);
  });

  it.each([
    ['hunter2', 'must look like scrypt$N$r$p$<salt base64>$<hash base64> (npm run hash-password -- <password>)'],
    [
      `bcrypt$16384$8$1$${SALT}$${KEY}`,
      'must look like scrypt$N$r$p$<salt base64>$<hash base64> (npm run hash-password -- <password>)',
    ],
    [`scrypt$1024$8$1$${SALT}$${KEY}`, 'scrypt N must be a power of two ≥ 16384'],
    [`scrypt$20000$8$1$${SALT}$${KEY}`, 'scrypt N must be a power of two ≥ 16384'],
    [`scrypt$16384$0$1$${SALT}$${KEY}`, 'scrypt r must be 1–32 and p 1–16'],
    [`scrypt$4194304$8$1$${SALT}$${KEY}`, 'scrypt parameters need more than 512 MiB'],
    [`scrypt$16384$8$1$not*base64$${KEY}`, 'salt and hash must be base64'],
    [`scrypt$16384$8$1$${Buffer.alloc(8).toString('base64')}$${KEY}`, 'salt must be ≥ 16 bytes and hash ≥ 32 bytes'],
    [
      '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaA',
      'argon2 hashes need a newer Node; create an scrypt hash with `npm run hash-password -- <password>`',
    ],
  ])('refuses %s', (text, message) => {
    expect(passwordHashProblem(text)).toBe(message);
  });

  it('accepts what `npm run hash-password` prints (same format, OWASP cost)', async () => {
    const out = execFileSync(
      process.execPath,
      [join(__dirname, '../../../../../tools/scripts/hash-password.mjs'), 'from the CLI'],
      { encoding: 'utf8' },
    ).trim();
    expect(out).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    const stored = parsePasswordHash(out);
    if (!stored.ok) throw new Error(stored.message);
    expect(await verifyPassword('from the CLI', stored.value)).toBe(true);
    expect(await verifyPassword('from the cli', stored.value)).toBe(false);
  });
});
