export default {
  displayName: 'web-data-access',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../../tools/jest/setup-web.ts'],
};
