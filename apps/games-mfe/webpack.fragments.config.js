// The games remote's first screens (src/fragments.tsx): the same code and aliases as webpack.config.js,
// built for Node into dist/prerender/games-mfe and run right after the browser build (project.json's build).
const path = require('node:path');
const { baseConfig, root } = require('../../tools/webpack/base.config');

const config = baseConfig({ name: 'games-mfe' });

module.exports = {
  ...config,
  target: 'node',
  devtool: false,
  entry: { fragments: './src/fragments.tsx' },
  output: {
    ...config.output,
    path: path.join(root, 'dist/prerender/games-mfe'),
    filename: '[name].js',
    chunkFilename: '[name].js',
    // images get the browser build's names (same content hash) and are not written again
    publicPath: '/remotes/games/',
  },
  module: {
    ...config.module,
    rules: [
      // styles come with the remote's own code (style-loader): here an import of a .css file brings nothing
      ...config.module.rules.map((rule) =>
        rule.test?.test?.('x.css') ? { test: /\.css$/, type: 'asset/source' } : rule,
      ),
      { test: /\.(png|svg|jpg|webp|woff2?|ogg)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  optimization: { minimize: false },
};
