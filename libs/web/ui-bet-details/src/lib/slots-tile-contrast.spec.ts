import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SLOTS_MODEL } from '@cosmic/game-engine';
import { symbolHue } from './outcome';

// The bet details dialog draws each slots symbol as a lettered tile in the symbol's hue
// (bet-details.css, `.cc-bd-slots__cell`): every hue, plain or won, must keep its letters at
// WCAG 2's 4.5:1 (the tiles' text is small). Colours come from the stylesheet itself.

const css = readFileSync(join(__dirname, 'bet-details.css'), 'utf8');

function rule(selector: string): string {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`bet-details.css has no ${selector} rule`);
  return css.slice(at, css.indexOf('}', at));
}

/** The saturation and lightness of `background: hsl(var(--hue, …) S% L%)` in a rule. */
function tile(selector: string): { s: number; l: number } {
  const m = /background:\s*hsl\(var\(--hue[^)]*\)\s+([\d.]+)%\s+([\d.]+)%\)/.exec(rule(selector));
  if (!m) throw new Error(`${selector} has no hsl(var(--hue) …) background`);
  return { s: Number(m[1]), l: Number(m[2]) };
}

function hex(selector: string): [number, number, number] {
  const m = /\bcolor:\s*#([0-9a-f]{6})\b/i.exec(rule(selector));
  if (!m) throw new Error(`${selector} has no #rrggbb colour`);
  return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16)) as [number, number, number];
}

/** CSS Color 4's hsl() → sRGB, each channel rounded to 0–255 as the browser paints it. */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round((light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255);
  };
  return [f(0), f(8), f(4)];
}

/** WCAG 2's relative luminance and contrast ratio. */
const luminance = (rgb: [number, number, number]) => {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: [number, number, number], b: [number, number, number]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('slots tiles in the bet details dialog', () => {
  it('the WCAG formulas give the known answers', () => {
    expect(hslToRgb(0, 100, 50)).toEqual([255, 0, 0]);
    expect(hslToRgb(120, 100, 25)).toEqual([0, 128, 0]);
    expect(contrast([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrast([255, 255, 255], [0x76, 0x76, 0x76])).toBeCloseTo(4.54, 2);
  });

  const text = hex('.cc-bd-slots__cell');
  const symbols = SLOTS_MODEL.symbols.map((s) => [s.id, symbolHue(s.id)] as const);

  it('has a hue for every symbol', () => expect(symbols.length).toBeGreaterThan(3));

  it.each(symbols)('%s (hue %d): plain and won tiles keep 4.5:1', (_id, hue) => {
    for (const selector of ['.cc-bd-slots__cell', '.cc-bd-slots__cell--won']) {
      const { s, l } = tile(selector);
      expect({ selector, ratio: contrast(text, hslToRgb(hue, s, l)) >= 4.5 }).toEqual({ selector, ratio: true });
    }
  });
});
