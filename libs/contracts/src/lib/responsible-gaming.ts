import { Type, type Static, type TSchema } from '@sinclair/typebox';
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

// ---- answers: each schema is what fast-json-stringify writes (only these fields are sent) and the OpenAPI answer ----

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const decimal = Type.String({ description: 'a decimal amount of the currency' });

/** A raise (`value`) or removal (`value: null`) of a limit waiting for its cool-off to end. */
export const PendingLimitChangeSchema = Type.Object({ value: nullable(decimal), effectiveAt: Type.String() });
/** A raise or removal of a limit waiting for its cool-off to end. */
export type PendingLimitChange = Static<typeof PendingLimitChangeSchema>;

const playerLimits = {
  dailyLossLimitHC: nullable(decimal),
  dailyLossLimitAMINA: nullable(decimal),
  lostTodayHC: decimal,
  lostTodayAMINA: decimal,
  selfExcludedUntil: nullable(Type.String()),
  pendingLimitHC: nullable(PendingLimitChangeSchema),
  pendingLimitAMINA: nullable(PendingLimitChangeSchema),
};

/** GET /api/responsible-gaming/limits (and POST self-exclude): the player's limits, pending changes and today's losses. */
export const PlayerLimitsSchema = Type.Object(playerLimits);
/** The player's limits, pending changes and today's losses. */
export type PlayerLimits = Static<typeof PlayerLimitsSchema>;

/** POST /api/responsible-gaming/limits: the limits after the change, and what happened in words. */
export const SetLimitsResponseSchema = Type.Object({ ...playerLimits, message: Type.String() });
/** POST /api/responsible-gaming/limits's answer. */
export type SetLimitsResponse = Static<typeof SetLimitsResponseSchema>;

/** Time left as the player reads it, rounded up to the minute: `23h 59m`, `0h 1m`. */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
