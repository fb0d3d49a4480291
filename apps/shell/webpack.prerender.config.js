// The shell's prerender (src/prerender.tsx): the same app and aliases as webpack.config.js, built for
// Node into dist/prerender/shell and run right after the browser build (project.json's build).
const path = require('node:path');
const { DefinePlugin } = require('webpack');
const { SHARED } = require('../../tools/webpack/shared-deps');
const { baseConfig, root } = require('../../tools/webpack/base.config');

const config = baseConfig({ name: 'shell' });
// the browser build's resolution (its wallets not installed resolve to nothing)
const { resolve } = require('./webpack.config');

module.exports = {
  ...config,
  target: 'node',
  devtool: false,
  entry: { prerender: './src/prerender.tsx' },
  output: {
    ...config.output,
    path: path.join(root, 'dist/prerender/shell'),
    filename: '[name].js',
    chunkFilename: '[name].js',
    // images get the browser build's URLs (same name and content hash) and are not written again
    publicPath: '/',
  },
  module: {
    ...config.module,
    rules: [
      // styles are the browser build's (main.css): here an import of a .css file brings nothing
      ...config.module.rules.map((rule) =>
        rule.test?.test?.('x.css') ? { test: /\.css$/, type: 'asset/source' } : rule,
      ),
      { test: /\.(png|svg|jpg|webp|woff2?|ogg)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  resolve,
  optimization: { minimize: false },
  plugins: [new DefinePlugin({ __SHARED_VERSIONS__: JSON.stringify(SHARED) })],
};
