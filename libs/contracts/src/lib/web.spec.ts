import { HOUSE_GAMES, isWebRoute, prerenderedPageName, prerenderedPaths, WEB_ROUTES } from './web';

describe('isWebRoute (issue 40 item 9: unknown pages are 404)', () => {
  it.each([
    ...Object.values(WEB_ROUTES)
      .filter((r) => !r.includes(':'))
      .map((r) => [r, true] as const),
    ...HOUSE_GAMES.map((g) => [`/game/${g}`, true] as const),
    ['/casino/', true],
    ['/Game/Dice', true],
    ['/fairness/reserves/', true],
    ['/zzz', false],
    ['/game/nope', false],
    ['/game/', false],
    ['/game', false],
    ['/game/dice/extra', false],
    ['/casino//', false],
    ['/lost/in/space', false],
    ['/fairness/other', false],
  ] as const)('%s → %s', (path, known) => {
    expect(isWebRoute(path)).toBe(known);
  });
});

describe('prerenderedPaths and their files (issue 42: the first screen at once)', () => {
  it('is every page but /warp, a game page per house game, each with its own file name', () => {
    expect(prerenderedPaths().map((p) => [p, prerenderedPageName(p)])).toEqual([
      ['/', 'index'],
      ['/casino', 'casino'],
      ['/games', 'games'],
      ['/game/slots', 'game.slots'],
      ['/game/plinko', 'game.plinko'],
      ['/game/blackjack', 'game.blackjack'],
      ['/game/hilo', 'game.hilo'],
      ['/game/dice', 'game.dice'],
      ['/cashier', 'cashier'],
      ['/security', 'security'],
      ['/poker', 'poker'],
      ['/responsible-gaming', 'responsible-gaming'],
      ['/fairness', 'fairness'],
      ['/fairness/reserves', 'fairness.reserves'],
    ]);
    expect(prerenderedPaths().every(isWebRoute)).toBe(true);
  });

  it.each([
    ['/Game/Dice/', 'game.dice'],
    ['/CASINO', 'casino'],
    ['//', 'index'],
  ])('names %s as the page it is: %s', (path, name) => {
    expect(prerenderedPageName(path)).toBe(name);
  });
});
