export default {
  displayName: 'tools',
  preset: '../jest.preset.js',
  rootDir: '.',
  transform: { '^.+\\.(ts|tsx)$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.base.json', diagnostics: false }] },
};
