import { GameEngineError } from '../errors';

/** A sequential stream of floats in [0, 1): the only way randomness reaches a game. */
export interface FloatSource {
  next(): number;
}

/** Random access to the floats of one round's stream, by index (multi-step games use a cursor). */
export interface FloatTape {
  at(index: number): number;
}

/** Both views of a stream: sequential `next()` from a position, and `at(index)` random access. */
export interface FloatStream extends FloatSource, FloatTape {
  /** Index of the float the next `next()` call returns. */
  position: number;
}

/** Wraps a sequential source (e.g. a PRNG) as a stream, caching what it has drawn for `at()`. */
export function streamFrom(source: FloatSource): FloatStream {
  const cache: number[] = [];
  const stream: FloatStream = {
    position: 0,
    at(index: number): number {
      checkIndex(index);
      while (cache.length <= index) cache.push(source.next());
      return cache[index];
    },
    next(): number {
      return stream.at(stream.position++);
    },
  };
  return stream;
}

/** A stream that replays a fixed list of floats (tests, and replaying recorded rounds); throws when exhausted. */
export function listStream(floats: readonly number[]): FloatStream {
  for (const f of floats) checkFloat(f);
  const stream: FloatStream = {
    position: 0,
    at(index: number): number {
      checkIndex(index);
      if (index >= floats.length) {
        throw new GameEngineError(`listStream exhausted: float ${index} requested, only ${floats.length} given`);
      }
      return floats[index];
    },
    next(): number {
      return stream.at(stream.position++);
    },
  };
  return stream;
}

/** Throws unless `index` is a non-negative safe integer. */
export function checkIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new GameEngineError(`Float index must be a non-negative integer, got ${index}`);
  }
}

/** Throws unless `f` is a float in [0, 1). */
export function checkFloat(f: number): void {
  if (!(f >= 0 && f < 1)) throw new GameEngineError(`Float must be in [0, 1), got ${f}`);
}
