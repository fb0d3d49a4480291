import type { DomainCheck } from '@cosmic/contracts';
import type { ProbedHeaders } from './header-probe';

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
}

/** scrypt N below which a hash is flagged as weaker than recommended. */
export const RECOMMENDED_SCRYPT_N = 2 ** 17;

const isLocal = (origin: string) => /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);

function cors(f: DomainFacts): DomainCheck {
  const base = { id: 'cors-allow-list', name: 'CORS allow-list' } as const;
  const removed = f.configuredOrigins.filter((o) => !f.allowedOrigins.includes(o));
  const tail = removed.length ? `; removed by emergency fix: ${removed.join(', ')}` : '';
  if (f.foreignOriginAllowed || f.allowedOrigins.some((o) => o === '*' || o === 'null')) return { ...base, status: 'fail', detail: 'an unknown origin is allowed to call the API with credentials' };
  if (f.production) {
    const bad = f.allowedOrigins.filter((o) => !o.startsWith('https://') || isLocal(o));
    if (bad.length) return { ...base, status: 'fail', detail: `plain-HTTP or local origins allowed in production: ${bad.join(', ')}${tail}` };
  }
  return { ...base, status: 'pass', detail: `${f.allowedOrigins.length} origin(s), credentials only for them: ${f.allowedOrigins.join(', ') || 'none'}${tail}` };
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
  if (!f.headers) return { ...base, status: 'warn', detail: `could not probe a response${f.probeError ? `: ${f.probeError}` : ''}` };
  const need = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy'];
  if (f.production) need.push('strict-transport-security');
  const missing = need.filter((h) => !f.headers![h]);
  if (missing.length) return { ...base, status: 'fail', detail: `missing: ${missing.join(', ')}` };
  return { ...base, status: 'pass', detail: `${need.length} headers present on a real response (CSP, nosniff, referrer, COOP${f.production ? ', HSTS' : ''})` };
}

function secrets(f: DomainFacts): DomainCheck {
  const base = { id: 'default-secrets', name: 'Default secrets' } as const;
  if (f.sessionSecretIsDevDefault && f.production) return { ...base, status: 'fail', detail: 'SESSION_SECRET is the development default' };
  if (f.hashCost.operator === undefined || f.hashCost.vault === undefined) return { ...base, status: f.production ? 'fail' : 'warn', detail: 'a dashboard password hash is not configured' };
  if (f.samePasswordHash) return { ...base, status: 'warn', detail: 'the vault uses the same password hash as the dashboard' };
  const weak = (['operator', 'vault'] as const).filter((k) => (f.hashCost[k] ?? 0) < RECOMMENDED_SCRYPT_N);
  if (weak.length && !f.passwordsGenerated) return { ...base, status: 'warn', detail: `${weak.join(' and ')} hash cheaper than scrypt N=2^17` };
  if (f.sessionSecretIsDevDefault || f.passwordsGenerated) {
    return { ...base, status: 'info', detail: `local run: ${[f.sessionSecretIsDevDefault && 'development SESSION_SECRET', f.passwordsGenerated && 'dashboard passwords generated at start'].filter(Boolean).join(', ')}` };
  }
  return { ...base, status: 'pass', detail: 'own SESSION_SECRET and scrypt password hashes' };
}

function https(f: DomainFacts): DomainCheck {
  const base = { id: 'https', name: 'HTTPS' } as const;
  if (f.production) {
    const hsts = Boolean(f.headers?.['strict-transport-security']);
    const httpOrigins = f.allowedOrigins.filter((o) => !o.startsWith('https://'));
    if (!hsts || !f.cookieSecure || httpOrigins.length) return { ...base, status: 'fail', detail: `production without full HTTPS: ${[!hsts && 'no HSTS', !f.cookieSecure && 'cookies not Secure', httpOrigins.length && `http origins ${httpOrigins.join(', ')}`].filter(Boolean).join(', ')}` };
    return { ...base, status: 'pass', detail: 'HSTS sent, Secure cookies, https origins only' };
  }
  if (f.exposed) return { ...base, status: 'warn', detail: 'listening on every interface over plain HTTP' };
  return { ...base, status: 'info', detail: 'local run over plain HTTP on loopback' };
}

/** Every check, in report order. */
export function domainChecks(f: DomainFacts): DomainCheck[] {
  return [cors(f), cookies(f), headers(f), secrets(f), https(f)];
}
