import type { Currency } from '@cosmic/contracts';
import type { SessionUser } from '../auth/session.service';
import { canWrite, ProofRequiredError } from '../auth/ownership';
import { SessionEndedError } from '../settlement/settlement-errors';

/*
 * What the game SQL (place_bet(), round_act(), round_open()) is told about the
 * session that plays, and what its refusal of that session becomes: one rule for every game.
 */

/** A wallet session must have proven its key for this currency (guests own their id): place_bet()'s rule. */
export function needVerified(user: SessionUser, currency: Currency): boolean {
  return currency === 'AMINA' || !user.isGuest;
}

/** The refusal of a session the SQL found not valid: a never-proven session is told what is missing. */
export function sessionRefusal(user: SessionUser): Error {
  return canWrite(user) ? new SessionEndedError() : new ProofRequiredError();
}
