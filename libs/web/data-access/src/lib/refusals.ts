import { errorCode, errorStatus } from './error-message';

/** Why a bet was not placed: the toast's title, the reason under it, and where the player can change it. */
export interface Refusal {
  title: string;
  reason?: string;
  help?: { href: string; label: string };
}

/** Every game's text for a bet the balance cannot cover (a game may pass its own, e.g. slots' bonus text). */
export const INSUFFICIENT_BALANCE = 'Insufficient balance!';

const LIMITS_PAGE = { href: '/responsible-gaming', label: 'Responsible gaming settings' };

/**
 * What each API refusal code tells the player (issue 29 item 1): chosen by the code the base query
 * read from the error body (ApiError.code), never by reading the English message. Every screen
 * (games, poker, cashier) takes its refusal toasts from here. INSUFFICIENT_BALANCE keeps the spec's per-game text.
 */
export const REFUSALS: Readonly<Record<string, Refusal>> = {
  LOSS_LIMIT: {
    title: 'Loss limit reached',
    reason: 'This bet could take your losses past a limit you set (over 24 hours, 7 days or 30 days).',
    help: { ...LIMITS_PAGE, label: 'See or change your loss limit' },
  },
  WAGER_LIMIT: {
    title: 'Wager limit reached',
    reason: 'This bet could take the amount you wagered past a limit you set (over 24 hours, 7 days or 30 days).',
    help: { ...LIMITS_PAGE, label: 'See or change your wager limit' },
  },
  DEPOSIT_LOCKED: {
    title: 'Part of your AMINA is locked from play',
    reason:
      'A deposit went past your deposit limit: its excess can be withdrawn but not staked until the window allows.',
    help: { ...LIMITS_PAGE, label: 'See your limits' },
  },
  TIME_OUT: {
    title: 'You are on a time-out',
    reason: 'Betting is blocked until your time-out ends.',
    help: { ...LIMITS_PAGE, label: 'See your time-out' },
  },
  CONFIRM_TO_PLAY: {
    title: 'Confirm to play again',
    reason:
      'Your time-out or self-exclusion has ended: confirm on the Responsible gaming page that you want to play again.',
    help: { ...LIMITS_PAGE, label: 'Confirm on the Responsible gaming page' },
  },
  REALITY_CHECK: {
    title: 'Reality check',
    reason: 'See how long you have played and your result, then keep playing or leave.',
  },
  SELF_EXCLUDED: {
    title: 'You are self-excluded',
    reason: 'Betting is blocked until your self-exclusion period ends.',
    help: { ...LIMITS_PAGE, label: 'See your self-exclusion' },
  },
  AMINA_PAUSED: {
    title: 'AMINA play is paused',
    reason: 'The operators have paused AMINA play for a security check. House Coins games still work.',
  },
  BANKROLL_CAP: {
    title: 'Above the house’s limit for one bet',
    reason: 'This bet could win more than the house may pay on one bet right now: lower the bet or cash out.',
  },
  BANKROLL_UNKNOWN: {
    title: 'AMINA betting is unavailable for a moment',
    reason: 'The house bankroll cannot be read from the chain right now. Try again shortly, or play with House Coins.',
  },
  OWNERSHIP_REQUIRED: {
    title: 'Sign in with your wallet to play',
    reason: 'A typed address is watch-only: a wallet bets only after it signs the one-time sign-in message.',
  },
  SERVER_BUSY: { title: 'Server busy, try again', reason: 'Too many of your bets are waiting: try again in a moment.' },
  CHAIN_UNAVAILABLE: { title: 'The Algorand node is not answering', reason: 'Try again in a moment.' },
};

/**
 * The refusal to show for a failed game call: the code's entry, the game's insufficient-balance
 * text, or the game's own fallback title with the server's message for other refusals
 * (a 4xx explains itself: 'betAmount: …'), and nothing more when no answer came or the server failed.
 */
export function refusalFor(error: unknown, fallback: string, insufficient = INSUFFICIENT_BALANCE): Refusal {
  const code = errorCode(error);
  if (code === 'INSUFFICIENT_BALANCE') return { title: insufficient };
  if (code && code in REFUSALS) return REFUSALS[code];
  const status = errorStatus(error);
  if (status !== null && status >= 400 && status < 500) {
    const message = (error as { serverMessage?: unknown }).serverMessage;
    return typeof message === 'string' && message ? { title: fallback, reason: message } : { title: fallback };
  }
  return { title: fallback };
}
