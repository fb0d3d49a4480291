// The games remote's first screens (src/fragments.tsx): the same code and aliases as webpack.config.js,
// built for Node into dist/prerender/games-mfe and run right after the browser build (project.json's build).
const path = require('node:path');
const { nodeRenderConfig, root } = require('../../tools/webpack/base.config');

module.exports = nodeRenderConfig({
  name: 'games-mfe',
  entry: { fragments: './src/fragments.tsx' },
  publicPath: '/remotes/games/',
  // the browser gets styles with the remote's code (style-loader); here each imported stylesheet,
  // minified, is registered for the fragment renderer to carry the ones a fragment uses
  css: {
    use: [
      path.join(root, 'tools/webpack/fragment-css-loader.js'),
      path.join(root, 'tools/webpack/css-minify-loader.js'),
    ],
  },
});
