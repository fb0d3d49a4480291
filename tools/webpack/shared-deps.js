// The modules the shell provides to every remote as singletons (one React, one store, one router).
// Remotes consume them with `import: false`: they never bundle their own copy.
const pkg = require('../../package.json');

const versions = { ...pkg.dependencies, ...pkg.devDependencies };
const WORKSPACE_VERSION = '0.0.0';

/** name → version of each shared singleton. Deep imports are listed on their own. */
const SHARED = {
  react: versions.react,
  'react/jsx-runtime': versions.react,
  'react-dom': versions['react-dom'],
  'react-dom/client': versions['react-dom'],
  'react-router-dom': versions['react-router-dom'],
  'react-redux': versions['react-redux'],
  '@reduxjs/toolkit': versions['@reduxjs/toolkit'],
  '@reduxjs/toolkit/query/react': versions['@reduxjs/toolkit'],
  '@cosmic/web-data-access': WORKSPACE_VERSION,
  '@cosmic/web-ui': WORKSPACE_VERSION,
};

/** ModuleFederationPlugin `shared` config for a remote: consume the host's copy only. */
function remoteShared() {
  return Object.fromEntries(
    Object.entries(SHARED).map(([name, version]) => [
      name,
      {
        singleton: true,
        import: false,
        requiredVersion: version === WORKSPACE_VERSION ? false : `^${version.split('.')[0]}.0.0`,
      },
    ]),
  );
}

module.exports = { SHARED, remoteShared, WORKSPACE_VERSION };
