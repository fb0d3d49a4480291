import type {
  DiceArgs,
  GameBetArgs,
  HiloGuessArgs,
  HiloStartArgs,
  PlinkoArgs,
  PlinkoResultArgs,
} from '@cosmic/contracts';

// The games' bodies are TypeBox schemas in @cosmic/contracts (games.ts), checked by common/schema-body.ts;
// these are the names the services know them by.

/** A new bet: amount and currency. */
export type BetBody = GameBetArgs;
/** POST /api/games/dice. */
export type DiceBody = DiceArgs;
/** POST /api/games/plinko/deduct. */
export type PlinkoBody = PlinkoArgs;
/** POST /api/games/plinko/result. */
export type PlinkoResultBody = PlinkoResultArgs;
/** POST /api/games/hilo/start. */
export type HiloStartBody = HiloStartArgs;
/** POST /api/games/hilo/guess. */
export type HiloGuessBody = HiloGuessArgs;
