// Preloading the route being opened (issue 23): the shell's lazy pages and the remotes arrive as
// chunks requested one after another (main.js runs, then asks for the page's chunk; a remote
// route asks for the federation chunk, then remotes.json, then remoteEntry.js, then the remote's
// chunks). These plugins let the page ask for all of them at once, while main.js downloads.
//
// - ShellRoutePreloadPlugin (the shell): emits `route-preload.[hash].js`, a small script loaded
//   `async` before main.js (the CSP allows no inline script). It knows each route's shell chunks
//   (their hashed files) and, for a remote route, fetches remotes.json (kept for the federation
//   runtime in `window.__cosmicRemotes`) and the remote's `preload.json`, then adds a
//   `<link rel="preload">` for every file. It also starts the app after the page's first frame
//   (startAfterFirstFrame below): main.js, which index.html does not load; and it holds the page's
//   motion back until the page is live (motionWhenLive below).
// - RemotePreloadManifestPlugin (each remote): emits `preload.json` beside remoteEntry.js: the
//   files of the exposed module and of each named chunk (e.g. `game-dice`), relative to it.
//
// On every page the script also holds the clicks made on the server's page before the app's code
// has hydrated it (the shell's controls, its page, a remote's first screen the server stitched in), then
// replays them, and tells the app what was typed meanwhile (holdClicks below).
//
// A route or chunk name that the build does not have fails the build.
const { Compilation, sources } = require('webpack');
const { createHash } = require('node:crypto');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'RoutePreload';

/** The files (JS and CSS, not source maps) of a named chunk group; fails the build on an unknown name. */
function groupFiles(compilation, name) {
  const group = compilation.namedChunkGroups.get(name);
  if (!group)
    throw new Error(
      `route-preload: the build has no chunk named '${name}' (named: ${[...compilation.namedChunkGroups.keys()].join(', ')})`,
    );
  return [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((f) => /\.(js|css)$/.test(f));
}

/**
 * The script run in the page: `routes` as [{ path | prefix, files, remote?, remoteChunk? }], `main`
 * the app's entry scripts, which index.html does not name and this script adds.
 */
function preloadScript(routes, main) {
  return `(function () {
  var ROUTES = ${JSON.stringify(routes)};
  var MAIN = ${JSON.stringify(main)};
  // which parts of the page have hydrated (holdClicks below): the shell, a lazy page of the shell
  // in its slot, the remote's first screen in its slot
  var ready = { shell: false, page: false, remote: false };
  var SLOTS = '[data-remote-slot], [data-page-slot]';
  var motion = motionWhenLive();
  var release = holdClicks();
  startAfterFirstFrame();
  // The route's files (its shell chunks; for a remote route remotes.json, the remote's entry and
  // its first screen's chunks) are asked for with main.js, after the first paint: until then the
  // network carries only what the first paint needs (the page and its stylesheets).
  function preloadRoute() {
    var path = location.pathname.replace(/\\/+$/, '') || '/';
    var route = null;
    var param = null;
    for (var i = 0; i < ROUTES.length && !route; i++) {
      var r = ROUTES[i];
      if (r.path === path) route = r;
      else if (r.prefix && path.indexOf(r.prefix) === 0 && path.length > r.prefix.length && path.indexOf('/', r.prefix.length) < 0) {
        route = r;
        param = path.slice(r.prefix.length);
      }
    }
    if (!route) return;
    function preload(href) {
      apart(function () {
        var link = document.createElement('link');
        link.rel = 'preload';
        link.as = /\\.css$/.test(href) ? 'style' : 'script';
        link.href = href;
        document.head.appendChild(link);
      });
    }
    route.files.forEach(preload);
    if (!route.remote) return;
    var remotes = fetch('/remotes.json', { credentials: 'same-origin' }).then(function (res) {
      if (!res.ok) throw new Error('remotes.json: ' + res.status);
      return res.json();
    });
    window.__cosmicRemotes = remotes;
    remotes
      .then(function (manifest) {
        var entry = new URL(manifest[route.remote], location.href);
        preload(entry.href);
        // revalidated every time: the remote's host may cache it like its hashed files
        return fetch(new URL('preload.json', entry), { cache: 'no-cache', credentials: 'omit' })
          .then(function (res) {
            return res.ok ? res.json() : { expose: [], chunks: {} };
          })
          .then(function (files) {
            var chunk = route.remoteChunk && param !== null ? files.chunks[route.remoteChunk.replace(':param', param)] || [] : [];
            files.expose.concat(chunk).forEach(function (f) {
              preload(new URL(f, entry).href);
            });
          });
      })
      .catch(function () {
        /* only a hint: the federation runtime fetches what it needs and reports its own failures */
      });
  }
  // Each file is asked for in a task of its own, in the order asked: on a slow phone the browser
  // takes a few milliseconds of the main thread to start each request, and a dozen of them in one
  // task would block the page for its first input (timers of one delay set in one task run in order).
  // A hidden tab has no input to keep free, and its timers may wait a second (background
  // throttling): there each file is asked for at once.
  function apart(ask) {
    if (document.visibilityState === 'hidden') ask();
    else setTimeout(ask);
  }
  // The server's page is drawn before any of the app's code runs: main.js starts (it hydrates the
  // page, src/main.tsx) once the first frame is on the screen. A hidden tab draws no frame: it
  // starts at once. The sky is not in that frame (motionWhenLive below).
  function startAfterFirstFrame() {
    var started = false;
    function start() {
      if (started) return;
      started = true;
      preloadRoute();
      MAIN.forEach(function (src, i) {
        apart(function () {
          var script = document.createElement('script');
          script.src = src;
          // in order (the order they are added in), as deferred scripts would run
          script.async = false;
          if (i === MAIN.length - 1) script.onload = motion.starting;
          script.onerror = function () {
            release('shell');
            release('page');
            release('remote');
          };
          document.head.appendChild(script);
        });
      });
    }
    function hidden() {
      return document.visibilityState === 'hidden';
    }
    if (hidden()) return start();
    document.addEventListener('visibilitychange', function () {
      if (hidden()) start();
    });
    // The first paint entry is queued once the first frame is on the screen (its presentation
    // time), later than a second animation frame, which can run while the first is still being
    // rastered. Where paint entries are unknown, the frame after the first one.
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') >= 0) {
      new PerformanceObserver(function (list, observer) {
        observer.disconnect();
        setTimeout(start);
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          setTimeout(start);
        });
      });
    }
  }
  // A part of the page the server rendered in a slot of its own (SLOTS): a completed Suspense
  // boundary, which starts with <!--$-->. waitingPart(slot) is its part ('page' or 'remote') while
  // that part has not hydrated yet, else null.
  function waitingPart(slot) {
    var first = slot.firstChild;
    var part = slot.hasAttribute('data-page-slot') ? 'page' : 'remote';
    return first && first.nodeType === 8 && first.data === '$' && !ready[part] ? part : null;
  }
  // Motion waits for the page to be live (BENCHMARKS.md, "Motion after the page is live"). Every
  // frame an animation draws is composited, and screenshotted under Lighthouse; in a chromium that
  // composites in software that work took the CPU the app's start needed. So:
  // - from the moment main.js has run until the page is live, <html> has 'cc-starting', which
  //   pauses the loading placeholders' sweeps (libs/web/ui/src/styles/components.css) and the
  //   landing's loops; before main.js runs (still on its way) they sweep, and say the page is coming;
  // - the page is live once it has loaded and every part the server rendered has hydrated (the
  //   shell; its lazy page and the remote's screen if the page has them), and the browser is idle:
  //   then <html> gets 'cc-page-live', and the sky (its star layers and nebula,
  //   libs/web/ui/src/styles/theme.css) fades in and starts to twinkle and drift. A part that never
  //   says it hydrated (its code failed to load) holds motion back no longer than LIVE_CAP_MS after
  //   the shell hydrated.
  function motionWhenLive() {
    var LIVE_CAP_MS = 10000;
    var root = document.documentElement;
    var live = false;
    var capped = false;
    // one idle callback at most: every part that hydrates checks again
    var idleAsked = false;
    function check() {
      if (live || idleAsked || !ready.shell) return;
      if (!capped) {
        capped = true;
        setTimeout(goLive, LIVE_CAP_MS);
      }
      if (document.readyState !== 'complete') return;
      var slots = document.querySelectorAll(SLOTS);
      for (var i = 0; i < slots.length; i++) if (waitingPart(slots[i])) return;
      idleAsked = true;
      var idle =
        window.requestIdleCallback ||
        function (callback) {
          return setTimeout(callback, 1);
        };
      idle(goLive, { timeout: 1000 });
    }
    function goLive() {
      if (live) return;
      live = true;
      root.classList.remove('cc-starting');
      root.classList.add('cc-page-live');
    }
    window.addEventListener('load', check);
    return {
      check: check,
      starting: function () {
        if (!live) root.classList.add('cc-starting');
      },
    };
  }
  // Until the app's code has hydrated the server's page, a click on it finds no handler (React
  // drops it): the shell's controls until the shell says it has hydrated ('cosmic:shell-hydrated',
  // apps/shell/src/app/shell-tree.tsx); a page of the shell whose code is a chunk of its own (a
  // completed Suspense boundary in its slot, which starts with <!--$-->: React hydrates it in a
  // pass after the shell's) until it says it is shown ('cosmic:page-shown',
  // libs/web/ui/src/lib/preloadable-lazy.tsx); and the remote's first screen the server stitched
  // into the page (apps/api/src/app/web/prerendered-pages.ts, a completed boundary in its slot too)
  // until the remote says its screen is shown ('cosmic:remote-screen-shown',
  // libs/web/ui/src/lib/screen-shown.tsx), which comes later: the remote's code
  // arrives after the shell's (apps/shell/src/app/remote-route.tsx). Such a click is held here,
  // before any other listener sees it, and replayed once, on the same element, when its part of the
  // page has hydrated. Text typed or a choice picked meanwhile stays in its field, as hydration
  // keeps it, but the app's state was not told: it is told then, in the order the player did things
  // (a quick bet pressed, then an amount typed, is the typed amount). Returns release(part), which
  // replays at once (main.js failed to load: a link held then still goes where it points).
  function holdClicks() {
    // what the player did, in order: clicks ({ part, target, event }) and the last value typed into
    // each field ({ part, el, value })
    var held = [];
    // The shell's controls whose clicks are held (a click on a label comes again on its control).
    var CONTROL =
      'button, a[href], summary, input[type=checkbox], input[type=radio], input[type=button], input[type=submit], input[type=reset]';
    function partOf(target) {
      if (!(target instanceof Element)) return null;
      var slot = target.closest(SLOTS);
      var part = slot && waitingPart(slot);
      if (part) return part;
      if (target.closest('#root') && !ready.shell) return 'shell';
      return null;
    }
    function toggles(el) {
      return el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
    }
    window.addEventListener(
      'click',
      function (event) {
        var part = partOf(event.target);
        var control = part && event.target.closest(CONTROL);
        if (!part || (part === 'shell' && !control)) return;
        event.stopImmediatePropagation();
        // A checkbox or radio button changes at once, as the player expects (it has already
        // changed when this listener runs); replayed, it is put back as it was and clicked again.
        if (control && toggles(control))
          held.push({ part: part, target: control, event: event, was: control.type === 'checkbox' && !control.checked });
        else {
          event.preventDefault();
          held.push({ part: part, target: event.target, event: event });
        }
      },
      true,
    );
    function onTyped(event) {
      var el = event.target;
      var field =
        el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement ||
        (el instanceof HTMLInputElement && !toggles(el));
      var part = field && partOf(el);
      if (!part) return;
      held = held.filter(function (t) {
        return t.el !== el;
      });
      held.push({ part: part, el: el, value: el.value });
    }
    window.addEventListener('input', onTyped, true);
    window.addEventListener('change', onTyped, true);
    function release(part) {
      if (ready[part]) return;
      ready[part] = true;
      held = held.filter(function (done) {
        if (done.part !== part) return true;
        if (!done.el) replay(done);
        else if (done.el.isConnected) tell(done.el, done.value);
        return false;
      });
      motion.check();
    }
    function hydrated(part) {
      return function () {
        // after the effect that said so: the hydrated part's handlers are in place
        setTimeout(function () {
          release(part);
        });
      };
    }
    document.addEventListener('cosmic:shell-hydrated', hydrated('shell'));
    document.addEventListener('cosmic:page-shown', hydrated('page'));
    document.addEventListener('cosmic:remote-screen-shown', hydrated('remote'));
    // What was typed, as it was typed: a field re-rendered from the state meanwhile shows the
    // state's value again. React hears of a change when the field's value differs from the last
    // one it saw, which hydration took from the field: it is told another through the property it
    // watches, the field gets back what was typed, and the event React listens to follows.
    function tell(el, value) {
      var own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value');
      if (el instanceof HTMLSelectElement) {
        own.set.call(el, value);
        return el.dispatchEvent(new Event('change', { bubbles: true }));
      }
      el.value = value + ' ';
      own.set.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // A control the hydrated app disables at once is busy, not refused: the header's Connect Wallet
    // reads "Connecting…" while the first load resumes the player's session
    // (libs/web/feature-wallet/src/lib/wallet/wallet-actions.tsx). A click on it is replayed when it
    // is enabled again, as the player would press it again; one still disabled after BUSY_MS, or
    // gone from the page, is dropped.
    var BUSY_MS = 15000;
    function replayWhenEnabled(control, click) {
      var observer = new MutationObserver(function () {
        if (control.disabled) return;
        stop();
        replay(click);
      });
      var timer = setTimeout(stop, BUSY_MS);
      function stop() {
        observer.disconnect();
        clearTimeout(timer);
      }
      observer.observe(control, { attributes: true, attributeFilter: ['disabled'] });
    }
    function replay(click) {
      var el = click.target;
      if (!el.isConnected) return;
      var control = el.closest(CONTROL);
      if (control && control.disabled) return replayWhenEnabled(control, click);
      if (toggles(el)) {
        // through the property React watches: the click below changes it again, which React sees
        el.checked = click.was;
      }
      var e = click.event;
      el.dispatchEvent(
        new MouseEvent('click', {
          bubbles: true,
          cancelable: true,
          view: window,
          detail: e.detail,
          clientX: e.clientX,
          clientY: e.clientY,
          screenX: e.screenX,
          screenY: e.screenY,
          ctrlKey: e.ctrlKey,
          shiftKey: e.shiftKey,
          altKey: e.altKey,
          metaKey: e.metaKey,
          button: e.button,
        }),
      );
    }
    return release;
  }
})();
`;
}

/**
 * The shell: `routes` is a list of { path: '/fairness' } or { prefix: '/game/' } with `chunks`
 * (the shell's webpackChunkNames the route's page needs), and for a remote route `remote` (its
 * name in remotes.json) and optionally `remoteChunk` ('game-:param': the remote's named chunk for
 * the path's last segment).
 */
class ShellRoutePreloadPlugin {
  constructor({ routes, entry = 'main' }) {
    this.routes = routes;
    this.entry = entry;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      let file = null;
      let mainFiles = new Set();
      // before HtmlWebpackPlugin writes index.html (OPTIMIZE_INLINE) and before the real content
      // hashes, which rewrite the file names inside this script and its own name
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE - 1 },
        () => {
          const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '/', {});
          const routes = this.routes.map(({ chunks = [], ...route }) => ({
            ...route,
            files: chunks.flatMap((name) => groupFiles(compilation, name)).map((f) => publicPath + f),
          }));
          const main = groupFiles(compilation, this.entry)
            .filter((f) => f.endsWith('.js'))
            .map((f) => publicPath + f);
          mainFiles = new Set(main);
          const source = preloadScript(routes, main);
          const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
          file = `route-preload.${hash}.js`;
          compilation.emitAsset(file, new sources.RawSource(source), {
            contenthash: hash,
            immutable: true,
            minimized: false,
          });
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap(NAME, (data) => {
        if (!file) return data;
        const publicPath = data.publicPath ?? '/';
        // main.js is not in the page: this script adds it after the first paint. Any script the
        // page asked for before that paint (even preloaded at low priority) counts in Lighthouse's
        // simulated LCP, though the prerendered screen needs none of it (BENCHMARKS.md).
        data.assetTags.scripts = data.assetTags.scripts.filter(
          (tag) => !(tag.tagName === 'script' && mainFiles.has(tag.attributes.src)),
        );
        // first in <head>, async: it runs as soon as it arrives, and starts main.js
        data.assetTags.scripts.unshift({
          tagName: 'script',
          voidTag: false,
          meta: { plugin: NAME },
          attributes: { src: `${publicPath}${file}`, async: true },
        });
        return data;
      });
    });
  }
}

/**
 * A remote: `preload.json` with the exposed module's files (the chunks remoteEntry.js loads for
 * it, the children of the container's entry `name`) and each named chunk's, relative to remoteEntry.js.
 */
class RemotePreloadManifestPlugin {
  constructor({ name }) {
    this.name = name;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        () => {
          const entry = compilation.namedChunkGroups.get(this.name);
          if (!entry) throw new Error(`route-preload: the build has no entry named '${this.name}'`);
          const js = (group) =>
            [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((f) => f.endsWith('.js'));
          const chunks = {};
          for (const [name, group] of compilation.namedChunkGroups) if (group !== entry) chunks[name] = js(group);
          const manifest = { expose: [...new Set(entry.getChildren().flatMap(js))], chunks };
          compilation.emitAsset('preload.json', new sources.RawSource(JSON.stringify(manifest)));
        },
      );
    });
  }
}

module.exports = { ShellRoutePreloadPlugin, RemotePreloadManifestPlugin, preloadScript };
