import { DomainError } from '../common/domain-error';
import { KeyTakenError } from '../common/idempotency-claim';
import { ProofRequiredError } from '../auth/ownership';
import { money } from '../common/amount';
import { registerSqlRefusals } from '../database/sql-refusals';

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

/** The player is self-excluded or on a time-out (CC403; DETAIL '<kind> <until>' names which and until when). */
export class SelfExcludedError extends DomainError {
  constructor(detail?: string) {
    const [kind, until] = (detail ?? '').split(' ');
    const when = until ? ` until ${until.slice(0, 16).replace('T', ' ')} UTC` : '';
    if (kind === 'time-out') super(403, `You are on a time-out${when}: betting is blocked until it ends`, 'TIME_OUT');
    else super(403, 'You are self-excluded: betting is blocked until your self-exclusion period ends', 'SELF_EXCLUDED');
  }
}

/** A time-out or self-exclusion ended and the player has not yet confirmed playing again (CC428). */
export class ConfirmToPlayError extends DomainError {
  constructor(detail?: string) {
    const what = detail === 'time-out' ? 'time-out' : 'self-exclusion';
    super(
      428,
      `Your ${what} has ended: confirm on the Responsible gaming page that you want to play again`,
      'CONFIRM_TO_PLAY',
    );
  }
}

/**
 * A reality check is due and the player has not acknowledged it (CC440; DETAIL names the currency):
 * no stake is taken until they do (POST /api/responsible-gaming/reality-check).
 */
export class RealityCheckDueError extends DomainError {
  constructor(detail?: string) {
    const currency = detail === 'AMINA' ? 'AMINA' : 'House Coins';
    super(
      428,
      `Reality check: see how long you have played and your ${currency} result, then choose to keep playing or leave`,
      'REALITY_CHECK',
    );
  }
}

const WINDOW_WORDS: Record<string, string> = { '24h': '24-hour', '7d': '7-day', '30d': '30-day' };
const WINDOW_SPAN: Record<string, string> = {
  '24h': 'the last 24 hours',
  '7d': 'the last 7 days',
  '30d': 'the last 30 days',
};

/**
 * A loss or wager limit refuses the bet, or a deposit beyond the deposit limit holds AMINA from play (CC429).
 * DETAIL '<kind> <period> <left> <currency>' names the limit with the least left and what is left (base units);
 * 'deposit-lock <playable> AMINA <until>' what may still be staked and when the lock ends.
 */
export class LossLimitError extends DomainError {
  constructor(detail?: string) {
    const [kind, a, b, c] = (detail ?? '').split(' ');
    if (kind === 'deposit-lock') {
      super(
        429,
        `Part of your AMINA came from a deposit beyond your deposit limit and is locked from play until ${c.slice(0, 16).replace('T', ' ')} UTC: you can stake ${money(BigInt(a))} AMINA now (it can still be withdrawn)`,
        'DEPOSIT_LOCKED',
      );
    } else if ((kind === 'loss' || kind === 'wager') && WINDOW_WORDS[a] && /^\d+$/.test(b)) {
      const what = kind === 'loss' ? 'net loss' : 'amount wagered';
      super(
        429,
        `${WINDOW_WORDS[a]} ${kind} limit reached: this bet would take your ${what} over ${WINDOW_SPAN[a]} past the limit you set (${money(BigInt(b))} ${c} left)`,
        kind === 'loss' ? 'LOSS_LIMIT' : 'WAGER_LIMIT',
      );
    } else {
      super(429, 'Loss limit reached: this bet would take your losses past the limit you set', 'LOSS_LIMIT');
    }
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
 * The open round changed since an action read it (round_act(): CC412; another action committed first):
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

/** The DETAIL an SQL refusal carries, if any. */
function detail(e: unknown): string | undefined {
  const d = (e as { detail?: unknown })?.detail;
  return typeof d === 'string' && d ? d : undefined;
}

/** The nonce a CC409 names as the pair's current one (round_open()'s DETAIL), if it names one. */
function currentNonce(e: unknown): bigint | undefined {
  const detail = (e as { detail?: string })?.detail;
  return detail && /^\d+$/.test(detail) ? BigInt(detail) : undefined;
}

/**
 * The one translation of the SQLSTATEs the settlement SQL raises (check_play_allowed(),
 * place_bet(), round_act(), round_open()) into domain errors (and CC208, the keyed place_bet()'s "this
 * Idempotency-Key already has a request", into the error IdempotencyStore answers); null for
 * anything else.
 * Registered with the data layer (database/sql-refusals.ts), which applies it to every failed
 * statement, so no other layer ever sees an SQLSTATE.
 */
export function sqlRefusal(e: unknown): DomainError | KeyTakenError | null {
  switch ((e as { code?: string })?.code) {
    case 'CC208':
      return new KeyTakenError();
    case 'CC401':
      return new SessionEndedError();
    case 'CC407':
      return new ProofRequiredError();
    case 'CC409':
      return new NonceMovedError(currentNonce(e));
    case 'CC410':
      return new RoundOpenError();
    case 'CC412':
      return new RoundMovedError();
    case 'CC402':
      return new InsufficientBalanceError();
    case 'CC403':
      return new SelfExcludedError(detail(e));
    case 'CC428':
      return new ConfirmToPlayError(detail(e));
    case 'CC440':
      return new RealityCheckDueError(detail(e));
    case 'CC423':
      return new AminaPausedError();
    case 'CC429':
      return new LossLimitError(detail(e));
    default:
      return null;
  }
}

// the data layer translates every failed statement with it (database/sql-refusals.ts)
registerSqlRefusals(sqlRefusal);
