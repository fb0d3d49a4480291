import { expect, type Page } from '@playwright/test';

// The browser's console, watched by the tests that load a page and say it loaded cleanly: every
// error and warning, and every uncaught error, from the moment they start watching.

/** Chromium's warning for a file preloaded and not used within a few seconds of the load event. */
const UNUSED_PRELOAD = /^warning: The resource (\S+) was preloaded using link preload but not used/;

export interface ConsoleWatch {
  /** What was reported so far, each as `type: text` (an uncaught error as its message). */
  readonly problems: string[];
  /** Forgets what was reported so far: a test that broke a load on purpose starts afresh. */
  clear(): void;
  /**
   * Nothing was reported, with one exception that has a known cause. main.js and the route's
   * preloaded files are asked for after the page's first paint (tools/webpack/route-preload.js),
   * and the route's files are used only once main.js has run, so on a loaded machine chromium
   * warns that files preloaded for them were not used within a few seconds of the load event.
   * Such a warning passes only when the file was used in the end: a script or a stylesheet link
   * with its address was added to the page (a lazy chunk's stylesheet, the bet panel's say, comes
   * as a link). A preload nothing uses (a wrong address, a file the route does not load) still
   * fails.
   */
  expectNone(): Promise<void>;
}

/** Watches the page's console from now on; the page's scripts are noted from its next navigation. */
export async function watchConsole(page: Page): Promise<ConsoleWatch> {
  const problems: string[] = [];
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && problems.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    const added = new Set<string>();
    (window as unknown as { filesAdded: Set<string> }).filesAdded = added;
    // webpack removes a chunk's script once it has run: its addition is noted as it happens
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes) {
          if (n instanceof HTMLScriptElement && n.src) added.add(n.src);
          else if (n instanceof HTMLLinkElement && n.rel === 'stylesheet' && n.href) added.add(n.href);
        }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    problems,
    clear: () => void problems.splice(0),
    async expectNone() {
      const late = problems.flatMap((p) => UNUSED_PRELOAD.exec(p)?.[1] ?? []);
      if (late.length > 0) {
        const added = await page.evaluate(() => [...(window as unknown as { filesAdded: Set<string> }).filesAdded]);
        expect(
          late.filter((url) => !added.includes(url)),
          'preloaded files never used',
        ).toEqual([]);
      }
      expect(problems.filter((p) => !UNUSED_PRELOAD.test(p))).toEqual([]);
    },
  };
}
