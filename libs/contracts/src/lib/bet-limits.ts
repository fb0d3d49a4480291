import { BASE_UNITS_PER_COIN } from '@cosmic/game-engine';

// The limits of one bet, in base units (BASE_UNITS_PER_COIN per coin, libs/game-engine money.ts):
// the API refuses a stake outside them (apps/api games/stake.ts) and the web's bet panel offers
// only stakes inside them (libs/web/ui bet-panel/bet-math.ts). The largest AMINA bet is not fixed
// here: the API's configuration sets it (BET_MAX_AMINA) and GET /api/crypto/betting-limits tells
// the web, with the bankroll's cap per game.

/** Smallest House Coins bet: 1 HC (House Coins bets are whole coins). */
export const HC_MIN_BET = BASE_UNITS_PER_COIN;
/** Largest House Coins bet: 1000 HC. */
export const HC_MAX_BET = 1000n * BASE_UNITS_PER_COIN;
/** Smallest AMINA bet: 0.001 AMINA. */
export const AMINA_MIN_BET = BASE_UNITS_PER_COIN / 1000n;

/** House Coins the daily allowance credits: 1000 HC, once every 24 hours (the lobby's Claim button says it). */
export const DAILY_ALLOWANCE_HC = 1000n * BASE_UNITS_PER_COIN;

/** House Coins a new account starts with: 1000 HC (the web shows it until the account loads). */
export const STARTING_HC = 1000n * BASE_UNITS_PER_COIN;
