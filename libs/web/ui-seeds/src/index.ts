// Not part of @cosmic/web-ui on purpose: web-ui is the shell's shared singleton (in every page's
// first load); these are bundled only by the screens that show seeds (/fairness and the games lobby).

/** The active seed pair: server seed hash, client seed, nonce, status and the next seed's hash. */
export { PENDING_SEEDS, SeedDetails, type SeedPair } from './lib/seed-details';
/** 'Update Client Seed' form and 'Generate New Server Seed' button (presentational: the caller does the calls). */
export { ClientSeedForm, NewServerSeedButton, SeedsLoadError } from './lib/client-seed-form';
/** The Provably Fair panel's texts: no session, and loading. */
export const SEED_PANEL_TEXT = {
  notConnected: 'Connect your wallet to manage provably fair seeds',
  loading: 'Loading provably fair data...',
} as const;
