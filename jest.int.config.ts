// Integration tests (*.int-spec.ts): real PostgreSQL — DATABASE_URL / TEST_DATABASE_URL when set,
// an embedded PostgreSQL otherwise. Each run gets a fresh database with the migrations applied.
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.base.json');

export default {
  displayName: 'integration',
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs'],
  testMatch: ['**/*.int-spec.ts'],
  transform: {
    '^.+\\.(ts|tsx)$': ['ts-jest', { tsconfig: '<rootDir>/apps/api/tsconfig.spec.json', diagnostics: false }],
  },
  moduleNameMapper: pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' }),
  globalSetup: '<rootDir>/tools/jest/int-global-setup.ts',
  globalTeardown: '<rootDir>/tools/jest/int-global-teardown.ts',
  testTimeout: 60_000,
};
