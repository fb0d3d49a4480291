// `npm run hash-password -- <password>` prints the scrypt hash to put in OPERATOR_PASSWORD_HASH or
// VAULT_PASSWORD_HASH. Without an argument it reads the password from stdin, which keeps it out of
// the shell history: `printf '%s' "$PW" | npm run -s hash-password`.
// Format (same as apps/api/src/app/common/password-hash.ts): scrypt$N$r$p$<salt base64>$<key base64>,
// N=2^17, r=8, p=1 (OWASP), 16-byte random salt, 32-byte key.
import { randomBytes, scrypt } from 'node:crypto';

const N = 2 ** 17;
const r = 8;
const p = 1;

async function readStdin() {
  if (process.stdin.isTTY) {
    process.stderr.write('usage: npm run hash-password -- <password>   (or pipe the password on stdin)\n');
    process.exit(2);
  }
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

const password = process.argv[2] ?? (await readStdin());
if (!password || password.length > 256) {
  process.stderr.write('the password must be 1 to 256 characters\n');
  process.exit(2);
}
const salt = randomBytes(16);
const key = await new Promise((resolve, reject) =>
  scrypt(password.normalize('NFC'), salt, 32, { N, r, p, maxmem: 256 * N * r }, (err, k) =>
    err ? reject(err) : resolve(k),
  ),
);
process.stdout.write(`scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}\n`);
