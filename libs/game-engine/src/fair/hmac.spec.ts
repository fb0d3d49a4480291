import { createHmac, randomBytes } from 'node:crypto';
import { toHex, utf8 } from './encoding';
import { hmacSha256 } from './hmac';

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'));

describe('hmacSha256', () => {
  // RFC 4231 test cases 1, 2, 3, 4, 6, 7 (case 5 is a truncated output).
  it.each([
    ['0b'.repeat(20), toHex(utf8('Hi There')), 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
    [
      toHex(utf8('Jefe')),
      toHex(utf8('what do ya want for nothing?')),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    ['aa'.repeat(20), 'dd'.repeat(50), '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe'],
    [
      '0102030405060708090a0b0c0d0e0f10111213141516171819',
      'cd'.repeat(50),
      '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    ],
    [
      'aa'.repeat(131),
      toHex(utf8('Test Using Larger Than Block-Size Key - Hash Key First')),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      'aa'.repeat(131),
      toHex(
        utf8(
          'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
        ),
      ),
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ])('RFC 4231 key %s', (key, msg, mac) => {
    expect(toHex(hmacSha256(hex(key), hex(msg)))).toBe(mac);
  });

  it('matches node:crypto createHmac on random keys and messages', () => {
    for (let i = 0; i < 300; i++) {
      const key = randomBytes(i % 140);
      const msg = randomBytes((i * 37) % 260);
      expect(toHex(hmacSha256(key, msg))).toBe(createHmac('sha256', key).update(msg).digest('hex'));
    }
  });
});
