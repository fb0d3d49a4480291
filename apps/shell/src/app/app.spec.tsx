import { LandingPage, NotFoundPage, ResponsibleGamingPage, WarpPage } from '@cosmic/web-feature-shell';
import { LazyPokerPage } from '@cosmic/web-feature-poker';
import { LazyFairnessPage, LazyReservesPage } from '@cosmic/web-feature-fairness';
import { preloadPage } from './app';

const PAGES = {
  LandingPage,
  WarpPage,
  ResponsibleGamingPage,
  NotFoundPage,
  LazyPokerPage,
  LazyFairnessPage,
  LazyReservesPage,
};

describe('preloadPage', () => {
  let calls: string[];
  beforeEach(() => {
    calls = [];
    for (const [name, page] of Object.entries(PAGES))
      jest.spyOn(page, 'preload').mockImplementation(async () => void calls.push(name));
  });
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['/', 'LandingPage'],
    ['/warp', 'WarpPage'],
    ['/poker', 'LazyPokerPage'],
    ['/responsible-gaming', 'ResponsibleGamingPage'],
    ['/fairness', 'LazyFairnessPage'],
    ['/fairness/reserves', 'LazyReservesPage'],
    ['/lost/in/space', 'NotFoundPage'],
  ])("fetches the code of %s's page (%s) and no other", async (path, page) => {
    await preloadPage(path);
    expect(calls).toEqual([page]);
  });

  it.each(['/casino', '/games', '/game/dice', '/cashier', '/security'])(
    'fetches no page of its own for the remote route %s',
    async (path) => {
      await expect(preloadPage(path)).resolves.toBeUndefined();
      expect(calls).toEqual([]);
    },
  );
});
