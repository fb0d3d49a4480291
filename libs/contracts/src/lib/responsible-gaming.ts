import { Type, type Static } from '@sinclair/typebox';
import { CheckedByService, WalletAddress } from './fields';

// Responsible-gaming wire types (GET/POST /api/responsible-gaming/*), shared by the API that
// answers them and the web page that shows them.

const limit = (example: string) =>
  Type.Optional(
    CheckedByService<string | null>({
      example,
      nullable: true,
      description: 'a decimal amount sets the limit; null removes it',
    }),
  );

/**
 * POST /api/responsible-gaming/limits body: a decimal amount sets a limit; null removes it. Lowering
 * applies at once; raising or removing is pending for the cool-off (the service checks the amounts).
 */
export const SetLimitsBodySchema = Type.Object(
  { dailyLossLimitHC: limit('500'), dailyLossLimitAMINA: limit('2'), walletAddress: WalletAddress() },
  { additionalProperties: false },
);
/** POST /api/responsible-gaming/limits body. */
export type SetLimitsRequest = Static<typeof SetLimitsBodySchema>;

/** The self-exclusion periods a player may choose, in days. */
export const SELF_EXCLUSION_DAYS = [1, 7, 30, 180, 365] as const;

/** POST /api/responsible-gaming/self-exclude body. */
export const SelfExcludeBodySchema = Type.Object(
  {
    days: Type.Union(
      SELF_EXCLUSION_DAYS.map((d) => Type.Literal(d)),
      { errorMessage: `days must be one of ${SELF_EXCLUSION_DAYS.join(', ')}` },
    ),
    walletAddress: WalletAddress(),
  },
  { additionalProperties: false },
);
/** POST /api/responsible-gaming/self-exclude body. */
export type SelfExcludeRequest = Static<typeof SelfExcludeBodySchema>;

/** Raising or removing a daily loss limit waits this long; lowering it applies at once. */
export const LIMIT_COOL_OFF_HOURS = 24;

/** A raise (`value`) or removal (`value: null`) of a limit waiting for its cool-off to end. */
export interface PendingLimitChange {
  value: string | null;
  effectiveAt: string;
}

/** GET /api/responsible-gaming/limits: the player's limits, pending changes and today's losses. */
export interface PlayerLimits {
  dailyLossLimitHC: string | null;
  dailyLossLimitAMINA: string | null;
  lostTodayHC: string;
  lostTodayAMINA: string;
  selfExcludedUntil: string | null;
  pendingLimitHC: PendingLimitChange | null;
  pendingLimitAMINA: PendingLimitChange | null;
}

/** POST /api/responsible-gaming/limits: the limits after the change, and what happened in words. */
export interface SetLimitsResponse extends PlayerLimits {
  message: string;
}

/** Time left as the player reads it, rounded up to the minute: `23h 59m`, `0h 1m`. */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
