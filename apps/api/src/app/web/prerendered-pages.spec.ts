import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellPages } from './prerendered-pages';

describe('shellPages', () => {
  let webRoot: string;
  beforeAll(() => {
    webRoot = mkdtempSync(join(tmpdir(), 'shell-pages-'));
    mkdirSync(join(webRoot, 'shell', 'prerendered'), { recursive: true });
    writeFileSync(join(webRoot, 'shell', 'index.html'), 'empty root');
    for (const page of ['index', 'casino', 'game.dice', 'fairness.reserves'])
      writeFileSync(join(webRoot, 'shell', 'prerendered', `${page}.html`), `prerendered ${page}`);
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it.each([
    ['/', 'prerendered index'],
    ['/casino', 'prerendered casino'],
    ['/Casino/', 'prerendered casino'],
    ['/game/dice', 'prerendered game.dice'],
    ['/fairness/reserves', 'prerendered fairness.reserves'],
    // a page without its file (not prerendered) and a path the app does not know: index.html
    ['/poker', 'empty root'],
    ['/zzz', 'empty root'],
    ['/game/nope', 'empty root'],
  ])('answers %s with %s', (path, html) => {
    expect(shellPages(webRoot)(path)).toBe(html);
  });

  it('answers nothing when the shell is not built', () => {
    expect(shellPages(join(webRoot, 'nowhere'))('/casino')).toBeUndefined();
  });
});
