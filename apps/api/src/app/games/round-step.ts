import type { SessionUser } from '../auth/session.service';
import { pendingClaim } from '../common/idempotency-claim';
import { toJson } from '../common/json';
import { RoundMovedError, SessionEndedError } from '../settlement/settlement-errors';
import { needVerified, sessionRefusal } from './play-session';
import type { Settled, SettlementService } from '../settlement/settlement.service';
import type { Queryable } from '../database/sql.service';
import type { RoundRow, RoundsRepository, SeenRound } from './rounds.repository';

/*
 * A step of an open round that moves no money, or ends it without staking more, takes one read and
 * one statement: readStep() reads the round without a lock (checking the session on the way), the
 * game computes the next state, and commitStep() writes it (commitSettle() settles the round) if
 * the round has not moved since. The game routes may therefore take the session from their
 * 2-second memory (games.routes.ts): every step reads it again here, before it writes anything,
 * whichever way it goes on.
 */

/**
 * The player's open round of `game`, read without a lock; null when there is none. Throws 401
 * (SessionEndedError) or 403 when the session that asks is no longer valid for it.
 */
export async function readStep<S>(
  rounds: RoundsRepository,
  user: SessionUser,
  game: string,
): Promise<SeenRound<S> | null> {
  const round = await rounds.readOpen<S>(user.tokenHash, user.userId, game);
  if (round && !(round.session_live && (round.session_proven || !needVerified(user, round.currency))))
    throw sessionRefusal(user);
  return round;
}

/**
 * Commits `state` as the next state of `round` (as readStep() read it) in one statement, for a step
 * that moves no money, with the request's Idempotency-Key claimed in it (the IdempotencyStore then
 * stores the answer). Answers the balance in the round's currency, or null when another step
 * changed the round first: nothing was written, and the caller plays the step the locked way, from
 * the state the round holds then.
 */
export function commitStep<S>(
  rounds: RoundsRepository,
  user: SessionUser,
  round: SeenRound<unknown>,
  state: S,
): Promise<bigint | null> {
  return oneStatement(user, (idempotency) =>
    rounds.step({
      tokenHash: user.tokenHash,
      userId: user.userId,
      // round_step() checks the session again, in the statement that writes
      needVerified: needVerified(user, round.currency),
      round,
      state,
      idempotency,
    }),
  );
}

/** How a round ends: its final state, what it staked in all, and what it pays. */
export interface RoundEnding<S> {
  state: S;
  staked: bigint;
  payout: bigint;
  /** The bet row's multiplier as text (`multiplierText`). */
  multiplier: string;
}

/**
 * Settles `round` (as readStep() read it) in one statement, for a last step that stakes nothing
 * more, writing the bet and ledger rows the locked settlement writes, with the request's
 * Idempotency-Key claimed in it. Answers the bet id and the balance after, or null when another
 * step changed the round first: nothing was written, and the caller plays the step the locked way.
 */
export function commitSettle<S>(
  settlement: SettlementService,
  user: SessionUser,
  round: SeenRound<unknown>,
  end: RoundEnding<S>,
): Promise<Settled | null> {
  return oneStatement(user, (idempotency) =>
    settlement.settleSeenRound(round, {
      tokenHash: user.tokenHash,
      userId: user.userId,
      // round_settle() checks the session again, in the statement that writes
      needVerified: needVerified(user, round.currency),
      roundId: round.id,
      seen: round.seen,
      state: toJson(end.state),
      staked: end.staked,
      payout: end.payout,
      multiplier: end.multiplier,
      idempotency,
    }),
  );
}

/**
 * Settles the locked `round` as `end` says, in the caller's transaction: the rows commitSettle()
 * writes, the locked way.
 */
export function settleLocked<S>(
  settlement: SettlementService,
  db: Queryable,
  round: RoundRow<unknown>,
  end: RoundEnding<S>,
): Promise<Settled> {
  return settlement.settleRound(db, round, toJson(end.state), end.staked, end.payout, end.multiplier);
}

/**
 * Runs `write`, one statement that claims the request's Idempotency-Key (if it has one not claimed
 * yet) with what it writes; null when it found the round moved (nothing written).
 */
async function oneStatement<R>(
  user: SessionUser,
  write: (idempotency: { key: string; hash: string } | undefined) => Promise<R>,
): Promise<R | null> {
  const claim = pendingClaim();
  try {
    const written = await write(claim && { key: claim.key, hash: claim.hash });
    if (claim) claim.state = 'claimed';
    return written;
  } catch (e) {
    if (e instanceof RoundMovedError) return null;
    if (e instanceof SessionEndedError) throw sessionRefusal(user);
    throw e;
  }
}
