export default {
  displayName: 'algorand',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
