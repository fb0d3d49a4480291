import {
  LIMIT_PERIODS,
  type LimitPeriod,
  type LimitView,
  type PlayerLimits,
  type SetLimitsResponse,
} from '@cosmic/contracts';
import { ADDRESS, type FakeCall, fakeApi, user } from '@cosmic/web-data-access/testing';

// The responsible-gaming API as the /responsible-gaming specs fake it: answers shaped as
// GET /api/responsible-gaming/limits gives them (every kind, currency and window, set or not).

/** A player with a real wallet whose ownership this session proved: the tools are theirs to use. */
export const ME = user({ ownershipVerified: true });

/** The windows every limit is counted over, in the API's order. */
const GROUPS = [
  ['loss', 'HC'],
  ['loss', 'AMINA'],
  ['wager', 'HC'],
  ['wager', 'AMINA'],
  ['deposit', 'AMINA'],
] as const;

/** `wager-AMINA-7d`: one limit's key, as the page's row test ids name it after `limit-`. */
export type LimitKey = `${(typeof GROUPS)[number][0]}-${'HC' | 'AMINA'}-${LimitPeriod}`;

/** Every limit the API lists, unset and unused unless `over` says otherwise. */
export function limitRows(over: Partial<Record<LimitKey, Partial<LimitView>>> = {}): LimitView[] {
  return GROUPS.flatMap(([kind, currency]) =>
    LIMIT_PERIODS.map((period) => ({
      kind,
      currency,
      period,
      limit: null,
      used: '0',
      left: null,
      pending: null,
      ...over[`${kind}-${currency}-${period}` as LimitKey],
    })),
  );
}

/** A limits answer: nothing set, no exclusion, nothing locked, unless `over` says otherwise. */
export function limitsAnswer(over: Partial<PlayerLimits> = {}): PlayerLimits {
  return {
    limits: limitRows(),
    left: { lossHC: null, lossAMINA: null, wagerHC: null, wagerAMINA: null, depositAMINA: null },
    exclusion: null,
    depositLocked: null,
    dailyLossLimitHC: null,
    dailyLossLimitAMINA: null,
    lostTodayHC: '0',
    lostTodayAMINA: '0',
    selfExcludedUntil: null,
    pendingLimitHC: null,
    pendingLimitAMINA: null,
    ...over,
  };
}

/** What the fake answers a POST: the player's limits from now on (and the sentence for a limit change), or a refusal. */
export type PostAnswer = { next: PlayerLimits; message?: string } | { status: number; message: string };

/**
 * The API for the player tools: the player, and their limits as they stand (`first` until a POST
 * answered by `onPost` changes them). Returns the log of every call.
 */
export function serveLimits(first: PlayerLimits, onPost: (call: FakeCall) => PostAnswer | undefined = () => undefined) {
  let limits = first;
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === `/api/users/${ADDRESS}`) return { body: ME };
    if (call.method === 'GET' && call.path === '/api/responsible-gaming/limits') return { body: limits };
    if (call.method !== 'POST') return undefined;
    const answer = onPost(call);
    if (!answer) return undefined;
    if ('status' in answer)
      return { status: answer.status, body: { statusCode: answer.status, error: 'Conflict', message: answer.message } };
    limits = answer.next;
    const body: PlayerLimits | SetLimitsResponse =
      answer.message === undefined ? limits : { ...limits, message: answer.message };
    return { body };
  });
}

/** The calls that asked for the limits (GET /api/responsible-gaming/limits). */
export const limitReads = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/responsible-gaming/limits');
