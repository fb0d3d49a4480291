import { domProtection, parseCsp } from './header-probe';

const AT = '2026-01-01T00:00:00.000Z';
const HELMET = {
  'content-security-policy':
    "default-src 'self';script-src 'self' https://remotes.example;object-src 'none';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

describe('browser-facing (DOM) protections from real headers', () => {
  it('parses CSP directives', () => {
    expect(parseCsp("default-src 'self'; img-src 'self' data:")).toEqual({
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
    });
  });

  it('is PROTECTED when scripts come only from this origin and configured remotes', () => {
    const d = domProtection(HELMET, ["'self'", 'https://remotes.example'], AT);
    expect(d).toMatchObject({
      status: 'PROTECTED',
      thirdPartyScriptOrigins: [],
      framing: 'denied',
      plugins: 'blocked',
      inlineScriptsAllowed: false,
      problems: [],
    });
  });

  it.each([
    [
      'a CDN script origin',
      { 'content-security-policy': "script-src 'self' https://cdn.example;object-src 'none';frame-ancestors 'none'" },
      'third-party script origins: https://cdn.example',
    ],
    [
      'inline scripts',
      { 'content-security-policy': "script-src 'self' 'unsafe-inline';object-src 'none';frame-ancestors 'none'" },
      "inline scripts allowed ('unsafe-inline')",
    ],
    [
      'no CSP at all',
      { 'content-security-policy': undefined, 'x-frame-options': undefined },
      'no Content-Security-Policy header',
    ],
    ['sniffing', { 'x-content-type-options': undefined }, 'X-Content-Type-Options is not nosniff'],
  ])('is WEAKENED by %s', (_name, over, problem) => {
    const d = domProtection({ ...HELMET, ...over }, ["'self'", 'https://remotes.example'], AT);
    expect(d.status).toBe('WEAKENED');
    expect(d.problems).toContain(problem);
  });
});
