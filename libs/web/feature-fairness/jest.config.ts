export default {
  displayName: 'web-feature-fairness',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  testEnvironment: 'jsdom',
  // jsdom has no fetch: RTK Query talks to the shared in-memory fake (routes set per test)
  setupFiles: ['<rootDir>/../data-access/src/testing/fake-api.ts'],
  setupFilesAfterEnv: ['<rootDir>/../../../tools/jest/setup-web.ts'],
};
