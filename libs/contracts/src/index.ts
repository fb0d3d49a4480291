/** User, wallet and house types. */
export * from './lib/users';
/** Provably fair seed types. */
export * from './lib/seeds';
/** Bet history types. */
export * from './lib/bets';
