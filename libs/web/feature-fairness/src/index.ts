/** The `/fairness` page (seeds panel, verifier, bet history, paytables), loaded lazily with the game engine. */
export { LazyFairnessPage } from './lib/lazy';
/** The `/fairness/reserves` page (snapshots, anchoring transaction, "Check my balance"), loaded lazily with the game engine. */
export { LazyReservesPage } from './lib/lazy';
