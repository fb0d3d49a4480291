/**
 * Error handling convention for the engine:
 * - input that a player or API caller can get wrong (a seed, a nonce, an action) is answered
 *   with a `Result` whose `ok` is false and whose `error` says what is wrong;
 * - a programmer error (a negative stake, a float outside [0,1), a corrupted state) throws
 *   `GameEngineError`.
 */

/** Thrown for programmer errors inside the engine (never for ordinary bad player input). */
export class GameEngineError extends Error {
  override readonly name = 'GameEngineError';
  constructor(message: string) {
    super(message);
  }
}

/** A failed result: expected bad input, with a message fit to show a player. */
export interface Failure {
  ok: false;
  error: string;
}

/** Success carrying `T`'s fields, or a `Failure`. */
export type Result<T extends object> = ({ ok: true } & T) | Failure;

/** Builds a `Failure`. */
export function fail(error: string): Failure {
  return { ok: false, error };
}
