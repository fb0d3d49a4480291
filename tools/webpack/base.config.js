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
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: aliases() },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(appDir, 'tsconfig.app.json') } },
        },
        { test: /\.css$/, use: ['style-loader', { loader: 'css-loader', options: { sourceMap: false } }, path.join(__dirname, 'css-minify-loader.js')] },
        { test: /\.(png|svg|jpg|webp|woff2?)$/, type: 'asset/resource' },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    experiments: {},
  };
}

module.exports = { baseConfig, root };
