/** Request fields several bodies share (wallet address, money, base64, ids) and the parser's message keys. */
export * from './lib/fields';
/** The limits of one bet the API enforces and the web offers (HC 1–1000 whole coins, AMINA from 0.001), and the starting House Coins. */
export * from './lib/bet-limits';
/** User, wallet and house types. */
export * from './lib/users';
/** Provably fair seed types. */
export * from './lib/seeds';
/** Bet history types. */
export * from './lib/bets';
/** Security dashboard types (findings, telemetry, personas, vault, emergency switch). */
export * from './lib/security';
/** Cashier types (AMINA deposits, withdrawals and their history). */
export * from './lib/cashier';
/** Responsible gaming's rules and words (limit kinds and windows, exclusion periods, reality-check intervals, time and net as written). */
export * from './lib/responsible-gaming-rules';
/** Responsible-gaming request and answer schemas (loss limits, their cool-off, self-exclusion) and their types. */
export * from './lib/responsible-gaming';
/** Bet anchors: a bet's receipt and its anchor's transaction. */
export * from './lib/anchors';
/** Proof-of-reserves types (snapshots, their anchoring transaction). */
export * from './lib/reserves';
/** The five house games' request and answer schemas (TypeBox) and their types. */
export * from './lib/games';
/** The live bets feed's row and tabs. */
export * from './lib/live-bets';
/** One settled bet in full (GET /api/bet-details/:id): its outcome per game and what verifies it. */
export * from './lib/bet-details';
/** A bet's outcome (stored, or recomputed by the engine) read into the BetOutcome contract. */
export * from './lib/bet-outcome';
/** Cosmic Poker's request bodies (buy-in, act). */
export * from './lib/poker';
/** The health, liveness and readiness answers. */
export * from './lib/health';
/** The published paytables' schema (GET /api/fairness/paytables; the type is the engine's Paytables). */
export * from './lib/fairness';
/** The front ends' run-time manifest (GET /remotes.json). */
export * from './lib/web';
