// A micro-frontend remote: exposes ./Module and consumes the shell's shared singletons.
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { baseConfig } = require('./base.config');
const { remoteShared } = require('./shared-deps');
const { RemotePreloadManifestPlugin } = require('./route-preload');

/** Webpack config for remote `federationName` built from apps/<appName>/src/remote-entry.tsx. */
function remoteConfig({ appName, federationName }) {
  const config = baseConfig({ name: appName });
  return {
    ...config,
    entry: {},
    // chunks load from wherever remoteEntry.js was loaded from, so a remote can live on any origin
    output: { ...config.output, publicPath: 'auto', uniqueName: federationName },
    optimization: { splitChunks: false },
    plugins: [
      new ModuleFederationPlugin({
        name: federationName,
        filename: 'remoteEntry.js',
        exposes: { './Module': './src/remote-entry.tsx' },
        shared: remoteShared(),
        dts: false,
        manifest: false,
        // the runtime's core comes from the shell (globalThis._FEDERATION_RUNTIME_CORE, set in
        // apps/shell/src/app/federation.ts before any remote loads), not a copy in each remoteEntry
        experiments: { optimization: { disableSnapshot: true }, externalRuntime: true },
      }),
      // preload.json: the files the shell preloads when one of this remote's routes opens
      new RemotePreloadManifestPlugin({ name: federationName }),
    ],
  };
}

module.exports = { remoteConfig };
