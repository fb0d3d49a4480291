// Webpack emits the sound effects as assets (tools/webpack/base.config.js, asset/resource): an import is its URL.
declare module '*.ogg' {
  const url: string;
  export default url;
}
