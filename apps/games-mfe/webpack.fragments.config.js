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
      // the browser gets styles with the remote's code (style-loader); here each imported stylesheet,
      // minified, is registered for the fragment renderer to carry the ones a fragment uses
      ...config.module.rules.map((rule) =>
        rule.test?.test?.('x.css')
          ? {
              test: /\.css$/,
              use: [
                path.join(root, 'tools/webpack/fragment-css-loader.js'),
                path.join(root, 'tools/webpack/css-minify-loader.js'),
              ],
            }
          : rule,
      ),
      { test: /\.(png|svg|jpg|webp|woff2?|ogg)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  optimization: { minimize: false },
};
