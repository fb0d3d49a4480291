import Fastify from 'fastify';
import { contentSecurityPolicy } from './content-security-policy';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

const OPTIONS = {
  contentSecurityPolicy: { directives: contentSecurityPolicy(['https://games.example/remoteEntry.js'], true) },
  crossOriginResourcePolicy: { policy: 'cross-origin' as const },
  hsts: true,
};

describe('security headers computed once from helmet', () => {
  it("are helmet's headers for the options, CSP included", () => {
    const h = securityHeaders(OPTIONS);
    expect(h['content-security-policy']).toBe(
      // helmet's defaults merged with ours (script-src-attr 'none' is a default)
      "default-src 'self';base-uri 'self';font-src 'self' data: https://games.example;form-action 'self';frame-ancestors 'none';img-src 'self' data: https://games.example;object-src 'none';script-src 'self' https://games.example;script-src-attr 'none';style-src 'self' 'unsafe-inline' https://games.example;upgrade-insecure-requests;connect-src 'self' https://games.example https://wc.perawallet.app https://*.perawallet.app wss://*.perawallet.app https://static.defly.app https://*.defly.app wss://*.defly.app https://bridge.walletconnect.org wss://bridge.walletconnect.org wss://*.bridge.walletconnect.org data:",
    );
    expect(h).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-resource-policy': 'cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
    });
    expect(securityHeaders({ ...OPTIONS, hsts: false })['strict-transport-security']).toBeUndefined();
  });

  it('refuses options helmet refuses', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", 'bad;value'] } } }),
    ).toThrow(/script-src/);
  });

  it('are on every answer: a route, a 404 and an error', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/missing', '/boom']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    await app.close();
  });
});
