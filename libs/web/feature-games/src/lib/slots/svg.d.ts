// Webpack emits SVG files as assets (tools/webpack/base.config.js, asset/resource): an import is its URL.
declare module '*.svg' {
  const url: string;
  export default url;
}
