import type { ChainBootReport } from '../../chain/chain-boot-check';
import { domainChecks, RECOMMENDED_SCRYPT_N, type DomainFacts } from './domain-checks';

const HEADERS = {
  'content-security-policy': "default-src 'self';script-src 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
};

const SHELL_HEADERS = {
  'content-security-policy': "default-src 'self';script-src 'self';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};
const CHAIN: ChainBootReport = {
  network: 'mainnet',
  genesisId: 'mainnet-v1.0',
  asset: { id: '1107424865', decimals: 8, unit: 'AMINA' },
  houseKey: 'verified',
  attempts: 1,
  checkedAt: '2026-01-01T00:00:00.000Z',
};
const IGNORED = { peer: '203.0.113.77', forged: '198.51.100.66', seen: '172.30.0.3' };

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
  trustedProxies: { kind: 'list', entries: ['172.30.0.0/24'] },
  forgedIp: IGNORED,
  shells: [{ origin: 'https://casino.example', headers: SHELL_HEADERS }],
  nodeEnv: 'production',
  apiDocs: false,
  rateLimitPerMinute: 1200,
  chain: CHAIN,
  ...over,
});
const statusOf = (f: DomainFacts) => Object.fromEntries(domainChecks(f).map((c) => [c.id, c.status]));

describe('domain checks', () => {
  it('passes a well-configured production deployment on every check', () => {
    expect(statusOf(prod())).toEqual({
      'cors-allow-list': 'pass',
      'cookie-flags': 'pass',
      'security-headers': 'pass',
      'default-secrets': 'pass',
      https: 'pass',
      'trusted-proxies': 'pass',
      'shell-headers': 'pass',
      'production-defaults': 'pass',
    });
    const detail = Object.fromEntries(domainChecks(prod()).map((c) => [c.id, c.detail]));
    expect(detail['trusted-proxies']).toBe(
      'X-Forwarded-For believed only from 172.30.0.0/24; a forged X-Forwarded-For from 203.0.113.77 is ignored',
    );
    expect(detail['shell-headers']).toBe('CSP, framing protection, nosniff, HSTS on https://casino.example');
    expect(detail['production-defaults']).toBe(
      'NODE_ENV=production, API docs off, rate limit 1200/min; node genesis mainnet-v1.0 matches ALGORAND_NETWORK=mainnet, AMINA 8 decimals, house key verified',
    );
  });

  it.each<[string, Partial<DomainFacts>, string, 'fail' | 'warn']>([
    ['an http origin in production', { allowedOrigins: ['http://casino.example'] }, 'cors-allow-list', 'fail'],
    ['a localhost origin in production', { allowedOrigins: ['https://localhost:3000'] }, 'cors-allow-list', 'fail'],
    ['a policy that lets any origin in', { foreignOriginAllowed: true }, 'cors-allow-list', 'fail'],
    ['cookies without Secure in production', { cookieSecure: false }, 'cookie-flags', 'fail'],
    [
      'no HSTS in production',
      { headers: { ...HEADERS, 'strict-transport-security': undefined } },
      'security-headers',
      'fail',
    ],
    ['no CSP', { headers: { ...HEADERS, 'content-security-policy': undefined } }, 'security-headers', 'fail'],
    ['a failed probe', { headers: null, probeError: 'boom' }, 'security-headers', 'warn'],
    ['the development SESSION_SECRET in production', { sessionSecretIsDevDefault: true }, 'default-secrets', 'fail'],
    ['the same hash for vault and dashboard', { samePasswordHash: true }, 'default-secrets', 'warn'],
    [
      'a cheap scrypt hash',
      { hashCost: { operator: 2 ** 14, vault: RECOMMENDED_SCRYPT_N } },
      'default-secrets',
      'warn',
    ],
    ['no HSTS for https', { headers: { ...HEADERS, 'strict-transport-security': undefined } }, 'https', 'fail'],
    [
      'a forged X-Forwarded-For that sets the client IP',
      { forgedIp: { ...IGNORED, seen: IGNORED.forged } },
      'trusted-proxies',
      'fail',
    ],
    ['no trusted proxy in production', { trustedProxies: { kind: 'none' } }, 'trusted-proxies', 'warn'],
    [
      'a shell page that can be framed',
      {
        shells: [
          {
            origin: 'https://casino.example',
            headers: {
              ...SHELL_HEADERS,
              'content-security-policy': "default-src 'self'",
              'x-frame-options': undefined,
            },
          },
        ],
      },
      'shell-headers',
      'fail',
    ],
    [
      'a shell page without CSP or nosniff (nginx without the snippet)',
      { shells: [{ origin: 'https://casino.example', headers: { 'content-type': 'text/html' } }] },
      'shell-headers',
      'fail',
    ],
    [
      'an https shell without HSTS',
      {
        shells: [
          { origin: 'https://casino.example', headers: { ...SHELL_HEADERS, 'strict-transport-security': undefined } },
        ],
      },
      'shell-headers',
      'fail',
    ],
    [
      'a shell origin that does not answer',
      { shells: [{ origin: 'https://casino.example', headers: null, error: 'timed out' }] },
      'shell-headers',
      'warn',
    ],
    ['the rate limit off in production', { rateLimitPerMinute: 100_000_000 }, 'production-defaults', 'fail'],
    [
      'the development SESSION_SECRET (production defaults)',
      { sessionSecretIsDevDefault: true },
      'production-defaults',
      'fail',
    ],
    ['public API docs in production', { apiDocs: true }, 'production-defaults', 'warn'],
    ['development mode against mainnet', { production: false, nodeEnv: 'development' }, 'production-defaults', 'fail'],
  ])('flags %s', (_name, over, id, status) => {
    expect(statusOf(prod(over))[id]).toBe(status);
  });

  it('marks what does not apply to a plain-HTTP local run as info, not as an issue', () => {
    const local = statusOf(
      prod({
        production: false,
        exposed: false,
        allowedOrigins: ['http://localhost:3000'],
        configuredOrigins: ['http://localhost:3000'],
        cookieSecure: false,
        sessionSecretIsDevDefault: true,
        passwordsGenerated: true,
        headers: { ...HEADERS, 'strict-transport-security': undefined },
        trustedProxies: { kind: 'none' },
        shells: [
          { origin: 'http://localhost:3000', headers: { ...SHELL_HEADERS, 'strict-transport-security': undefined } },
        ],
        nodeEnv: 'development',
        apiDocs: true,
        chain: { ...CHAIN, network: 'devnet', genesisId: 'cosmic-devnet-v1' },
      }),
    );
    expect(local).toEqual({
      'cors-allow-list': 'pass',
      'cookie-flags': 'info',
      'security-headers': 'pass',
      'default-secrets': 'info',
      https: 'info',
      'trusted-proxies': 'info',
      'shell-headers': 'pass',
      'production-defaults': 'info',
    });
  });

  it('names origins dropped by the emergency switch', () => {
    const cors = domainChecks(prod({ configuredOrigins: ['https://casino.example', 'https://mirror.example'] }))[0];
    expect(cors.detail).toContain('removed by emergency fix: https://mirror.example');
  });
});
