import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { servedRemotes } from '../configure-app';
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

  describe("a remote's route", () => {
    // a remote route's page as apps/shell/src/prerender.tsx writes it: the loading screen in the slot
    const page = (title: string) =>
      `<head><title>${title}</title></head><main><div class="cc-remote-slot" data-remote-slot="games">` +
      '<!--remote-fragment--><div class="cc-page-loading">Loading the games…</div><!--/remote-fragment--></div></main>';
    const fragments = () => join(webRoot, 'games-mfe', 'fragments');
    const publish = (html: string, at: number) => {
      writeFileSync(join(fragments(), 'game.dice.html'), html);
      utimesSync(join(fragments(), 'game.dice.html'), at, at);
    };
    beforeEach(() => {
      writeFileSync(join(webRoot, 'shell', 'prerendered', 'game.dice.html'), page('Cosmic Casino'));
      rmSync(join(webRoot, 'games-mfe'), { recursive: true, force: true });
      mkdirSync(fragments(), { recursive: true });
    });

    it("gets the remote's own first screen as a completed Suspense boundary, its title, styles and image preloads in the head", () => {
      publish(
        '<style data-remote-styles="games">.dice{color:red}</style><link rel="preload" as="image" href="/die.svg"/>' +
          '<title>Nebula Dice — Cosmic Casino</title><h1>Nebula Dice</h1>',
        1_000,
      );
      expect(shellPages(webRoot, { games: 'games-mfe' })('/game/dice')).toBe(
        '<head><title>Nebula Dice — Cosmic Casino</title><style data-remote-styles="games">.dice{color:red}</style>' +
          '<link rel="preload" as="image" href="/die.svg"/></head>' +
          '<main><div class="cc-remote-slot" data-remote-slot="games"><!--$--><h1>Nebula Dice</h1><!--/$--></div></main>',
      );
    });

    it('gets the new screen once the remote is redeployed alone, the shell untouched', () => {
      const pages = shellPages(webRoot, { games: 'games-mfe' });
      publish('<h1>Nebula Dice</h1>', 1_000);
      expect(pages('/game/dice')).toContain('<!--$--><h1>Nebula Dice</h1><!--/$-->');
      publish('<h1>Nebula Dice 2</h1>', 2_000);
      expect(pages('/game/dice')).toContain('<!--$--><h1>Nebula Dice 2</h1><!--/$-->');
      expect(pages('/game/dice')).not.toContain('<h1>Nebula Dice</h1>');
    });

    it("keeps the shell's loading screen when the remote publishes no screen for the page", () => {
      publish('<h1>Nebula Dice</h1>', 1_000);
      rmSync(join(fragments(), 'game.dice.html'));
      expect(shellPages(webRoot, { games: 'games-mfe' })('/game/dice')).toBe(page('Cosmic Casino'));
    });

    it('keeps the loading screen for a remote the API does not serve itself', () => {
      publish('<h1>Nebula Dice</h1>', 1_000);
      expect(shellPages(webRoot)('/game/dice')).toBe(page('Cosmic Casino'));
      expect(shellPages(webRoot, { cashier: 'cashier-mfe' })('/game/dice')).toBe(page('Cosmic Casino'));
    });
  });
});

describe('servedRemotes', () => {
  it('names the remotes whose remoteEntry the API serves from its own folders', () => {
    expect(
      servedRemotes({
        remotes: {
          games: '/remotes/games/remoteEntry.js',
          cashier: 'https://cashier.example/remoteEntry.js',
          security: '/remotes/security/remoteEntry.js',
        },
      }),
    ).toEqual({ games: 'games-mfe', security: 'security-mfe' });
  });
});
