// The shell (host). It has no federation plugin: the federation runtime is loaded lazily the
// first time a remote route opens, so `/` downloads no remoteEntry and no runtime.
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { DefinePlugin } = require('webpack');
const { SHARED } = require('../../tools/webpack/shared-deps');
const { baseConfig } = require('../../tools/webpack/base.config');
const { ShellRoutePreloadPlugin } = require('../../tools/webpack/route-preload');

const config = baseConfig({ name: 'shell' });

// use-wallet imports every wallet's package on demand; the casino installs Pera, Defly and Lute.
// The others resolve to nothing (use-wallet's own `webpackFallback`, less the three installed).
const WALLETS_NOT_INSTALLED = [
  '@agoralabs-sh/avm-web-provider',
  '@magic-ext/algorand',
  '@walletconnect/modal',
  '@walletconnect/sign-client',
  '@web3auth/base',
  '@web3auth/base-provider',
  '@web3auth/modal',
  '@web3auth/single-factor-auth',
  'magic-sdk',
];

module.exports = {
  ...config,
  entry: { main: './src/main.tsx' },
  output: { ...config.output, publicPath: '/' },
  // The shell's CSS goes to .css files (webpack's own CSS support, minified by it): `main.css` is a
  // stylesheet in index.html and each lazy chunk loads its own, instead of style-loader putting
  // every rule inside the JS and injecting it at run time. The remotes keep style-loader (their
  // CSS comes with remoteEntry's chunks).
  module: { ...config.module, rules: config.module.rules.filter((rule) => !rule.test?.test?.('x.css')) },
  experiments: { ...config.experiments, css: true },
  resolve: { ...config.resolve, fallback: Object.fromEntries(WALLETS_NOT_INSTALLED.map((name) => [name, false])) },
  plugins: [
    new DefinePlugin({ __SHARED_VERSIONS__: JSON.stringify(SHARED) }),
    new HtmlWebpackPlugin({
      template: './src/index.html',
      favicon: './src/public/favicon.svg',
      scriptLoading: 'defer',
    }),
    // What each route of src/app/app.tsx loads, asked for while main.js downloads (tools/webpack/route-preload.js)
    new ShellRoutePreloadPlugin({
      routes: [
        { path: '/', chunks: ['landing'] },
        { path: '/casino', chunks: ['federation'], remote: 'games' },
        { path: '/games', chunks: ['federation'], remote: 'games' },
        // the bet panel is the shell's (libs/web/ui, lazy): asked for with the remote's chunks, not after them
        { prefix: '/game/', chunks: ['federation', 'bet-panel'], remote: 'games', remoteChunk: 'game-:param' },
        { path: '/cashier', chunks: ['federation'], remote: 'cashier' },
        { path: '/security', chunks: ['federation'], remote: 'security' },
        { path: '/poker', chunks: ['poker'] },
        { path: '/fairness', chunks: ['fairness'] },
        { path: '/fairness/reserves', chunks: ['reserves'] },
        { path: '/responsible-gaming', chunks: ['responsible-gaming'] },
        { path: '/warp', chunks: ['warp'] },
      ],
    }),
  ],
};
