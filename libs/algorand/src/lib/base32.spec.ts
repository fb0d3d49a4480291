import { base32Decode, base32Encode } from './base32';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('base32', () => {
  // RFC 4648 section 10 vectors, padding removed.
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %j and back', (plain, encoded) => {
    expect(base32Encode(utf8(plain))).toBe(encoded);
    expect(base32Decode(encoded)).toEqual(utf8(plain));
  });

  it.each(['mzxw6', 'MZXW6=', 'MZ1W6', 'MZ W6', 'MZXW8'])('refuses %j (outside the alphabet)', (text) => {
    expect(base32Decode(text)).toBeNull();
  });
});
