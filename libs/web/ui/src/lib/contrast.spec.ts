import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// WCAG 2.x contrast of the theme's text colours on its darkest and lightest surfaces, read from
// theme.css itself so the palette cannot drift below AA unnoticed.
const css = readFileSync(join(__dirname, '../styles/theme.css'), 'utf8');
const token = (name: string): string => {
  const m = css.match(new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`));
  if (!m) throw new Error(`--${name} not found in theme.css`);
  return m[1];
};

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme contrast (WCAG AA, 4.5:1 for body text)', () => {
  it('matches a known reference pair', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  const texts = [
    'text',
    'text-dim',
    'text-faint',
    'cyan-300',
    'violet-300',
    'gold-300',
    'pink-300',
    'gold',
    'cyan',
    'emerald',
  ];
  const surfaces = ['space-0', 'space-1', 'space-2', 'space-3', 'space-4'];
  for (const t of texts) {
    it.each(surfaces)(`--${t} on --%s`, (s) => {
      expect(contrast(token(t), token(s))).toBeGreaterThanOrEqual(4.5);
    });
  }

  const cards = readFileSync(join(__dirname, '../styles/cards.css'), 'utf8');
  const accents = [...cards.matchAll(/\.cc-accent--(\w+)\s*\{\s*--accent:\s*(#[0-9a-f]{6})/g)].map(
    (m) => [m[1], m[2]] as const,
  );
  it('finds the five card accents', () => expect(accents).toHaveLength(5));
  it.each(accents)('card accent %s (%s) on the lightest surface', (_name, hex) => {
    expect(contrast(hex, token('space-4'))).toBeGreaterThanOrEqual(4.5);
  });

  it('white on both ends of the primary button gradient', () => {
    expect(contrast('#ffffff', '#7c3aed')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', '#be185d')).toBeGreaterThanOrEqual(4.5);
  });
});
