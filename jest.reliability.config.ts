// Reliability tests (*.rel-spec.ts): real API processes built by `nx build api` (dist/), killed and
// restarted, on a fresh database and the devnet set up exactly like the integration tests.
import intConfig from './jest.int.config';

export default {
  ...intConfig,
  displayName: 'reliability',
  testMatch: ['**/*.rel-spec.ts'],
  testTimeout: 180_000,
};
