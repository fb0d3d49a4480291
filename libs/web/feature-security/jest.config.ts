export default {
  displayName: 'web-feature-security',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  testEnvironment: 'jsdom',
  // jsdom has no fetch: RTK Query talks to an in-memory fake (routes set per test)
  setupFiles: ['<rootDir>/src/test/fake-api.ts'],
  setupFilesAfterEnv: ['<rootDir>/../../../tools/jest/setup-web.ts'],
};
