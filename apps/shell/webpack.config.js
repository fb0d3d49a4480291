// The shell (host). It has no federation plugin: the federation runtime is loaded lazily the
// first time a remote route opens, so `/` downloads no remoteEntry and no runtime.
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { DefinePlugin } = require('webpack');
const { SHARED } = require('../../tools/webpack/shared-deps');
const { baseConfig } = require('../../tools/webpack/base.config');

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
  resolve: { ...config.resolve, fallback: Object.fromEntries(WALLETS_NOT_INSTALLED.map((name) => [name, false])) },
  plugins: [
    new DefinePlugin({ __SHARED_VERSIONS__: JSON.stringify(SHARED) }),
    new HtmlWebpackPlugin({ template: './src/index.html', favicon: './src/public/favicon.svg', scriptLoading: 'defer' }),
  ],
};
