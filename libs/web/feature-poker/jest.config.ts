export default {
  displayName: 'web-feature-poker',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../../tools/jest/setup-web.ts'],
};
