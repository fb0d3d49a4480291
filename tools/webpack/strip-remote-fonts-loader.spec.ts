import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const strip = require('./strip-remote-fonts-loader.js') as (source: string) => string;
const root = join(__dirname, '../..');

/** The installed connect libraries' built files (their modal styles sit in the App chunk). */
const dists = ['@perawallet/connect', '@blockshake/defly-connect'].flatMap((pkg) => {
  const dir = join(root, 'node_modules', pkg, 'dist');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => [`${pkg}/dist/${f}`, readFileSync(join(dir, f), 'utf8')] as const);
});

describe('strip-remote-fonts-loader', () => {
  it('removes an @import of Google Fonts, in the form the libraries ship it, and nothing else', () => {
    const css =
      '@import url("https://fonts.googleapis.com/css2?family=Inter:wght@400;500;600;700&display=swap");\\n.a{}';
    expect(strip(`var V='${css}';`)).toBe("var V='.a{}';");
    expect(strip('@import url("/own.css");.a{}')).toBe('@import url("/own.css");.a{}');
  });

  it("leaves no Google Fonts in Pera's and Defly's modals, and changes them only there", () => {
    const withFonts = dists.filter(([, source]) => source.includes('fonts.googleapis.com'));
    expect(withFonts.map(([file]) => file.split('/')[0])).toEqual(['@perawallet', '@blockshake']);
    for (const [, source] of withFonts) {
      const out = strip(source);
      expect(out).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
      expect(source.replace(/@import url\("https:\/\/fonts\.googleapis\.com\/[^"]*"\);(\\n)?/g, '')).toBe(out);
    }
  });
});
