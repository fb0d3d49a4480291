export default {
  displayName: 'web-feature-wallet',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../../tools/jest/setup-web.ts'],
};
