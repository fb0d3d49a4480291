// The shell (host). It has no federation plugin: the federation runtime is loaded lazily the
// first time a remote route opens, so `/` downloads no remoteEntry and no runtime.
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { DefinePlugin } = require('webpack');
const { SHARED } = require('../../tools/webpack/shared-deps');
const { baseConfig } = require('../../tools/webpack/base.config');

const config = baseConfig({ name: 'shell' });

module.exports = {
  ...config,
  entry: { main: './src/main.tsx' },
  output: { ...config.output, publicPath: '/' },
  plugins: [
    new DefinePlugin({ __SHARED_VERSIONS__: JSON.stringify(SHARED) }),
    new HtmlWebpackPlugin({ template: './src/index.html', favicon: './src/public/favicon.svg', scriptLoading: 'defer' }),
  ],
};
