// Shared Jest settings for every project: ts-jest (transpile only, fast) and the
// workspace path aliases from tsconfig.base.json.
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.base.json');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(ts|tsx)$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json', diagnostics: false }],
    // the file types tools/webpack/base.config.js emits as assets, also from packages (@twemoji/svg)
    '\\.(png|svg|jpg|webp|woff2?|ogg)$': __dirname + '/tools/jest/asset-transform.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!.+\\.(png|svg|jpg|webp|woff2?|ogg)$)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json', 'mjs'],
  moduleNameMapper: {
    '\\.css$': __dirname + '/tools/jest/style-stub.js',
    ...pathsToModuleNameMapper(compilerOptions.paths, { prefix: __dirname + '/' }),
  },
  testMatch: ['**/?(*.)+(spec).[jt]s?(x)'],
  // CI shares two cores between parallel workers: generous timeouts, real assertions
  testTimeout: 30_000,
};
