import { POKER_ACTIONS, type PokerAction } from '@cosmic/poker';
import { InvalidInputError } from '../common/domain-error';

/** Builds the engine's action from a checked body (PokerActBodySchema) or a socket message (checked here). */
export function toAction(action: unknown, amount: unknown): PokerAction {
  if (typeof action !== 'string' || !(POKER_ACTIONS as readonly string[]).includes(action)) {
    throw new InvalidInputError(`action must be one of ${POKER_ACTIONS.join(', ')}`);
  }
  if (action === 'bet' || action === 'raise') {
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
      throw new InvalidInputError('amount must be a whole number of chips for a bet or raise');
    return { type: action, amount };
  }
  return { type: action as 'fold' | 'check' | 'call' | 'allin' };
}
