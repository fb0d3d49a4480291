import type { DomProtection } from '@cosmic/contracts';

/** The response headers a browser gets, as the probe saw them (lower-case names). */
export type ProbedHeaders = Record<string, string | undefined>;

/** Parses a Content-Security-Policy header into directive → sources. */
export function parseCsp(header: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = sources;
  }
  return out;
}

const SHOWN = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
];

/** Judges the browser-facing protections from the headers of one real response. */
export function domProtection(headers: ProbedHeaders, trustedOrigins: readonly string[], at: string): DomProtection {
  const csp = parseCsp(headers['content-security-policy']);
  const scripts = csp['script-src'] ?? csp['default-src'] ?? [];
  const thirdParty = scripts.filter((s) => !s.startsWith("'") && !trustedOrigins.includes(s));
  const inline = scripts.includes("'unsafe-inline'");
  const evalAllowed = scripts.includes("'unsafe-eval'");
  const ancestors = csp['frame-ancestors'];
  const xfo = headers['x-frame-options']?.toUpperCase();
  const framing =
    ancestors?.includes("'none'") || xfo === 'DENY'
      ? 'denied'
      : ancestors?.every((a) => a === "'self'") || xfo === 'SAMEORIGIN'
        ? 'same-origin'
        : 'allowed';
  const plugins = (csp['object-src'] ?? []).includes("'none'") ? 'blocked' : 'allowed';
  const problems: string[] = [];
  if (!headers['content-security-policy']) problems.push('no Content-Security-Policy header');
  if (thirdParty.length) problems.push(`third-party script origins: ${thirdParty.join(', ')}`);
  if (inline) problems.push("inline scripts allowed ('unsafe-inline')");
  if (evalAllowed) problems.push("eval allowed ('unsafe-eval')");
  if (scripts.includes('*')) problems.push('scripts from any origin (*)');
  if (framing === 'allowed') problems.push('pages can be framed by other sites');
  if (plugins === 'allowed') problems.push('plugins (object-src) not blocked');
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff');
  return {
    status: problems.length ? 'WEAKENED' : 'PROTECTED',
    lastCheckup: at,
    csp,
    scriptOrigins: scripts,
    thirdPartyScriptOrigins: thirdParty,
    inlineScriptsAllowed: inline,
    evalAllowed,
    framing,
    plugins,
    headers: Object.fromEntries(SHOWN.map((h) => [h, headers[h] ?? null])),
    problems,
  };
}
