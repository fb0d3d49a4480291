import { defaultUsername } from './users.service';

describe('defaultUsername', () => {
  it.each([
    [[0, 1, 2, 3, 4, 5, 6, 7], 'cosmic_abcdefgh'],
    [[26, 27, 28, 29, 30, 31, 25, 24], 'cosmic_234567zy'],
    // only the low 5 bits count: 256 is a multiple of 32, so every character is equally likely
    [[32, 33, 255, 224, 64, 96, 128, 160], 'cosmic_ab7aaaaa'],
  ])('maps random bytes %j to %s', (bytes, name) => {
    expect(defaultUsername(Uint8Array.from(bytes))).toBe(name);
  });

  it('draws a new name each time, in cosmic_ + 8 base32 characters', () => {
    const names = new Set(Array.from({ length: 100 }, () => defaultUsername()));
    expect(names.size).toBe(100);
    for (const n of names) expect(n).toMatch(/^cosmic_[a-z2-7]{8}$/);
  });
});
