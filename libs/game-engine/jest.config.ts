export default {
  displayName: 'game-engine',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
