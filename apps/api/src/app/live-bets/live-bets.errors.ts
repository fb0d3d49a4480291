import { DomainError } from '../common/domain-error';

/** 429: this address already holds as many live-bet streams as it may. */
export class TooManyStreamsError extends DomainError {
  /** What the answer's Retry-After says. */
  readonly retryAfterSeconds = 30;
  constructor(perAddress: number) {
    super(
      429,
      `Too many open live-bet streams from your address (at most ${perAddress}): close another tab and try again`,
      'TOO_MANY_STREAMS',
    );
  }
}

/** 503: this instance holds as many live-bet streams as it serves. */
export class StreamsFullError extends DomainError {
  /** What the answer's Retry-After says. */
  readonly retryAfterSeconds = 15;
  constructor() {
    super(503, 'The live bets feed is full right now: try again in a moment', 'STREAMS_FULL');
  }
}
