export default {
  displayName: 'web-ui',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../../tools/jest/setup-web.ts'],
};
