export default {
  displayName: 'web-feature-wallet',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  testEnvironment: 'jsdom',
  // @perawallet/walletconnect (its bridge transport, wallet-bridge.spec.ts) needs @noble's ES modules as
  // CommonJS; Jest merges this transform with the preset's
  transform: {
    '/node_modules/@noble/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true }, diagnostics: false },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!@noble/|.+\\.(png|svg|jpg|webp|woff2?|ogg)$)'],
  // jsdom has no fetch: RTK Query talks to the shared in-memory fake (routes set per test)
  setupFiles: ['<rootDir>/../data-access/src/testing/fake-api.ts'],
  setupFilesAfterEnv: ['<rootDir>/../../../tools/jest/setup-web.ts'],
};
