import moon from '@twemoji/svg/1f319.svg';
import galaxy from '@twemoji/svg/1f30c.svg';
import earth from '@twemoji/svg/1f30d.svg';
import sun from '@twemoji/svg/1f31e.svg';
import alien from '@twemoji/svg/1f47d.svg';
import rocket from '@twemoji/svg/1f680.svg';
import ufo from '@twemoji/svg/1f6f8.svg';
import saturn from '@twemoji/svg/1fa90.svg';
import comet from '@twemoji/svg/2604.svg';
import sparkles from '@twemoji/svg/2728.svg';
import star from '@twemoji/svg/2b50.svg';

// The slots screen draws its emoji with Twemoji pictures: a machine without a colour emoji font
// (Debian's chromium, many Linux desktops) shows emoji text as empty boxes. Each file is imported
// by name so the bundle gains only these, as separate asset files (URLs), not as JS.

/** Twemoji's file name for an emoji: its code points in hex joined by '-', U+FE0F dropped unless it is a ZWJ sequence (Twemoji's own rule). */
export function twemojiName(emoji: string): string {
  const points = [...emoji].map((c) => c.codePointAt(0)!.toString(16));
  return (emoji.includes('\u200d') ? points : points.filter((p) => p !== 'fe0f')).join('-');
}

// The model's names (libs/game-engine/src/slots/cosmic-chaos.ts; slots-art.spec.ts checks they
// agree), written out here: importing SLOTS_MODEL from @cosmic/game-engine's index also bundles
// its paytables into this screen (+3.7 KB gzip).
const SYMBOL_ART: Readonly<Record<string, { name: string; src: string }>> = {
  '1f319': { name: 'Moon', src: moon },
  '2b50': { name: 'Star', src: star },
  '2604': { name: 'Comet', src: comet },
  '1f30d': { name: 'Earth', src: earth },
  '1fa90': { name: 'Saturn', src: saturn },
  '1f680': { name: 'Rocket', src: rocket },
  '1f6f8': { name: 'UFO', src: ufo },
  '1f47d': { name: 'Alien', src: alien },
  '1f31e': { name: 'Sun', src: sun },
  '1f30c': { name: 'Galaxy (scatter)', src: galaxy },
};
const OTHER_ART: Readonly<Record<string, string>> = { '2728': sparkles };

/** The Twemoji picture (URL) of an emoji the slots screen shows; undefined for any other. */
export function emojiArt(emoji: string): string | undefined {
  const name = twemojiName(emoji);
  return SYMBOL_ART[name]?.src ?? OTHER_ART[name];
}

/** A slots symbol's name ("Moon" for '🌙'); the emoji itself if it is no symbol. */
export function symbolName(emoji: string): string {
  return SYMBOL_ART[twemojiName(emoji)]?.name ?? emoji;
}
