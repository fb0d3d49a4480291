import { AMINA_MIN_BET, type Currency, HC_MAX_BET, HC_MIN_BET } from '@cosmic/contracts';
import { InvalidInputError } from '../common/domain-error';
import { assertWholeHouseCoins, money, parseMoney } from '../common/amount';
import type { SessionUser } from '../auth/session.service';
import { assertVerifiedOwner } from '../auth/ownership';

/** Validates the currency field. */
export function parseCurrency(raw: unknown): Currency {
  if (raw === 'HC' || raw === 'AMINA') return raw;
  throw new InvalidInputError('currency must be HC or AMINA');
}

/**
 * A stake within the currency's limits (libs/contracts bet-limits.ts: HC 1–1000 whole coins; AMINA
 * 0.001–the configured max), in base units. AMINA also needs a session that proved it owns the wallet.
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
    if (stake < HC_MIN_BET || stake > HC_MAX_BET)
      throw new InvalidInputError(`${field} must be between ${money(HC_MIN_BET)} and ${money(HC_MAX_BET)} HC`);
    assertWholeHouseCoins(stake, field);
  } else {
    const max = parseMoney(aminaMax, 'BET_MAX_AMINA');
    if (stake < AMINA_MIN_BET || stake > max)
      throw new InvalidInputError(`${field} must be between ${money(AMINA_MIN_BET)} and ${aminaMax} AMINA`);
    assertVerifiedOwner(user);
  }
  return { currency, stake };
}
