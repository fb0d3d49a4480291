export default {
  displayName: 'devnet',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
