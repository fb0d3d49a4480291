import type { DomainCheck } from '@cosmic/contracts';
import type { ChainBootReport } from '../../chain/chain-boot-check';
import type { TrustedProxies } from '../../config/app-config';
import { parseCsp, type ProbedHeaders } from './header-probe';

/** The headers one shell origin answered (or why it could not be asked). */
export interface ShellProbe {
  origin: string;
  headers: ProbedHeaders | null;
  error?: string;
}

/** What the checks look at, gathered by the service. */
export interface DomainFacts {
  production: boolean;
  /** Listening on every interface (reachable from other machines). */
  exposed: boolean;
  configuredOrigins: string[];
  allowedOrigins: string[];
  /** Whether the live CORS policy would let an unknown origin in. */
  foreignOriginAllowed: boolean;
  cookieSecure: boolean;
  sessionSecretIsDevDefault: boolean;
  passwordsGenerated: boolean;
  /** scrypt N of each configured hash (undefined: not configured). */
  hashCost: { operator?: number; vault?: number };
  samePasswordHash: boolean;
  headers: ProbedHeaders | null;
  probeError?: string;
  trustedProxies: TrustedProxies;
  /** What client address the live server gave an outside request with a forged X-Forwarded-For. */
  forgedIp: { peer: string; forged: string; seen: string | undefined } | null;
  /** The pages' origins (the CORS allow-list), probed for their own headers. */
  shells: ShellProbe[];
  nodeEnv: string;
  apiDocs: boolean;
  /** Requests per minute per address (100,000,000 means unlimited, the test default). */
  rateLimitPerMinute: number;
  /** What the chain checks at boot found (null: not checked yet). */
  chain: ChainBootReport | null;
}

/** scrypt N below which a hash is flagged as weaker than recommended. */
export const RECOMMENDED_SCRYPT_N = 2 ** 17;

const isLocal = (origin: string) => /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);

function cors(f: DomainFacts): DomainCheck {
  const base = { id: 'cors-allow-list', name: 'CORS allow-list' } as const;
  const removed = f.configuredOrigins.filter((o) => !f.allowedOrigins.includes(o));
  const tail = removed.length ? `; removed by emergency fix: ${removed.join(', ')}` : '';
  if (f.foreignOriginAllowed || f.allowedOrigins.some((o) => o === '*' || o === 'null'))
    return { ...base, status: 'fail', detail: 'an unknown origin is allowed to call the API with credentials' };
  if (f.production) {
    const bad = f.allowedOrigins.filter((o) => !o.startsWith('https://') || isLocal(o));
    if (bad.length)
      return {
        ...base,
        status: 'fail',
        detail: `plain-HTTP or local origins allowed in production: ${bad.join(', ')}${tail}`,
      };
  }
  return {
    ...base,
    status: 'pass',
    detail: `${f.allowedOrigins.length} origin(s), credentials only for them: ${f.allowedOrigins.join(', ') || 'none'}${tail}`,
  };
}

function cookies(f: DomainFacts): DomainCheck {
  const base = { id: 'cookie-flags', name: 'Session cookie flags' } as const;
  const flags = `HttpOnly; SameSite=Lax; signed${f.cookieSecure ? '; Secure' : ''}`;
  if (f.cookieSecure) return { ...base, status: 'pass', detail: flags };
  if (f.production) return { ...base, status: 'fail', detail: `${flags} — Secure missing in production` };
  return { ...base, status: 'info', detail: `${flags} — Secure is off for the plain-HTTP local run` };
}

function headers(f: DomainFacts): DomainCheck {
  const base = { id: 'security-headers', name: 'Security headers' } as const;
  if (!f.headers)
    return { ...base, status: 'warn', detail: `could not probe a response${f.probeError ? `: ${f.probeError}` : ''}` };
  const need = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy'];
  if (f.production) need.push('strict-transport-security');
  const missing = need.filter((h) => !f.headers![h]);
  if (missing.length) return { ...base, status: 'fail', detail: `missing: ${missing.join(', ')}` };
  return {
    ...base,
    status: 'pass',
    detail: `${need.length} headers present on a real response (CSP, nosniff, referrer, COOP${f.production ? ', HSTS' : ''})`,
  };
}

function secrets(f: DomainFacts): DomainCheck {
  const base = { id: 'default-secrets', name: 'Default secrets' } as const;
  if (f.sessionSecretIsDevDefault && f.production)
    return { ...base, status: 'fail', detail: 'SESSION_SECRET is the development default' };
  if (f.hashCost.operator === undefined || f.hashCost.vault === undefined)
    return { ...base, status: f.production ? 'fail' : 'warn', detail: 'a dashboard password hash is not configured' };
  if (f.samePasswordHash)
    return { ...base, status: 'warn', detail: 'the vault uses the same password hash as the dashboard' };
  const weak = (['operator', 'vault'] as const).filter((k) => (f.hashCost[k] ?? 0) < RECOMMENDED_SCRYPT_N);
  if (weak.length && !f.passwordsGenerated)
    return { ...base, status: 'warn', detail: `${weak.join(' and ')} hash cheaper than scrypt N=2^17` };
  if (f.sessionSecretIsDevDefault || f.passwordsGenerated) {
    return {
      ...base,
      status: 'info',
      detail: `local run: ${[f.sessionSecretIsDevDefault && 'development SESSION_SECRET', f.passwordsGenerated && 'dashboard passwords generated at start'].filter(Boolean).join(', ')}`,
    };
  }
  return { ...base, status: 'pass', detail: 'own SESSION_SECRET and scrypt password hashes' };
}

function https(f: DomainFacts): DomainCheck {
  const base = { id: 'https', name: 'HTTPS' } as const;
  if (f.production) {
    const hsts = Boolean(f.headers?.['strict-transport-security']);
    const httpOrigins = f.allowedOrigins.filter((o) => !o.startsWith('https://'));
    if (!hsts || !f.cookieSecure || httpOrigins.length)
      return {
        ...base,
        status: 'fail',
        detail: `production without full HTTPS: ${[!hsts && 'no HSTS', !f.cookieSecure && 'cookies not Secure', httpOrigins.length && `http origins ${httpOrigins.join(', ')}`].filter(Boolean).join(', ')}`,
      };
    return { ...base, status: 'pass', detail: 'HSTS sent, Secure cookies, https origins only' };
  }
  if (f.exposed) return { ...base, status: 'warn', detail: 'listening on every interface over plain HTTP' };
  return { ...base, status: 'info', detail: 'local run over plain HTTP on loopback' };
}

function trustedProxies(f: DomainFacts): DomainCheck {
  const base = { id: 'trusted-proxies', name: 'Client IP (trusted proxies)' } as const;
  if (f.forgedIp && f.forgedIp.seen === f.forgedIp.forged) {
    return {
      ...base,
      status: 'fail',
      detail: `a forged X-Forwarded-For from ${f.forgedIp.peer} set the client IP: per-address limits and lockouts can be dodged`,
    };
  }
  const ignored = f.forgedIp ? `; a forged X-Forwarded-For from ${f.forgedIp.peer} is ignored` : '';
  if (f.trustedProxies.kind === 'list')
    return {
      ...base,
      status: 'pass',
      detail: `X-Forwarded-For believed only from ${f.trustedProxies.entries.join(', ')}${ignored}`,
    };
  if (f.production)
    return {
      ...base,
      status: 'warn',
      detail: `no proxy trusted (TRUSTED_PROXIES): behind a load balancer every client shares its address${ignored}`,
    };
  return { ...base, status: 'info', detail: `no proxy trusted: the connecting address is the client${ignored}` };
}

/** What is missing from one page's headers. */
function pageProblems(origin: string, h: ProbedHeaders): string[] {
  const csp = parseCsp(h['content-security-policy']);
  const ancestors = csp['frame-ancestors'] ?? [];
  const xfo = (h['x-frame-options'] ?? '').toUpperCase();
  const missing: string[] = [];
  if (!h['content-security-policy']) missing.push('CSP');
  if (
    !(
      ancestors.includes("'none'") ||
      (ancestors.length > 0 && ancestors.every((a) => a === "'self'")) ||
      xfo === 'DENY' ||
      xfo === 'SAMEORIGIN'
    )
  )
    missing.push('framing protection');
  if (h['x-content-type-options'] !== 'nosniff') missing.push('nosniff');
  if (origin.startsWith('https://') && !h['strict-transport-security']) missing.push('HSTS');
  return missing;
}

function shellHeaders(f: DomainFacts): DomainCheck {
  const base = { id: 'shell-headers', name: 'Security headers on the shell origin' } as const;
  if (f.shells.length === 0) return { ...base, status: 'warn', detail: 'no page origin configured (CORS_ORIGINS)' };
  const bad = f.shells
    .filter((s) => s.headers && pageProblems(s.origin, s.headers).length)
    .map((s) => `${s.origin} lacks ${pageProblems(s.origin, s.headers!).join(', ')}`);
  if (bad.length) return { ...base, status: 'fail', detail: bad.join('; ') };
  const unreachable = f.shells.filter((s) => !s.headers);
  if (unreachable.length)
    return {
      ...base,
      status: 'warn',
      detail: `could not fetch ${unreachable.map((s) => `${s.origin}${s.error ? ` (${s.error})` : ''}`).join(', ')}`,
    };
  return {
    ...base,
    status: 'pass',
    detail: `CSP, framing protection, nosniff${f.shells.some((s) => s.origin.startsWith('https://')) ? ', HSTS' : ''} on ${f.shells.map((s) => s.origin).join(', ')}`,
  };
}

function productionDefaults(f: DomainFacts): DomainCheck {
  const base = { id: 'production-defaults', name: 'Production defaults' } as const;
  const chain = f.chain
    ? `node genesis ${f.chain.genesisId} matches ALGORAND_NETWORK=${f.chain.network}, AMINA ${f.chain.asset.decimals} decimals, house key ${f.chain.houseKey}`
    : 'chain not checked yet';
  const mainnet = f.chain?.genesisId === 'mainnet-v1.0';
  if (!f.production) {
    if (mainnet)
      return {
        ...base,
        status: 'fail',
        detail: `NODE_ENV=${f.nodeEnv} against mainnet: development defaults on real money`,
      };
    return {
      ...base,
      status: 'info',
      detail: `local run (NODE_ENV=${f.nodeEnv}); production refuses an unset NODE_ENV with DATABASE_URL or mainnet and the development SESSION_SECRET; ${chain}`,
    };
  }
  const problems = [
    f.rateLimitPerMinute >= 100_000_000 && 'the per-address rate limit is off (RATE_LIMIT_PER_MINUTE)',
    f.sessionSecretIsDevDefault && 'the development SESSION_SECRET',
    f.passwordsGenerated && 'generated dashboard passwords',
    f.chain?.houseKey === 'watch-only' && 'no HOUSE_MNEMONIC (withdrawals cannot be signed)',
  ].filter(Boolean);
  if (problems.length) return { ...base, status: 'fail', detail: `production with ${problems.join(', ')}` };
  const notes = [f.apiDocs && 'API docs public (API_DOCS=1)', !f.chain && 'chain not checked yet'].filter(Boolean);
  if (notes.length) return { ...base, status: 'warn', detail: notes.join('; ') };
  return {
    ...base,
    status: 'pass',
    detail: `NODE_ENV=production, API docs off, rate limit ${f.rateLimitPerMinute}/min; ${chain}`,
  };
}

/** Every check, in report order. */
export function domainChecks(f: DomainFacts): DomainCheck[] {
  return [
    cors(f),
    cookies(f),
    headers(f),
    secrets(f),
    https(f),
    trustedProxies(f),
    shellHeaders(f),
    productionDefaults(f),
  ];
}
