import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { scryptSync, randomBytes } from 'node:crypto';

/** The dashboard passwords of the integration runs. */
export const TEST_PASSWORDS = { operator: 'int-operator-passphrase', vault: 'int-vault-passphrase' } as const;

/** An scrypt hash in the API's format, cheap enough for tests (N=2^14). */
export function testHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Env for createIntApp with both dashboard passwords configured. */
export function securityEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    OPERATOR_PASSWORD_HASH: testHash(TEST_PASSWORDS.operator),
    VAULT_PASSWORD_HASH: testHash(TEST_PASSWORDS.vault),
    ...extra,
  };
}

/** A JSON call as `ip`, with an optional bearer token. */
export async function call(
  app: NestFastifyApplication,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
  const res = await app.inject({
    method,
    url,
    payload: opts.body as object | undefined,
    headers,
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.body ? (res.json() as any) : undefined, headers: res.headers };
}

/** An operator token (and a vault token when asked) through the real password exchanges. */
export async function unlock(
  app: NestFastifyApplication,
  ip = '127.0.0.1',
): Promise<{ operator: string; vault: string }> {
  const op = await call(app, 'POST', '/api/security/session', { body: { password: TEST_PASSWORDS.operator }, ip });
  if (op.status !== 200) throw new Error(`unlock: ${op.status} ${JSON.stringify(op.body)}`);
  const v = await call(app, 'POST', '/api/security/sentinel/vault/session', {
    body: { password: TEST_PASSWORDS.vault },
    token: op.body.token,
    ip,
  });
  if (v.status !== 200) throw new Error(`vault: ${v.status} ${JSON.stringify(v.body)}`);
  return { operator: op.body.token, vault: v.body.token };
}
