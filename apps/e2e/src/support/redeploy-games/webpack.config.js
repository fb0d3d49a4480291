// The games remote's own build (apps/games-mfe: its browser build and its first screens), with one
// change (redeploy-loader.js), for apps/e2e/src/remote-redeploy.spec.ts: the browser build replaces
// dist/apps/games-mfe as a deploy of the remote alone would; the fragments' renderer goes to its own folder.
const path = require('node:path');
const browser = require('../../../../games-mfe/webpack.config');
const fragments = require('../../../../games-mfe/webpack.fragments.config');
const { root } = require('../../../../../tools/webpack/base.config');

const change = {
  test: /[\\/]libs[\\/]web[\\/]feature-games[\\/]src[\\/]lib[\\/]games\.ts$/,
  enforce: 'pre',
  use: path.join(__dirname, 'redeploy-loader.js'),
};
const changed = (config) => ({ ...config, module: { ...config.module, rules: [...config.module.rules, change] } });

module.exports = [
  changed(browser),
  {
    ...changed(fragments),
    output: { ...fragments.output, path: path.join(root, 'dist/prerender/games-mfe-redeployed') },
  },
];
