import { ForbiddenException } from '@nestjs/common';
import { PublicOrigins, publicOriginFor } from './public-origin';

const SITES = ['https://casino.example', 'https://www.casino.example', 'http://localhost:3000'];
const request = (host: string | undefined, origin?: string, protocol: 'http' | 'https' = 'https') => ({
  protocol,
  headers: { host, origin },
});
const refusal = (host: string | undefined, origin?: string) => {
  try {
    publicOriginFor(request(host, origin), SITES);
  } catch (e) {
    return e instanceof ForbiddenException ? `403 ${e.message}` : `other: ${String(e)}`;
  }
  return 'allowed';
};

describe('publicOriginFor', () => {
  it.each([
    // [Host, Origin, the origin a challenge names]
    ['casino.example', undefined, 'https://casino.example'],
    ['casino.example:443', undefined, 'https://casino.example'],
    ['CASINO.example', undefined, 'https://casino.example'],
    ['casino.example', 'null', 'https://casino.example'],
    ['casino.example', 'https://www.casino.example', 'https://www.casino.example'],
    ['www.casino.example', undefined, 'https://www.casino.example'],
    ['localhost:3000', undefined, 'http://localhost:3000'],
    ['localhost:3000', 'http://localhost:3000', 'http://localhost:3000'],
  ])('Host %s, Origin %s: names %s', (host, origin, named) => {
    expect(publicOriginFor(request(host, origin), SITES)).toBe(named);
  });

  it.each([
    // [Host, Origin, refusal]
    ['evil.example', undefined, '403 Host not allowed: evil.example'],
    ['evil.example', 'https://casino.example', '403 Host not allowed: evil.example'],
    [undefined, undefined, '403 Host not allowed: (none)'],
    ['casino.example:8443', undefined, '403 Host not allowed: casino.example:8443'],
    ['casino.example:80', undefined, '403 Host not allowed: casino.example:80'],
    ['localhost', undefined, '403 Host not allowed: localhost'],
    ['casino.example.evil.example', undefined, '403 Host not allowed: casino.example.evil.example'],
    ['evil.example@casino.example', undefined, '403 Host not allowed: evil.example@casino.example'],
    ['casino.example/path', undefined, '403 Host not allowed: casino.example/path'],
    ['casino.example:99999', undefined, '403 Host not allowed: casino.example:99999'],
    ['casino.example', 'https://evil.example', '403 Origin not allowed: https://evil.example'],
    ['casino.example', 'http://casino.example', '403 Origin not allowed: http://casino.example'],
    ['casino.example', 'https://casino.example:8443', '403 Origin not allowed: https://casino.example:8443'],
    ['casino.example', '', '403 Origin not allowed: '],
  ])('Host %s, Origin %s: %s', (host, origin, expected) => {
    expect(refusal(host, origin)).toBe(expected);
  });

  it("prefers, among the host's origins, the one on the request's scheme", () => {
    const both = ['http://casino.example', 'https://casino.example'];
    expect(publicOriginFor(request('casino.example', undefined, 'https'), both)).toBe('https://casino.example');
    expect(publicOriginFor(request('casino.example', undefined, 'http'), both)).toBe('http://casino.example');
  });
});

describe('PublicOrigins.names', () => {
  const site = new PublicOrigins({ publicOrigins: SITES });
  it.each([
    ['https://casino.example', 'casino.example', true],
    ['http://localhost:3000', 'localhost:3000', true],
    ['http://evil.example', 'evil.example', false],
    ['https://casino.example', 'evil.example', false],
    ['http://evil.example', 'casino.example', false],
    ['https://casino.example', 'www.casino.example', false],
    ['', '', false],
  ])('uri %s, domain %s: %s', (uri, domain, named) => {
    expect(site.names(uri, domain)).toBe(named);
  });
});
