// Webpack settings shared by the shell and the three remotes (Nx runs them; no Nx webpack plugin).
const path = require('node:path');
const { compilerOptions } = require('../../tsconfig.base.json');

const root = path.resolve(__dirname, '../..');

/** Workspace path aliases from tsconfig.base.json as webpack aliases. */
function aliases() {
  return Object.fromEntries(
    Object.entries(compilerOptions.paths).map(([name, [target]]) => [`${name}$`, path.join(root, target)]),
  );
}

/**
 * react-router's package exports only its development build (ENABLE_DEV_WARNINGS = true, so the
 * warnings and their texts stay in the bundle); production builds take the production one.
 */
function reactRouterProduction() {
  const dist = path.join(
    path.dirname(require.resolve('react-router/package.json', { paths: [root] })),
    'dist/production',
  );
  return { 'react-router$': path.join(dist, 'index.mjs'), 'react-router/dom$': path.join(dist, 'dom-export.mjs') };
}

/** The base config for a web app in apps/<name>. */
function baseConfig({ name, mode = process.env.NODE_ENV === 'development' ? 'development' : 'production' }) {
  const appDir = path.join(root, 'apps', name);
  return {
    mode,
    context: appDir,
    devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(root, 'dist/apps', name),
      filename: '[name].[contenthash:12].js',
      chunkFilename: '[name].[contenthash:12].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: { ...aliases(), ...(mode === 'production' ? reactRouterProduction() : {}) },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            options: { transpileOnly: true, configFile: path.join(appDir, 'tsconfig.app.json') },
          },
        },
        {
          test: /\.css$/,
          use: [
            'style-loader',
            { loader: 'css-loader', options: { sourceMap: false } },
            path.join(__dirname, 'css-minify-loader.js'),
          ],
        },
        { test: /\.(png|svg|jpg|webp|woff2?|ogg)$/, type: 'asset/resource' },
        // the wallet apps' connect modals import Google Fonts, which the CSP refuses: see the loader
        {
          test: /[\\/]node_modules[\\/](@perawallet[\\/]connect|@blockshake[\\/]defly-connect)[\\/]dist[\\/].*\.js$/,
          use: path.join(__dirname, 'strip-remote-fonts-loader.js'),
        },
        // libs/algorand is pure (its top-level code only computes constant tables, e.g. SHA-512's
        // round constants): a bundle that imports formatAmount does not keep the hash and base32.
        { test: /[\\/]libs[\\/]algorand[\\/]src[\\/]/, sideEffects: false },
        // libs/contracts is types, constants, TypeBox schemas and toBetOutcome: a page that imports
        // formatTimeLeft does not keep the games' schemas (and TypeBox with them), nor the game engine
        // that toBetOutcome imports.
        { test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
        // libs/game-engine is pure (its top level only builds constant tables): a bundle that imports
        // BASE_UNITS_PER_COIN, as the bet limits of libs/contracts do, keeps money.ts, not the engine.
        { test: /[\\/]libs[\\/]game-engine[\\/]src[\\/]/, sideEffects: false },
        // libs/web/data-access has no side effects a bundle could miss: its top level creates the
        // api, injects endpoints and creates slices, all unused unless one of their exports is. So
        // `/` keeps only what it imports; the shell gives remotes the whole library through the
        // federation chunk (shared-modules.ts), so every endpoint is there before a remote renders.
        { test: /[\\/]libs[\\/]web[\\/]data-access[\\/]src[\\/]/, sideEffects: false },
        // web-ui's index only re-exports (its global styles come with Layout): the shell's `/`
        // skips it and keeps the components it uses; remotes get the whole kit with the federation chunk.
        { test: /[\\/]libs[\\/]web[\\/]ui[\\/]src[\\/]index\.ts$/, sideEffects: false },
        // the bet details kit's index only re-exports: the live feed's verify link keeps verifyHref, not the dialog and its engine
        { test: /[\\/]libs[\\/]web[\\/]ui-bet-details[\\/]src[\\/]index\.ts$/, sideEffects: false },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    experiments: {},
  };
}

/**
 * A remote's or the shell's first screens built for Node (prerender.tsx, fragments.tsx): the browser
 * build's code and aliases, one unminified file per entry in `dist/prerender/<name>`, run right after
 * the browser build. `css` is the rule for imported stylesheets (the browser gets them its own way);
 * images keep the browser build's URLs under `publicPath` (same content hash) and are not written again.
 */
function nodeRenderConfig({ name, entry, publicPath, css }) {
  const config = baseConfig({ name });
  return {
    ...config,
    target: 'node',
    devtool: false,
    entry,
    output: {
      ...config.output,
      path: path.join(root, 'dist/prerender', name),
      filename: '[name].js',
      chunkFilename: '[name].js',
      publicPath,
    },
    module: {
      ...config.module,
      rules: [
        ...config.module.rules.map((rule) => (rule.test?.test?.('x.css') ? { test: /\.css$/, ...css } : rule)),
        { test: /\.(png|svg|jpg|webp|woff2?|ogg)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    optimization: { minimize: false },
  };
}

/**
 * A remote's fragments build (its src/fragments.tsx, built for Node into dist/prerender/<app> and run
 * right after the browser build, see the remote's project.json): the browser gets the remote's
 * styles with its code (style-loader); here each imported stylesheet, minified, is registered for
 * the fragment renderer to carry the ones a fragment uses (fragment-css-loader.js).
 */
function remoteFragmentsConfig({ appName, federationName }) {
  return nodeRenderConfig({
    name: appName,
    entry: { fragments: './src/fragments.tsx' },
    publicPath: `/remotes/${federationName}/`,
    css: { use: [path.join(__dirname, 'fragment-css-loader.js'), path.join(__dirname, 'css-minify-loader.js')] },
  });
}

module.exports = { baseConfig, nodeRenderConfig, remoteFragmentsConfig, root };
