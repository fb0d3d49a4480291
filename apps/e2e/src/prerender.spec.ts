// Issue 42: each page's first screen is HTML the server already has (apps/shell/src/prerender.tsx,
// answered by apps/api/src/app/web/prerendered-pages.ts), and the browser hydrates it as it stands.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './support/console';
import { holdRequests } from './support/play';

/** The first screen's text of each page the shell prerenders with its content. */
const PAGES = [
  { path: '/', heading: /Cosmic Casino/ },
  { path: '/poker', heading: 'Cosmic Poker' },
  { path: '/fairness', heading: 'Provably Fair' },
] as const;

/** The games remote's pages: each game's title and a button of its board or bet panel. */
const GAMES = [
  { path: '/game/dice', heading: 'Nebula Dice', play: /^Seven/ },
  { path: '/game/plinko', heading: 'Quantum Plinko', play: 'Drop ball' },
  { path: '/game/slots', heading: 'Cosmic Chaos Slots', play: 'Spin' },
  { path: '/game/blackjack', heading: 'Galaxy Blackjack', play: 'Deal' },
  { path: '/game/hilo', heading: 'Cosmic Hi-Lo', play: 'Start' },
] as const;

/** The frame every prerendered page holds: header, navigation, balance placeholder, footer. */
async function expectFrame(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Games' })).toHaveAttribute('href', '/casino');
  await expect(page.getByTestId('header-balance')).toBeAttached();
  await expect(page.getByRole('contentinfo')).toContainText('Support');
  // the first paint waits until the parser reaches the footer (apps/shell/src/index.html): a paint
  // of a half-read header, then its items moving into place, was a layout shift on a slow machine
  const expected = await page.locator('link[rel=expect][blocking=render]').getAttribute('href');
  expect(expected).toBe('#site-footer');
  await expect(page.locator(`main ~ footer${expected}`)).toHaveRole('contentinfo');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of PAGES) {
    test(`${path} shows its first screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectFrame(page);
    });
  }

  test("/casino shows the games remote's own first screen in the frame", async ({ page }) => {
    await page.goto('/casino');
    await expectFrame(page);
    // the lobby the games remote's build published (apps/games-mfe/src/fragments.tsx), stitched in by the API
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Cosmic Adventure' })).toBeVisible();
  });

  test("/cashier shows the cashier remote's own first screen, its balances placeholders", async ({ page }) => {
    await page.goto('/cashier');
    await expectFrame(page);
    // the screen the cashier remote's build published (apps/cashier-mfe/src/fragments.tsx)
    await expect(page.getByRole('heading', { level: 1, name: 'Cashier' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your Balance' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Crypto Wallet' })).toContainText(
      'Connect an Algorand wallet to deposit and withdraw AMINA',
    );
    for (const id of ['cashier-amina-balance', 'cashier-hc-balance']) {
      await expect(page.getByTestId(id).locator('.cc-skeleton')).toBeVisible();
      await expect(page.getByTestId(id)).not.toContainText(/\d/);
    }
  });

  for (const { path, heading, play } of GAMES) {
    test(`${path} shows the game's board and bet panel, its balance a placeholder with no amount`, async ({ page }) => {
      await page.goto(path);
      await expectFrame(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('button', { name: play })).toBeVisible();
      await expect(page.getByLabel('Bet amount')).toBeVisible();
      await expect(page.getByRole('group', { name: 'Quick bets' })).toContainText('25');
      // the player's balance is not known to the server's HTML: never the guest's 1,000 HC default
      const balance = page.getByTestId('bet-balance');
      await expect(balance.locator('.cc-skeleton')).toBeVisible();
      await expect(balance).not.toContainText(/\d/);
    });
  }
});

test.describe('with JavaScript', () => {
  const REMOTE_PAGES = [
    { path: '/casino', heading: 'Choose Your Cosmic Adventure' },
    { path: '/cashier', heading: 'Cashier' },
  ] as const;
  for (const { path, heading } of [...PAGES, ...REMOTE_PAGES, ...GAMES]) {
    test(`${path} hydrates the server's HTML without a mismatch`, async ({ page }) => {
      const browserConsole = await watchConsole(page);
      // the server's nodes, kept before the app's script runs: a hydration that gave up re-renders new ones
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          const w = window as unknown as { serverNodes: Element[] };
          // the page's heading: on a remote's route, inside the remote's first screen the server stitched in
          w.serverNodes = [document.querySelector('header')!, document.querySelector('main h1')!];
        });
        // every shift of the load: the prerendered page must be drawn with its page's stylesheet
        // already linked (libs/web/ui/src/lib/page-styles.ts), not restyled when the page's chunk arrives
        const shifts: string[] = [];
        (window as unknown as { shifts: string[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: { node?: Node }[] }>)
            shifts.push(
              `${e.value.toFixed(3)}: ${(e.sources ?? []).map((s) => (s.node as Element | undefined)?.className ?? s.node?.nodeName).join(', ')}`,
            );
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // the player's own data fills in after hydration: the guest's wallet in the header
      await expect(page.getByLabel('Guest balance')).toBeVisible();
      // the remote hydrated its screen and then showed the player's own balance in it
      if (path.startsWith('/game/')) await expect(page.getByTestId('bet-balance')).toContainText('1,000 HC');
      if (path === '/cashier') await expect(page.getByTestId('cashier-hc-balance')).toHaveText('1,000 HC');
      const kept = await page.evaluate(() => {
        const [header, heading] = (window as unknown as { serverNodes: Element[] }).serverNodes;
        // hydrated in place, the remote's screen too: a render over the server's HTML makes new nodes
        return { header: header.isConnected, page: heading.isConnected };
      });
      expect(kept).toEqual({ header: true, page: true });
      await browserConsole.expectNone();
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    });
  }
});

test('the app starts after the first paint, and motion waits until the page is live', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  // when the first paint happened, main.js was added to the page and had run ('cc-starting'), the
  // shell and the remote said they had hydrated, and the page went live ('cc-page-live'); and the
  // placeholders' sweeps as the shell said it had hydrated
  await page.addInitScript(() => {
    const marks: Record<string, number> = {};
    const sweeps: string[] = [];
    Object.assign(window, { marks, sweeps });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) marks[e.name] ??= e.startTime;
    }).observe({ type: 'paint', buffered: true });
    for (const name of ['cosmic:shell-hydrated', 'cosmic:remote-screen-shown'])
      document.addEventListener(name, () => (marks[name] ??= performance.now()));
    document.addEventListener('cosmic:shell-hydrated', () => {
      for (const a of document.getAnimations())
        if ((a as CSSAnimation).animationName === 'cc-shimmer') sweeps.push(a.playState);
    });
    new MutationObserver(() => {
      const classes = document.documentElement.classList;
      if (classes.contains('cc-starting')) marks['starting'] ??= performance.now();
      if (classes.contains('cc-page-live')) marks['live'] ??= performance.now();
      if (document.querySelector('script[src*="/main."]')) marks['main'] ??= performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  const response = await page.goto('/game/dice');
  // the page does not name main.js (tools/webpack/route-preload.js adds it after the first paint):
  // a deferred script would run before the page is drawn, and any script asked for before the first
  // paint, even preloaded at low priority, counts in Lighthouse's simulated LCP
  expect(await response!.text()).not.toMatch(/\/main\.[0-9a-f]+\.js/);
  await expect(page.getByTestId('bet-balance')).toContainText('1,000 HC');
  await expect(page.locator('html')).toHaveClass(/(^|\s)cc-page-live(\s|$)/);
  await expect(page.locator('html')).not.toHaveClass(/cc-starting/);
  // the sky has faded in and twinkles
  await expect(page.locator('.cc-sky')).toHaveCSS('opacity', '1');
  await expect(page.locator('.cc-sky__stars').first()).toHaveCSS('display', 'block');
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => (a as CSSAnimation).animationName === 'cc-twinkle').length,
      ),
    )
    .toBe(2);
  const { marks, sweeps } = await page.evaluate(() => {
    const w = window as unknown as { marks: Record<string, number>; sweeps: string[] };
    return { marks: w.marks, sweeps: w.sweeps };
  });
  expect(marks['first-paint']).toBeGreaterThan(0);
  expect(marks['main']).toBeGreaterThanOrEqual(marks['first-paint']);
  // no script or manifest was asked for before the first paint but route-preload.js itself: not
  // main.js, not the route's chunks, not remotes.json, the remote's entry or its screen's chunks
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\.(js|json)$/.test(new URL(e.name).pathname))
      .map((e) => ({ file: new URL(e.name).pathname, start: e.startTime })),
  );
  expect(scripts.map((s) => s.file)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/main\./)]));
  expect(scripts.map((s) => s.file)).toEqual(expect.arrayContaining([expect.stringMatching(/remoteEntry/)]));
  expect(
    scripts.filter((s) => s.start < marks['first-paint'] && !s.file.startsWith('/route-preload.')).map((s) => s.file),
  ).toEqual([]);
  expect(marks['starting']).toBeGreaterThanOrEqual(marks['main']);
  expect(marks['live']).toBeGreaterThanOrEqual(marks['cosmic:shell-hydrated']);
  expect(marks['live']).toBeGreaterThanOrEqual(marks['cosmic:remote-screen-shown']);
  // the header balance's placeholder was there, its sweep still while the app started
  expect(sweeps.length).toBeGreaterThan(0);
  expect(sweeps.filter((state) => state !== 'paused')).toEqual([]);
  expect(problems).toEqual([]);
});

test("a tab opened in the background asks for main.js and the route's files at once", async ({ page }) => {
  // a background tab: hidden, its timers throttled (here past the test's end); the files are each
  // asked for in a timer of their own only where a player may be waiting to click
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    const later = window.setTimeout.bind(window);
    window.setTimeout = ((run: TimerHandler, ms?: number, ...rest: unknown[]) =>
      later(run, Math.max(ms ?? 0, 600_000), ...rest)) as typeof window.setTimeout;
  });
  await page.goto('/game/dice');
  const asked = () =>
    page.evaluate(() => ({
      main: document.querySelectorAll('script[src*="/main."]').length > 0,
      remoteEntry: document.querySelectorAll('link[rel=preload][href*="remoteEntry"]').length,
      diceChunk: document.querySelectorAll('link[rel=preload][href*="game-dice"]').length,
    }));
  await expect.poll(asked).toEqual({ main: true, remoteEntry: 1, diceChunk: 1 });
});

/**
 * The header's balance in sight at each size: below 1100px the bar's balance, wider the wallet
 * widget's guest summary (apps/shell/src/app/app.tsx). Prerendered from a fresh store, it holds a
 * placeholder of the guest balance's box, which the player's balance replaces after hydration.
 */
const SIZES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, balance: '[data-testid="header-balance"]' },
  { name: '1280x800', viewport: { width: 1280, height: 800 }, balance: '[aria-label="Guest balance"]' },
] as const;

type Shift = { value: number; sources: string[] };

/** Where an element stands and how big it is, as the page lays it out. */
const boxOf = (el: Locator) =>
  el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });

test("the waiting page's animations are all drawn by the compositor", async ({ page }) => {
  // held, main.js leaves the prerendered page waiting with its stand-ins: the header's balance and
  // the seed pair's boxes. An animation of anything but transform or opacity would be restyled and
  // repainted on the main thread in every frame while the page waits (BENCHMARKS.md, "Main thread").
  const main = await holdRequests(page, /\/main\.[0-9a-f]+\.js$/);
  await page.goto('/fairness', { waitUntil: 'commit' });
  await expect(page.locator('.cc-fair__seed--pending dd.cc-sweep')).toHaveCount(4);
  const animations = await page.evaluate(() =>
    document.getAnimations().map((a) => ({
      name: (a as CSSAnimation).animationName,
      state: a.playState,
      properties: [
        ...new Set(
          (a.effect as KeyframeEffect)
            .getKeyframes()
            .flatMap((k) =>
              Object.keys(k).filter((p) => !['offset', 'computedOffset', 'easing', 'composite'].includes(p)),
            ),
        ),
      ],
    })),
  );
  // the four seed boxes and the header balance's skeleton sweep (an element not shown runs no
  // animation), running: main.js has not run, the page says it is coming; the sky waits for the
  // page to be live
  const sweeps = animations.filter((a) => a.name === 'cc-shimmer');
  expect(sweeps.length).toBeGreaterThanOrEqual(5);
  expect(sweeps.filter((a) => a.state !== 'running')).toEqual([]);
  expect(animations.filter((a) => a.name === 'cc-twinkle' || a.name === 'cc-drift')).toEqual([]);
  expect(animations.filter((a) => a.properties.some((p) => p !== 'transform' && p !== 'opacity'))).toEqual([]);
  main.release();
  // once live, the sky's layers twinkle and drift, by the compositor too
  await expect(page.locator('html')).toHaveClass(/(^|\s)cc-page-live(\s|$)/);
  const sky = await page.evaluate(() =>
    document
      .getAnimations()
      .map((a) => ({
        name: (a as CSSAnimation).animationName,
        properties: Object.keys((a.effect as KeyframeEffect).getKeyframes()[0]).filter(
          (p) => !['offset', 'computedOffset', 'easing', 'composite'].includes(p),
        ),
      }))
      .filter((a) => a.name === 'cc-twinkle' || a.name === 'cc-drift'),
  );
  expect(sky.map((a) => a.name).sort()).toEqual(['cc-drift', 'cc-twinkle', 'cc-twinkle']);
  expect(sky.filter((a) => a.properties.some((p) => p !== 'transform' && p !== 'opacity'))).toEqual([]);
});

for (const { name, viewport, balance } of SIZES) {
  test.describe(`the header balance at ${name}`, () => {
    test.use({ viewport });

    test('without JavaScript it is a placeholder with no amount', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      await page.goto('/');
      const shown = page.locator(balance);
      await expect(shown).toBeVisible();
      await expect(shown.locator('.cc-skeleton')).toBeVisible();
      // neither balance holds an amount, the one in sight nor the one this width hides
      for (const el of [page.getByTestId('header-balance'), page.locator('.cc-wallet__summary')]) {
        await expect(el).not.toContainText(/\d|HC/);
      }
      await expect(page.getByTestId('hc-balance')).toHaveCount(0);
      await context.close();
    });

    test('with JavaScript the balance fills in the same box: no layout shift, no warning', async ({ page }) => {
      const browserConsole = await watchConsole(page);
      // every layout shift in the header, from the first paint on
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: Shift[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; sources: { node: Node | null }[] }[]) {
            const sources = e.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : '#text'));
            if (e.sources.some((s) => s.node && document.querySelector('header')?.contains(s.node)))
              w.shifts.push({ value: e.value, sources });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // the app's script is held until the server's page, styled, has been measured
      const main = await holdRequests(page, /\/main\.[0-9a-f]+\.js$/);
      await page.goto('/', { waitUntil: 'commit' });
      const shown = page.locator(balance);
      await expect(shown.locator('.cc-skeleton')).toBeVisible();
      await expect(page.locator('header')).toHaveCSS('position', 'sticky');
      await expect(shown).not.toContainText(/\d/);
      const before = await boxOf(shown);
      main.release();
      await expect(shown).toContainText('1,000 HC');
      await expect(shown.locator('.cc-skeleton')).toHaveCount(0);
      expect(await boxOf(shown)).toEqual(before);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
      expect(shifts).toEqual([]);
      await browserConsole.expectNone();
    });
  });
}
