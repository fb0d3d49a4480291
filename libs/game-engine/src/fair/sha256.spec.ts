import { createHash, randomBytes } from 'node:crypto';
import { toHex, utf8 } from './encoding';
import { sha256 } from './sha256';

describe('sha256', () => {
  // FIPS 180-4 / NIST CSRC example values.
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('NIST vector %j', (input, digest) => {
    expect(toHex(sha256(utf8(input)))).toBe(digest);
  });

  it('hashes a million "a"s (NIST long message)', () => {
    expect(toHex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('matches node:crypto on every length 0..300 around the padding boundaries', () => {
    for (let len = 0; len <= 300; len++) {
      const msg = randomBytes(len);
      expect(toHex(sha256(msg))).toBe(createHash('sha256').update(msg).digest('hex'));
    }
  });
});
