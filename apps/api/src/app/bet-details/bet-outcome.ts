import type { BetDetails, BetOutcome, BetVerify } from '@cosmic/contracts';
import { money } from '../common/amount';

/** The games a bet row can hold. */
export const DETAIL_GAMES = ['dice', 'plinko', 'slots', 'blackjack', 'hilo'] as const;
/** A game a bet row can hold. */
export type DetailGame = (typeof DETAIL_GAMES)[number];

type O = Record<string, unknown>;
const obj = (v: unknown): O => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as O) : {});
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));

/**
 * The verifier's parameters of a bet and the base stake its payout comes from: a blackjack row
 * holds every stake of the hand (doubles and splits), so the base bet is that over the stakes; a
 * free spin stakes nothing (no payout to compare, the multiplier still is); a bonus purchase
 * draws nothing of its own (its spins are bets of their own), so it has nothing to replay.
 */
export function betVerify(
  outcome: BetOutcome,
  stored: unknown,
  amount: bigint,
  currency: BetDetails['currency'],
): BetVerify | null {
  const stake = (units: bigint) => ({ amount: money(units), currency });
  switch (outcome.game) {
    case 'dice':
      return { extra: { betType: outcome.betType }, stake: stake(amount) };
    case 'plinko':
      return { extra: { risk: outcome.risk }, stake: stake(amount) };
    case 'slots':
      if (outcome.mode === 'bonus-buy') return null;
      return {
        extra: { freeSpins: outcome.mode === 'free' ? '1' : '0' },
        stake: outcome.mode === 'free' ? null : stake(amount),
      };
    case 'blackjack': {
      const staked = BigInt(Math.max(1, num(obj(stored)['totalStaked'])));
      return { extra: { actions: outcome.actions.join(', ') }, stake: stake(amount / staked) };
    }
    case 'hilo':
      return {
        extra: {
          guesses: outcome.guesses.map((g) => g.direction).join(', '),
          cashout: outcome.status === 'cashed' ? '1' : '0',
        },
        stake: stake(amount),
      };
  }
}
