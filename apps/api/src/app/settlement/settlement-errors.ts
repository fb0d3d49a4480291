import { DomainError } from '../common/domain-error';

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

/**
 * The one translation of the SQLSTATEs the settlement SQL raises (check_play_allowed(),
 * place_bet(), place_bets()) into domain errors; null for anything else. CC409 (the nonce moved)
 * and CC401 (the session) never reach it: the instant bet retries the first and answers the second
 * from the session it holds.
 */
export function sqlRefusal(e: unknown): DomainError | null {
  switch ((e as { code?: string })?.code) {
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
