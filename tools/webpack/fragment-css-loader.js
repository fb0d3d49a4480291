// For a remote's fragments build (apps/games-mfe/webpack.fragments.config.js): an imported
// stylesheet, minified (css-minify-loader.js), is registered by its path in one map on globalThis,
// so the fragment renderer can put the styles a fragment uses into it (the browser build ships them
// in its JavaScript through style-loader, which a page without that JavaScript never runs).
const path = require('node:path');

module.exports = function fragmentCssLoader(source) {
  const key = path.relative(this.rootContext, this.resourcePath).split(path.sep).join('/');
  return `const css = ${JSON.stringify(source)};
(globalThis.__remoteFragmentCss ??= new Map()).set(${JSON.stringify(key)}, css);
export default css;`;
};
