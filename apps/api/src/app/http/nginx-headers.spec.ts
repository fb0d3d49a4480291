// nginx serves the shell and the remotes in production (docker/): their pages must carry the very
// policy the API sends, with the remote origins from the manifest allowed. The nginx snippet is
// rendered from the API's own function; this test fails when the two drift apart. Regenerate with
// WRITE_NGINX_HEADERS=1 npx jest -c apps/api/jest.config.ts apps/api/src/app/http/nginx-headers.spec.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { securityHeaderOptions, securityHeaders } from './security-headers';

const TEMPLATE = join(__dirname, '../../../../../docker/nginx/security-headers.conf.template');
/** Stand-ins the template carries as nginx envsubst variables (set per container in compose.yaml). */
const ORIGINS = {
  'https://games.origin.invalid': '${PUBLIC_GAMES_ORIGIN}',
  'https://cashier.origin.invalid': '${PUBLIC_CASHIER_ORIGIN}',
  'https://security.origin.invalid': '${PUBLIC_SECURITY_ORIGIN}',
};

/** The production headers of the API, with the remotes' origins as template variables. */
function expectedHeaders(): Array<[string, string]> {
  const headers = securityHeaders(
    securityHeaderOptions(
      Object.keys(ORIGINS).map((o) => `${o}/remoteEntry.js`),
      true,
    ),
  );
  return Object.entries(headers).map(([name, value]) => {
    let v = value;
    for (const [stand, variable] of Object.entries(ORIGINS)) v = v.split(stand).join(variable);
    return [name, v];
  });
}

function render(): string {
  const lines = expectedHeaders().map(([name, value]) => `add_header ${name} "${value.replace(/"/g, '\\"')}" always;`);
  return [
    "# The API's own security headers for pages nginx serves (the shell and each remote), rendered from",
    '# apps/api/src/app/http/security-headers.ts by apps/api/src/app/http/nginx-headers.spec.ts: do not edit.',
    "# nginx's image fills ${PUBLIC_*_ORIGIN} at start (envsubst); include it in every location with its",
    '# own add_header, since nginx drops inherited add_header lines there.',
    ...lines,
    '',
  ].join('\n');
}

/** The add_header lines of the template as name → value. */
function parseTemplate(text: string): Array<[string, string]> {
  return [...text.matchAll(/^add_header (\S+) "((?:[^"\\]|\\.)*)" always;$/gm)].map((m) => [
    m[1],
    m[2].replace(/\\"/g, '"'),
  ]);
}

describe('security headers of the nginx-served pages', () => {
  if (process.env['WRITE_NGINX_HEADERS'] === '1') writeFileSync(TEMPLATE, render());

  it('are exactly the headers the API sends in production, remote origins allowed', () => {
    expect(parseTemplate(readFileSync(TEMPLATE, 'utf8'))).toEqual(expectedHeaders());
    expect(readFileSync(TEMPLATE, 'utf8')).toBe(render());
  });

  it('forbid framing, sniffing and third-party scripts, and pin HTTPS', () => {
    const h = Object.fromEntries(parseTemplate(readFileSync(TEMPLATE, 'utf8')));
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy']).toContain(
      "script-src 'self' ${PUBLIC_GAMES_ORIGIN} ${PUBLIC_CASHIER_ORIGIN} ${PUBLIC_SECURITY_ORIGIN}",
    );
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});
