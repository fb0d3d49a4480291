export default {
  displayName: 'api',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
