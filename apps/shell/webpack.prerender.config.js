// The shell's prerender (src/prerender.tsx): the same app and aliases as webpack.config.js, built for
// Node into dist/prerender/shell and run right after the browser build (project.json's build).
const { DefinePlugin } = require('webpack');
const { SHARED } = require('../../tools/webpack/shared-deps');
const { nodeRenderConfig } = require('../../tools/webpack/base.config');
// the browser build's resolution (its wallets not installed resolve to nothing)
const { resolve } = require('./webpack.config');

module.exports = {
  ...nodeRenderConfig({
    name: 'shell',
    entry: { prerender: './src/prerender.tsx' },
    publicPath: '/',
    // styles are the browser build's (main.css): here an import of a .css file brings nothing
    css: { type: 'asset/source' },
  }),
  resolve,
  plugins: [new DefinePlugin({ __SHARED_VERSIONS__: JSON.stringify(SHARED) })],
};
