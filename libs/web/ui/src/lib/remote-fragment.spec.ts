import { pagesOf, remoteFragment } from './remote-fragment';

describe("a remote's published first screen", () => {
  const sheets = [
    { href: 'libs/x/cashier.css', css: '.cc-cashier{display:grid}' },
    { href: 'libs/x/dice.css', css: '.cc-dice{color:red}' },
  ];

  it('carries, in a <style> before it, the styles its elements use, and only those', () => {
    expect(remoteFragment('cashier', '/cashier', '<section class="cc-cashier">Cashier</section>', sheets)).toBe(
      '<style data-remote-styles="cashier">.cc-cashier{display:grid}</style><section class="cc-cashier">Cashier</section>',
    );
  });

  it('is the HTML as it is when none of the styles apply', () => {
    expect(remoteFragment('games', '/casino', '<p class="other">x</p>', sheets)).toBe('<p class="other">x</p>');
  });

  it('refuses an inline script, naming the remote and the page', () => {
    expect(() => remoteFragment('games', '/game/dice', '<p>x</p><script>go()</script>', sheets)).toThrow(
      'the games fragment of /game/dice holds an inline script the CSP refuses',
    );
  });

  it("is rendered for the pages a remote's routes match, parameters included", () => {
    const pages = ['/', '/casino', '/games', '/game/dice', '/game/hilo', '/cashier', '/games/extra'];
    expect(pagesOf(pages, ['/casino', '/games', '/game/:gameType'])).toEqual([
      '/casino',
      '/games',
      '/game/dice',
      '/game/hilo',
    ]);
    expect(pagesOf(pages, ['/cashier'])).toEqual(['/cashier']);
  });
});
