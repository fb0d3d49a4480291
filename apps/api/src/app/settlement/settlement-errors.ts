import { DomainError } from '../common/domain-error';
import { KeyTakenError } from '../common/idempotency-claim';

/** The balance would go below zero. */
export class InsufficientBalanceError extends DomainError {
  constructor(message = 'Insufficient balance!') {
    super(400, message, 'INSUFFICIENT_BALANCE');
  }
}

/** Operator pause of AMINA play (check_play_allowed(): CC423). */
export class AminaPausedError extends DomainError {
  constructor() {
    super(423, 'AMINA play and withdrawals are paused by the operators; House Coins games still work', 'AMINA_PAUSED');
  }
}

/** The player is self-excluded (CC403). */
export class SelfExcludedError extends DomainError {
  constructor() {
    super(403, 'You are self-excluded: betting is blocked until your self-exclusion period ends', 'SELF_EXCLUDED');
  }
}

/** The bet would take today's losses past the player's limit (CC429). */
export class LossLimitError extends DomainError {
  constructor() {
    super(429, 'Daily loss limit reached: this bet would take today’s losses past the limit you set', 'LOSS_LIMIT');
  }
}

/** The session that placed an instant bet is no longer valid for it (place_bet(): CC401). */
export class SessionEndedError extends DomainError {
  constructor() {
    super(401, 'Your session has ended: reconnect to keep playing', 'SESSION_ENDED');
  }
}

/**
 * The seed pair's nonce moved since the bet's outcome was computed (place_bet(): CC409; another
 * instance, a rotation or a round): nothing was written. The instant bet retries it; it reaches
 * HTTP only if the retries run out.
 */
export class NonceMovedError extends DomainError {
  constructor(
    /** The nonce the pair is at now, when the call knew it (place_bets(), round_open()) and the pair is still active. */
    readonly currentNonce?: bigint,
  ) {
    super(409, 'Too many simultaneous bets on this account: try again', 'NONCE_MOVED');
  }
}

/**
 * The open round changed since a step read it (round_step(): CC412; another step committed first):
 * nothing was written. The game plays the step again on the locked round; it never reaches HTTP.
 */
export class RoundMovedError extends DomainError {
  constructor() {
    super(409, 'The round moved on: try again', 'ROUND_MOVED');
  }
}

/**
 * The player already has an open round of the game a round_open() call would open (CC410): nothing
 * was written. The game answers it with its own ConflictError; it never reaches HTTP itself.
 */
export class RoundOpenError extends DomainError {
  constructor() {
    super(409, 'A round of this game is already in progress', 'ROUND_OPEN');
  }
}

/** The nonce a CC409 names as the pair's current one (round_open()'s DETAIL), if it names one. */
function currentNonce(e: unknown): bigint | undefined {
  const detail = (e as { detail?: string })?.detail;
  return detail && /^\d+$/.test(detail) ? BigInt(detail) : undefined;
}

/**
 * The one translation of the SQLSTATEs the settlement SQL raises (check_play_allowed(),
 * place_bet(), round_step(), round_settle(), round_open()) into domain errors (and CC208, the keyed place_bet()'s "this
 * Idempotency-Key already has a request", into the error IdempotencyStore answers); null for
 * anything else.
 * Called by the data layer only (SqlService), so no other layer ever sees an SQLSTATE.
 */
export function sqlRefusal(e: unknown): DomainError | KeyTakenError | null {
  switch ((e as { code?: string })?.code) {
    case 'CC208':
      return new KeyTakenError();
    case 'CC401':
      return new SessionEndedError();
    case 'CC409':
      return new NonceMovedError(currentNonce(e));
    case 'CC410':
      return new RoundOpenError();
    case 'CC412':
      return new RoundMovedError();
    case 'CC402':
      return new InsufficientBalanceError();
    case 'CC403':
      return new SelfExcludedError();
    case 'CC423':
      return new AminaPausedError();
    case 'CC429':
      return new LossLimitError();
    default:
      return null;
  }
}
