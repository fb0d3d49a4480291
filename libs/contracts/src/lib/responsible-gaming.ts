import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AMOUNT_MAX, CheckedByService, WalletAddress } from './fields';
import {
  EXCLUSION_PERIODS,
  type ExclusionPeriod,
  LIMIT_CURRENCIES,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_CHECK_ACTIONS,
  REALITY_CHECK_MINUTES,
} from './responsible-gaming-rules';

// Responsible-gaming wire types (GET/POST /api/responsible-gaming/*), shared by the API that
// answers them and the web page that shows them.

const limit = (example: string, unit: string) =>
  Type.Optional(
    CheckedByService<string | null>({
      example,
      nullable: true,
      description: `${unit}, at most ${AMOUNT_MAX}, sets the limit; null removes it`,
    }),
  );

/** One limit to set: an amount sets it, null removes it. */
export const LimitSettingSchema = Type.Object(
  {
    kind: Type.Union(
      LIMIT_KINDS.map((k) => Type.Literal(k)),
      { errorMessage: `kind must be one of ${LIMIT_KINDS.join(', ')}` },
    ),
    currency: Type.Union(
      LIMIT_CURRENCIES.map((c) => Type.Literal(c)),
      { errorMessage: `currency must be one of ${LIMIT_CURRENCIES.join(', ')}` },
    ),
    period: Type.Union(
      LIMIT_PERIODS.map((p) => Type.Literal(p)),
      { errorMessage: `period must be one of ${LIMIT_PERIODS.join(', ')}` },
    ),
    value: CheckedByService<string | null>({
      example: '50',
      nullable: true,
      description: `an amount of the currency (whole House Coins; AMINA at most 8 decimals), at most ${AMOUNT_MAX}; null removes the limit`,
    }),
  },
  { additionalProperties: false },
);
/** One limit to set. */
export type LimitSetting = Static<typeof LimitSettingSchema>;

/**
 * POST /api/responsible-gaming/limits body: an amount (HC whole coins) sets a limit; null removes it. Lowering
 * applies at once; raising or removing is pending for the cool-off (the service checks the amounts).
 * `dailyLossLimitHC`/`dailyLossLimitAMINA` are the 24-hour loss limits, as `limits` entries would name them.
 */
export const SetLimitsBodySchema = Type.Object(
  {
    dailyLossLimitHC: limit('500', 'whole House Coins'),
    dailyLossLimitAMINA: limit('2', 'AMINA (at most 8 decimals)'),
    limits: Type.Optional(Type.Array(LimitSettingSchema, { maxItems: 15 })),
    walletAddress: WalletAddress(),
  },
  { additionalProperties: false },
);
/** POST /api/responsible-gaming/limits body. */
export type SetLimitsRequest = Static<typeof SetLimitsBodySchema>;

const EXCLUSION_KEYS = Object.keys(EXCLUSION_PERIODS) as ExclusionPeriod[];

/** POST /api/responsible-gaming/self-exclude body: a time-out (24h, 7d, 6w) or a self-exclusion (6m, 1y, 5y). */
export const SelfExcludeBodySchema = Type.Object(
  {
    period: Type.Union(
      EXCLUSION_KEYS.map((d) => Type.Literal(d)),
      { errorMessage: `period must be one of ${EXCLUSION_KEYS.join(', ')}` },
    ),
    walletAddress: WalletAddress(),
  },
  { additionalProperties: false },
);
/** POST /api/responsible-gaming/self-exclude body. */
export type SelfExcludeRequest = Static<typeof SelfExcludeBodySchema>;

/** POST /api/responsible-gaming/confirm-play body: the player confirms playing again after a time-out or exclusion ended. */
export const ConfirmPlayBodySchema = Type.Object({ walletAddress: WalletAddress() }, { additionalProperties: false });
/** POST /api/responsible-gaming/confirm-play body. */
export type ConfirmPlayRequest = Static<typeof ConfirmPlayBodySchema>;

const currencyField = Type.Union(
  LIMIT_CURRENCIES.map((c) => Type.Literal(c)),
  { errorMessage: `currency must be one of ${LIMIT_CURRENCIES.join(', ')}` },
);

/** POST /api/responsible-gaming/reality-check/interval body: how often play in `currency` pauses (seconds; null: off, House Coins only). */
export const RealityCheckIntervalBodySchema = Type.Object(
  {
    currency: currencyField,
    intervalSeconds: CheckedByService<number | null>({
      example: 1800,
      nullable: true,
      description: `${REALITY_CHECK_MINUTES.map((m) => m * 60).join(', ')} seconds, or null (off; House Coins only)`,
    }),
    walletAddress: WalletAddress(),
  },
  { additionalProperties: false },
);
/** POST /api/responsible-gaming/reality-check/interval body. */
export type RealityCheckIntervalRequest = Static<typeof RealityCheckIntervalBodySchema>;

/** POST /api/responsible-gaming/reality-check body. */
export const RealityCheckAckBodySchema = Type.Object(
  {
    currency: currencyField,
    action: Type.Union(
      REALITY_CHECK_ACTIONS.map((a) => Type.Literal(a)),
      { errorMessage: `action must be one of ${REALITY_CHECK_ACTIONS.join(', ')}` },
    ),
    walletAddress: WalletAddress(),
  },
  { additionalProperties: false },
);
/** POST /api/responsible-gaming/reality-check body. */
export type RealityCheckAckRequest = Static<typeof RealityCheckAckBodySchema>;

// ---- answers: each schema is what fast-json-stringify writes (only these fields are sent) and the OpenAPI answer ----

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const decimal = Type.String({ description: 'a decimal amount of the currency' });

/** A raise (`value`) or removal (`value: null`) of a limit waiting for its cool-off to end. */
export const PendingLimitChangeSchema = Type.Object({ value: nullable(decimal), effectiveAt: Type.String() });
/** A raise or removal of a limit waiting for its cool-off to end. */
export type PendingLimitChange = Static<typeof PendingLimitChangeSchema>;

/** One limit as the player reads it: what the window has used, what is left, and any change waiting. */
export const LimitViewSchema = Type.Object({
  kind: Type.String(),
  currency: Type.String(),
  period: Type.String(),
  limit: nullable(decimal),
  used: decimal,
  left: nullable(decimal),
  pending: nullable(PendingLimitChangeSchema),
});
/** One limit as the player reads it. */
export type LimitView = Static<typeof LimitViewSchema>;

const playerLimits = {
  /** every kind, currency and window (deposits: AMINA only), set or not */
  limits: Type.Array(LimitViewSchema),
  /** per kind and currency, the least left over the windows with a limit (null: no limit) */
  left: Type.Object({
    lossHC: nullable(decimal),
    lossAMINA: nullable(decimal),
    wagerHC: nullable(decimal),
    wagerAMINA: nullable(decimal),
    depositAMINA: nullable(decimal),
  }),
  exclusion: nullable(
    Type.Object({
      kind: Type.String(),
      until: Type.String(),
      /** the period ended; play stays refused until the player confirms */
      ended: Type.Boolean(),
    }),
  ),
  /** AMINA credited beyond a deposit limit, locked from play until `until` (still withdrawable) */
  depositLocked: nullable(Type.Object({ amount: decimal, until: Type.String() })),
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

/** One currency's play session and reality check. */
export const PlaySessionSchema = Type.Object({
  currency: Type.String(),
  /** the interval (null: off) */
  intervalSeconds: nullable(Type.Integer()),
  /** null: no session going */
  startedAt: nullable(Type.String()),
  /** when the next reality check falls due (null: no session) */
  dueAt: nullable(Type.String()),
  /** the check is due: stakes are refused until the player answers it */
  due: Type.Boolean(),
  /** seconds since the session started (0: none) */
  elapsedSeconds: Type.Integer(),
  /** won (positive) or lost (negative) by the bets settled since the session started */
  net: Type.String({ description: 'a signed decimal amount of the currency' }),
  bets: Type.Integer(),
});
/** One currency's play session and reality check. */
export type PlaySession = Static<typeof PlaySessionSchema>;

/** GET /api/responsible-gaming/reality-check (and its POSTs): both currencies' sessions, and the server's clock. */
export const RealityCheckSchema = Type.Object({ sessions: Type.Array(PlaySessionSchema), serverTime: Type.String() });
/** The player's play sessions and reality checks. */
export type RealityCheck = Static<typeof RealityCheckSchema>;
