import type { Currency } from '@cosmic/contracts';
import { InvalidInputError } from '../common/domain-error';
import { parseMoney, UNIT } from '../common/amount';
import type { SessionUser } from '../auth/session.service';
import { assertVerifiedOwner } from '../auth/ownership';

/** HC bets: 1 to 1000. */
export const HC_LIMITS = { min: 1n * UNIT, max: 1000n * UNIT };
/** AMINA minimum bet: 0.001. */
export const AMINA_MIN = UNIT / 1000n;

/** Validates the currency field. */
export function parseCurrency(raw: unknown): Currency {
  if (raw === 'HC' || raw === 'AMINA') return raw;
  throw new InvalidInputError('currency must be HC or AMINA');
}

/**
 * A stake within the currency's limits (HC 1–1000; AMINA 0.001–the configured max), in base
 * units. AMINA also needs a session that proved it owns the wallet.
 */
export function parseStake(
  user: SessionUser,
  currencyRaw: unknown,
  amountRaw: unknown,
  field: string,
  aminaMax: string,
): { currency: Currency; stake: bigint } {
  const currency = parseCurrency(currencyRaw);
  const stake = parseMoney(amountRaw, field);
  if (currency === 'HC') {
    if (stake < HC_LIMITS.min || stake > HC_LIMITS.max)
      throw new InvalidInputError(`${field} must be between 1 and 1000 HC`);
  } else {
    const max = parseMoney(aminaMax, 'BET_MAX_AMINA');
    if (stake < AMINA_MIN || stake > max)
      throw new InvalidInputError(`${field} must be between 0.001 and ${aminaMax} AMINA`);
    assertVerifiedOwner(user);
  }
  return { currency, stake };
}
