import { createHash } from 'node:crypto';
import { sha512_256 } from './sha512-256';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('sha512_256', () => {
  // FIPS 180-4 example vectors for SHA-512/256.
  it.each([
    ['abc', '53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23'],
    ['', 'c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a'],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      '3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a',
    ],
  ])('hashes %j to the published digest', (input, digest) => {
    expect(hex(sha512_256(utf8(input)))).toBe(digest);
  });

  // Lengths around the 112/128-byte padding boundaries are where hand-written padding breaks.
  it.each([0, 1, 31, 32, 55, 56, 63, 64, 111, 112, 113, 127, 128, 129, 255, 256, 1000])(
    'matches node:crypto for a %i-byte message',
    (length) => {
      const message = Uint8Array.from({ length }, (_, i) => (i * 131 + length) & 0xff);
      const expected = createHash('sha512-256').update(message).digest('hex');
      expect(hex(sha512_256(message))).toBe(expected);
    },
  );
});
