export default {
  displayName: 'poker',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
