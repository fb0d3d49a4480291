// The browser's main thread while a route loads, for one build or two compared (issues 40 and 42).
// Lighthouse's TBT on this kind of machine moves by hundreds of milliseconds between runs of one
// build (BENCHMARKS.md), so this bench reads the trace itself: each build's API is started (its
// own embedded PostgreSQL, as lighthouse-bench.mjs does), then for each run and each route, with
// the builds alternated, a fresh page in Debian's chromium (412×823, the CPU slowed down `--rate`
// times by DevTools) opens the route and is traced for `--wait` ms after its load event. From the
// main thread's tasks it keeps: their total time, the time of tasks over 50 ms beyond their first
// 50 ms (blocking time at this slowdown: not Lighthouse's simulated TBT, but what it is computed
// from), the same of the tasks after the first contentful paint only (`afterPaintBlockingMs`:
// Lighthouse's TBT starts there), and that time split into script (evaluation, function calls,
// compiling), style, layout, paint (pre-paint, paint, layerize) and HTML parsing; and the number of
// React's commits in the load (`reactCommits`, counted through a stand-in for React DevTools' hook).
// Prints JSON: per build and route the medians, and each figure of `--dist` divided by the same of
// `--base`.
//
//   node tools/bench/main-thread-bench.mjs [--dist dist] [--base DIR] [--only /game/hilo,/fairness] [--runs 5] [--rate 4] [--scale 1] [--wait 6000] [--port 3190]
//
// `--rate 1 --scale 4` counts the tasks as Lighthouse's simulated throttling does: each task of an
// unslowed load taken 4 times as long (tasks, long tasks and blocking time; the parts stay as traced).
//
// `--dist` and `--base` are builds (apps/api and the front ends beside it) inside the workspace,
// for node_modules: a worktree's `dist` copied to `tmp/`, say.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { benchRoutes, machine, startApi, waitForApi } from './bench-lib.mjs';

const { values: opts } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    base: { type: 'string' },
    only: { type: 'string' },
    runs: { type: 'string', default: '5' },
    rate: { type: 'string', default: '4' },
    scale: { type: 'string', default: '1' },
    wait: { type: 'string', default: '6000' },
    port: { type: 'string', default: '3190' },
  },
});
const positive = (name) => {
  const n = Number(opts[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1, got '${opts[name]}'`);
  return n;
};
const runs = positive('runs');
const rate = positive('rate');
const scale = positive('scale');
const waitMs = positive('wait');
const port = positive('port');
const routes = benchRoutes(opts.only);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Trace events (complete events) that fall in each part; nested events are counted once, by the outermost. */
const PARTS = {
  script: [
    'EvaluateScript',
    'FunctionCall',
    'v8.compile',
    'v8.compileModule',
    'v8.run',
    'TimerFire',
    'FireAnimationFrame',
    'EventDispatch',
  ],
  style: ['UpdateLayoutTree', 'ParseAuthorStyleSheet'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint', 'Layerize', 'UpdateLayer'],
  parseHtml: ['ParseHTML'],
};
const partOf = new Map(Object.entries(PARTS).flatMap(([part, names]) => names.map((n) => [n, part])));

/** The figures of one traced load, from the main thread of the page's renderer. */
function mainThread(trace) {
  const complete = trace.traceEvents.filter((e) => e.ph === 'X' && e.dur > 0);
  const renderers = new Set(
    trace.traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // the renderer that ran the page's scripts (a context's first renderer, idle or being torn down,
  // can have as much task time)
  const scriptMs = new Map();
  for (const e of complete) {
    if (e.name !== 'EvaluateScript' || !renderers.has(`${e.pid}:${e.tid}`)) continue;
    const key = `${e.pid}:${e.tid}`;
    scriptMs.set(key, (scriptMs.get(key) ?? 0) + e.dur);
  }
  if (scriptMs.size === 0) throw new Error('the trace has no renderer that ran a script');
  const [main] = [...scriptMs].sort((a, b) => b[1] - a[1])[0];
  const mine = complete.filter((e) => `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = mine.filter((e) => e.name === 'RunTask');
  // the page's first contentful paint: Lighthouse's TBT counts the tasks after it
  const pid = Number(main.split(':')[0]);
  const fcp = trace.traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  if (!fcp) throw new Error('the trace has no first contentful paint: the page drew nothing');
  const figures = {
    taskMs: 0,
    longTasks: 0,
    blockingMs: 0,
    afterPaintBlockingMs: 0,
    script: 0,
    style: 0,
    layout: 0,
    paint: 0,
    parseHtml: 0,
  };
  for (const t of tasks) {
    const ms = (t.dur / 1000) * scale;
    figures.taskMs += ms;
    if (ms > 50) {
      figures.longTasks++;
      figures.blockingMs += ms - 50;
      if (t.ts >= fcp.ts) figures.afterPaintBlockingMs += ms - 50;
    }
  }
  // the outermost event of a part: one not inside another event of any part
  let openUntil = -1;
  for (const e of mine) {
    const part = partOf.get(e.name);
    if (!part || e.ts < openUntil) continue;
    figures[part] += e.dur / 1000;
    openUntil = e.ts + e.dur;
  }
  return Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Math.round(v)]));
}

/**
 * In the page, before its scripts: a stand-in for React DevTools' hook that only counts React's
 * commits (`window.__reactCommits`). Each commit is a render React finished and wrote to the page;
 * unlike the times above, the count does not move with the machine's load, so it shows a render
 * removed (or added) where the blocking time's noise hides it.
 */
function countReactCommits() {
  window.__reactCommits = 0;
  const ignore = () => undefined;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: ignore,
    onScheduleFiberRoot: ignore,
    onCommitFiberRoot: () => void window.__reactCommits++,
    onCommitFiberUnmount: ignore,
    onPostCommitFiberRoot: ignore,
  };
}

async function load(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  try {
    await context.addInitScript(countReactCommits);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'],
    });
    const res = await page.goto(url, { waitUntil: 'load' });
    if (!res?.ok()) throw new Error(`${url}: HTTP ${res?.status()}`);
    await page.waitForTimeout(waitMs);
    const reactCommits = await page.evaluate(() => window.__reactCommits);
    return { ...mainThread(JSON.parse((await browser.stopTracing()).toString())), reactCommits };
  } finally {
    await context.close();
  }
}

function startBuild(dist, apiPort) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cosmic-main-thread-'));
  const api = startApi({
    port: apiPort,
    dist,
    env: {
      WEB_ROOT: join(dist, 'apps'),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(apiPort + 20000),
    },
  });
  const stop = async () => {
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${apiPort}`, api, stop };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : Math.round((s[s.length / 2 - 1] + s[s.length / 2]) / 2);
};

async function main() {
  const builds = [{ name: 'dist', dir: resolve(opts.dist) }];
  if (opts.base) builds.unshift({ name: 'base', dir: resolve(opts.base) });
  const started = builds.map((b, i) => ({ ...b, ...startBuild(b.dir, port + i) }));
  let browser;
  try {
    await Promise.all(started.map((b) => waitForApi(b.api, b.base)));
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    for (const b of started) for (const path of routes) await load(browser, b.base + path); // warm the server's caches
    const samples = {}; // build → route → figures[]
    for (let i = 0; i < runs; i++)
      for (const path of routes)
        for (const b of i % 2 ? [...started].reverse() : started) {
          const figures = await load(browser, b.base + path);
          ((samples[b.name] ??= {})[path] ??= []).push(figures);
          console.error(`main-thread ${b.name} ${path} run ${i + 1}: ${JSON.stringify(figures)}`);
        }
    const medians = Object.fromEntries(
      Object.entries(samples).map(([name, byRoute]) => [
        name,
        Object.fromEntries(
          Object.entries(byRoute).map(([path, list]) => [
            path,
            Object.fromEntries(Object.keys(list[0]).map((k) => [k, median(list.map((f) => f[k]))])),
          ]),
        ),
      ]),
    );
    const ratio = opts.base
      ? Object.fromEntries(
          routes.map((path) => [
            path,
            Object.fromEntries(
              Object.keys(medians.dist[path]).map((k) => [
                k,
                medians.base[path][k] ? Math.round((100 * medians.dist[path][k]) / medians.base[path][k]) / 100 : null,
              ]),
            ),
          ]),
        )
      : undefined;
    console.log(
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: machine(),
          browser: browser.version(),
          settings: { rate, scale, waitMs, runs, viewport: '412×823' },
          builds: Object.fromEntries(started.map((b) => [b.name, b.dir])),
          medians,
          ratio,
          samples,
        },
        null,
        2,
      ),
    );
  } finally {
    await browser?.close();
    for (const b of started) await b.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
