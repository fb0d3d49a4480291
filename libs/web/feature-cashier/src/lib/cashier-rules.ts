import { parseAmount } from '@cosmic/algorand';
import type { WithdrawalLimitsResponse } from '@cosmic/contracts';
import { ALGORAND_ADDRESS } from '@cosmic/web-data-access';

/** A toast-ready reason why the form cannot be sent. */
export interface Problem {
  title: string;
  description: string;
}

/** Deposits are 0.00000001 to 10 AMINA, 8 decimals (base units; the API's DEPOSIT_MAX, deposits.service.ts). */
export const MIN_DEPOSIT = 1n;
export const MAX_DEPOSIT = 1_000_000_000n;
/** The deposit's progress is polled every 2 s, for at most 60 s. */
export const DEPOSIT_POLL_MS = 2_000;
export const DEPOSIT_POLL_LIMIT_MS = 60_000;
/** The balance is refreshed 1 s after a deposit notice. */
export const DEPOSIT_REFRESH_MS = 1_000;

/** A withdrawal whose outcome is open is asked about every 3 s until it is confirmed or refunded. */
export const WITHDRAWAL_POLL_MS = 3_000;

const DEPOSIT_RANGE = 'Deposit amount must be between 0.00000001 and 10 AMINA';

/** Why a deposit amount is refused (not a decimal of at most 8 decimals, or out of range), or null when it can be sent. */
export function depositProblem(amount: string): Problem | null {
  const text = amount.trim();
  if (!text) return { title: 'Missing Amount', description: 'Please enter deposit amount' };
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.value < MIN_DEPOSIT || parsed.value > MAX_DEPOSIT)
    return { title: 'Invalid Amount', description: DEPOSIT_RANGE };
  return null;
}

/** Why a transaction id cannot be notified, or null. */
export function txIdProblem(txId: string): Problem | null {
  return txId.trim()
    ? null
    : { title: 'Missing Transaction ID', description: 'Please enter the transaction ID after signing' };
}

/** The withdraw form's hint: the minimum, the daily maximum and what is left of it today (the API's texts). */
export function withdrawalLimitsHint(limits: WithdrawalLimitsResponse): string {
  return `Minimum ${limits.minAmina} AMINA · at most ${limits.dailyMaxAmina} AMINA a day (UTC): ${limits.remainingTodayAmina} left today.`;
}

/**
 * Why a withdrawal is refused before it is sent (the amount's form, the balance, and the API's limits when known), or
 * null. `balance` is in base units. The API checks again and decides.
 */
export function withdrawalProblem(
  amount: string,
  toAddress: string,
  balance: bigint,
  limits?: WithdrawalLimitsResponse,
): Problem | null {
  const text = amount.trim();
  if (!text) return { title: 'Missing Amount', description: 'Please enter withdrawal amount' };
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.value <= 0n)
    return {
      title: 'Invalid Amount',
      description: 'Withdrawal amount must be a positive AMINA amount with at most 8 decimals',
    };
  if (limits) {
    const min = parseAmount(limits.minAmina);
    if (min.ok && parsed.value < min.value)
      return { title: 'Invalid Amount', description: `Minimum withdrawal is ${limits.minAmina} AMINA` };
  }
  if (parsed.value > balance)
    return { title: 'Insufficient Balance', description: "You don't have enough AMINA tokens" };
  if (limits) {
    const left = parseAmount(limits.remainingTodayAmina);
    if (left.ok && parsed.value > left.value) {
      return {
        title: 'Daily Limit',
        description: `Daily withdrawal limit is ${limits.dailyMaxAmina} AMINA: you can withdraw ${limits.remainingTodayAmina} more today (UTC)`,
      };
    }
  }
  const to = toAddress.trim();
  if (to && !ALGORAND_ADDRESS.test(to))
    return { title: 'Invalid Address', description: 'Please enter a valid 58-character Algorand wallet address' };
  return null;
}
