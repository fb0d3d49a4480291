import type { SessionUser } from '../auth/session.service';
import { canWrite, ProofRequiredError } from '../auth/ownership';
import { pendingClaim } from '../common/idempotency-claim';
import { RoundMovedError, SessionEndedError } from '../settlement/settlement-errors';
import type { RoundsRepository, SeenRound } from './rounds.repository';

/**
 * Commits `state` as the next state of `round` (as RoundsRepository.readOpen() read it) in one
 * statement, for a step that moves no money, with the request's Idempotency-Key claimed in it (the
 * IdempotencyStore then stores the answer). Answers the balance in the round's currency, or null
 * when another step changed the round first: nothing was written, and the caller plays the step
 * the locked way, from the state the round holds then.
 */
export async function commitStep<S>(
  rounds: RoundsRepository,
  user: SessionUser,
  round: SeenRound<unknown>,
  state: S,
): Promise<bigint | null> {
  const claim = pendingClaim();
  try {
    const balance = await rounds.step({
      tokenHash: user.tokenHash,
      userId: user.userId,
      // round_step() re-checks in SQL that a wallet session proved its key (guests own their id)
      needVerified: round.currency === 'AMINA' || !user.isGuest,
      round,
      state,
      idempotency: claim && { key: claim.key, hash: claim.hash },
    });
    if (claim) claim.state = 'claimed';
    return balance;
  } catch (e) {
    if (e instanceof RoundMovedError) return null;
    // the SQL's session check refused a session that was never proven: say what is missing
    if (e instanceof SessionEndedError && !canWrite(user)) throw new ProofRequiredError();
    throw e;
  }
}
