import { domainChecks, RECOMMENDED_SCRYPT_N, type DomainFacts } from './domain-checks';

const HEADERS = {
  'content-security-policy': "default-src 'self';script-src 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
};

const prod = (over: Partial<DomainFacts> = {}): DomainFacts => ({
  production: true,
  exposed: true,
  configuredOrigins: ['https://casino.example'],
  allowedOrigins: ['https://casino.example'],
  foreignOriginAllowed: false,
  cookieSecure: true,
  sessionSecretIsDevDefault: false,
  passwordsGenerated: false,
  hashCost: { operator: RECOMMENDED_SCRYPT_N, vault: RECOMMENDED_SCRYPT_N },
  samePasswordHash: false,
  headers: HEADERS,
  ...over,
});
const statusOf = (f: DomainFacts) => Object.fromEntries(domainChecks(f).map((c) => [c.id, c.status]));

describe('domain checks', () => {
  it('passes a well-configured production deployment on every check', () => {
    expect(statusOf(prod())).toEqual({ 'cors-allow-list': 'pass', 'cookie-flags': 'pass', 'security-headers': 'pass', 'default-secrets': 'pass', https: 'pass' });
  });

  it.each<[string, Partial<DomainFacts>, string, 'fail' | 'warn']>([
    ['an http origin in production', { allowedOrigins: ['http://casino.example'] }, 'cors-allow-list', 'fail'],
    ['a localhost origin in production', { allowedOrigins: ['https://localhost:3000'] }, 'cors-allow-list', 'fail'],
    ['a policy that lets any origin in', { foreignOriginAllowed: true }, 'cors-allow-list', 'fail'],
    ['cookies without Secure in production', { cookieSecure: false }, 'cookie-flags', 'fail'],
    ['no HSTS in production', { headers: { ...HEADERS, 'strict-transport-security': undefined } }, 'security-headers', 'fail'],
    ['no CSP', { headers: { ...HEADERS, 'content-security-policy': undefined } }, 'security-headers', 'fail'],
    ['a failed probe', { headers: null, probeError: 'boom' }, 'security-headers', 'warn'],
    ['the development SESSION_SECRET in production', { sessionSecretIsDevDefault: true }, 'default-secrets', 'fail'],
    ['the same hash for vault and dashboard', { samePasswordHash: true }, 'default-secrets', 'warn'],
    ['a cheap scrypt hash', { hashCost: { operator: 2 ** 14, vault: RECOMMENDED_SCRYPT_N } }, 'default-secrets', 'warn'],
    ['no HSTS for https', { headers: { ...HEADERS, 'strict-transport-security': undefined } }, 'https', 'fail'],
  ])('flags %s', (_name, over, id, status) => {
    expect(statusOf(prod(over))[id]).toBe(status);
  });

  it('marks what does not apply to a plain-HTTP local run as info, not as an issue', () => {
    const local = statusOf(
      prod({ production: false, exposed: false, allowedOrigins: ['http://localhost:3000'], configuredOrigins: ['http://localhost:3000'], cookieSecure: false, sessionSecretIsDevDefault: true, passwordsGenerated: true, headers: { ...HEADERS, 'strict-transport-security': undefined } }),
    );
    expect(local).toEqual({ 'cors-allow-list': 'pass', 'cookie-flags': 'info', 'security-headers': 'pass', 'default-secrets': 'info', https: 'info' });
  });

  it('names origins dropped by the emergency switch', () => {
    const cors = domainChecks(prod({ configuredOrigins: ['https://casino.example', 'https://mirror.example'] }))[0];
    expect(cors.detail).toContain('removed by emergency fix: https://mirror.example');
  });
});
