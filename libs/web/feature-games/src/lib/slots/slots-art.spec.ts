import { SLOTS_MODEL } from '@cosmic/game-engine';
import { emojiArt, symbolName, twemojiName } from './slots-art';
import { SYMBOLS } from './slots-frames';

// asset imports are their file names under Jest (tools/jest/asset-transform.js)
describe('slots art', () => {
  it.each([
    ['🌙', '1f319'],
    ['⭐', '2b50'],
    ['☄️', '2604'], // U+2604 U+FE0F: Twemoji drops the variation selector
    ['☄', '2604'],
    ['✨', '2728'],
    ['👩‍🚀', '1f469-200d-1f680'], // a ZWJ sequence keeps every code point
    ['🏳️‍🌈', '1f3f3-fe0f-200d-1f308'], // ... and its U+FE0F
  ])('twemojiName(%s) is %s', (emoji, name) => {
    expect(twemojiName(emoji)).toBe(name);
  });

  it.each(SLOTS_MODEL.symbols.map((s) => [s.id, s]))(
    '%s is drawn with its own Twemoji file and named by the model',
    (_id, s) => {
      const file = `${twemojiName(s.emoji)}.svg`;
      expect(() => require.resolve(`@twemoji/svg/${file}`)).not.toThrow();
      expect(emojiArt(s.emoji)).toBe(file);
      expect(symbolName(s.emoji)).toBe(s.name);
    },
  );

  it("the shuffle's symbols are the model's, so every frame the grid shows has pictures", () => {
    expect([...SYMBOLS]).toEqual(SLOTS_MODEL.symbols.map((s) => s.emoji));
  });

  it("the bonus banner's ✨ has a picture", () => {
    expect(emojiArt('✨')).toBe('2728.svg');
  });

  it('an emoji that is no symbol has no picture and keeps itself as its name', () => {
    expect(emojiArt('🍒')).toBeUndefined();
    expect(symbolName('🍒')).toBe('🍒');
  });
});
