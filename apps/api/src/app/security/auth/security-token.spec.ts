import { signToken, tokenKey, TOKEN_TTL_MS, verifyToken } from './security-token';

const SECRET = 's'.repeat(40);
const HASH = 'scrypt$16384$8$1$AAAA$BBBB';
const key = tokenKey(SECRET, 'operator', HASH);
const T0 = Date.UTC(2026, 0, 1);

describe('security tokens (HMAC-SHA256, stateless)', () => {
  it('verifies on any instance that shares SESSION_SECRET, until exactly 15 minutes have passed', () => {
    const { token, claims } = signToken(key, 'operator', T0);
    expect(claims).toMatchObject({ scope: 'operator', iat: T0, exp: T0 + 15 * 60_000 });
    expect(TOKEN_TTL_MS).toBe(900_000);
    const otherInstanceKey = tokenKey(SECRET, 'operator', HASH);
    expect(verifyToken(otherInstanceKey, token, 'operator', T0 + TOKEN_TTL_MS - 1)).toMatchObject({ ok: true });
    expect(verifyToken(key, token, 'operator', T0 + TOKEN_TTL_MS)).toEqual({ ok: false, problem: 'expired' });
  });

  it('refuses a token whose claims were edited (a later expiry, another scope)', () => {
    const { token } = signToken(key, 'operator', T0);
    const [prefix, body, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400_000 })).toString('base64url');
    expect(verifyToken(key, `${prefix}.${forged}.${sig}`, 'operator', T0)).toEqual({ ok: false, problem: 'signature' });
  });

  it.each([
    ['another SESSION_SECRET', tokenKey('t'.repeat(40), 'operator', HASH)],
    ['a changed password hash', tokenKey(SECRET, 'operator', `${HASH}x`)],
    ['the vault scope', tokenKey(SECRET, 'vault', HASH)],
  ])('refuses a token checked with the key of %s', (_name, other) => {
    const { token } = signToken(key, 'operator', T0);
    expect(verifyToken(other, token, 'operator', T0)).toEqual({ ok: false, problem: 'signature' });
  });

  it('refuses a validly signed token of the wrong scope', () => {
    const { token } = signToken(key, 'vault', T0);
    expect(verifyToken(key, token, 'operator', T0)).toEqual({ ok: false, problem: 'scope' });
  });

  it.each([
    [undefined, 'missing'],
    ['', 'missing'],
    ['Bearer x', 'malformed'],
    ['cc2.a.b', 'malformed'],
    ['cc1.a', 'malformed'],
    [`cc1.${'a'.repeat(600)}.b`, 'malformed'],
  ])('refuses %j as %s', (token, problem) => {
    expect(verifyToken(key, token, 'operator', T0)).toEqual({ ok: false, problem });
  });
});
