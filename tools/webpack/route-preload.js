// Preloading the route being opened (issue 23): the shell's lazy pages and the remotes arrive as
// chunks requested one after another (main.js runs, then asks for the page's chunk; a remote
// route asks for the federation chunk, then remotes.json, then remoteEntry.js, then the remote's
// chunks). These plugins let the page ask for all of them at once, while main.js downloads.
//
// - ShellRoutePreloadPlugin (the shell): emits `route-preload.[hash].js`, a small script loaded
//   `async` before main.js (the CSP allows no inline script). It knows each route's shell chunks
//   (their hashed files) and, for a remote route, fetches remotes.json (kept for the federation
//   runtime in `window.__cosmicRemotes`) and the remote's `preload.json`, then adds a
//   `<link rel="preload">` for every file.
// - RemotePreloadManifestPlugin (each remote): emits `preload.json` beside remoteEntry.js: the
//   files of the exposed module and of each named chunk (e.g. `game-dice`), relative to it.
//
// On a remote route the script also holds the clicks made on the remote's first screen the server
// stitched into the page until the remote has hydrated it, then replays them (holdClicks below).
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

/** The script run in the page: `routes` as [{ path | prefix, files, remote?, remoteChunk? }]. */
function preloadScript(routes) {
  return `(function () {
  var ROUTES = ${JSON.stringify(routes)};
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
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = /\\.css$/.test(href) ? 'style' : 'script';
    link.href = href;
    document.head.appendChild(link);
  }
  route.files.forEach(preload);
  if (!route.remote) return;
  holdClicks();
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
  // The remote's first screen the server stitched into the page (apps/api/src/app/web/prerendered-pages.ts,
  // a completed Suspense boundary: its slot starts with <!--$-->) is drawn before the remote's code
  // arrives to hydrate it (apps/shell/src/app/remote-route.tsx); a click on it meanwhile would find
  // no handler (React drops it). So it is held here, before any other listener sees it, and
  // replayed on the same element once the remote says its screen is shown
  // ('cosmic:remote-screen-shown', libs/web/feature-games/src/lib/shared/screen-shown.tsx).
  function holdClicks() {
    var held = [];
    var shown = false;
    function onServerScreen(target) {
      if (shown || !(target instanceof Element)) return false;
      var slot = target.closest('[data-remote-slot]');
      var first = slot && slot.firstChild;
      return !!first && first.nodeType === 8 && first.data === '$';
    }
    window.addEventListener(
      'click',
      function (event) {
        if (!onServerScreen(event.target)) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        held.push({ target: event.target, event: event });
      },
      true,
    );
    document.addEventListener('cosmic:remote-screen-shown', function () {
      shown = true;
      // after the effect that said so: the hydrated screen's handlers are in place
      setTimeout(function () {
        held.splice(0).forEach(function (click) {
          if (!click.target.isConnected) return;
          var e = click.event;
          click.target.dispatchEvent(
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
        });
      });
    });
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
  constructor({ routes }) {
    this.routes = routes;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      let file = null;
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
          const source = preloadScript(routes);
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
        // first in <head>, async: it runs as soon as it arrives, main.js (deferred) comes after
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
