import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AMOUNT_MAX, CheckedByService, WalletAddress } from './fields';

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

/** What a limit bounds: net loss and amount wagered per currency (checked on every bet), AMINA deposits (checked by the cashier). */
export const LIMIT_KINDS = ['loss', 'wager', 'deposit'] as const;
/** What a limit bounds. */
export type LimitKind = (typeof LIMIT_KINDS)[number];
/** The rolling windows a limit is counted over, ending now. */
export const LIMIT_PERIODS = ['24h', '7d', '30d'] as const;
/** A rolling window a limit is counted over. */
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** Currencies a limit can be set in (deposit limits: AMINA only). */
export const LIMIT_CURRENCIES = ['HC', 'AMINA'] as const;
/** A currency a limit can be set in. */
export type LimitCurrency = (typeof LIMIT_CURRENCIES)[number];

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

/** Time-outs (a short break) and self-exclusion periods a player may choose; neither can be shortened. */
export const EXCLUSION_PERIODS = {
  '24h': { kind: 'time-out', label: '24 hours' },
  '7d': { kind: 'time-out', label: '7 days' },
  '6w': { kind: 'time-out', label: '6 weeks' },
  '6m': { kind: 'self-exclusion', label: '6 months' },
  '1y': { kind: 'self-exclusion', label: '1 year' },
  '5y': { kind: 'self-exclusion', label: '5 years' },
} as const;
/** A time-out or self-exclusion period. */
export type ExclusionPeriod = keyof typeof EXCLUSION_PERIODS;
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

/** Reality-check intervals a player may choose, in minutes; House Coins may also be off, AMINA never (60 unless chosen). */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;

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

/** What the player answers a due reality check: keep playing (the next check is one interval away) or leave (the session ends). */
export const REALITY_CHECK_ACTIONS = ['continue', 'leave'] as const;
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

/** Raising or removing any limit waits this long; lowering it applies at once. */
export const LIMIT_COOL_OFF_HOURS = 24;

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

/** Time left as the player reads it, rounded up to the minute: `23h 59m`, `0h 1m`. */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** A play session's length as the player reads it: `45s`, `12m 05s`, `1h 02m`. */
export function formatSessionTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m`;
  return m > 0 ? `${m}m ${pad(s % 60)}s` : `${s % 60}s`;
}

/** A session's signed net result (PlaySession.net) as the player reads it: `+1,250 HC`, `−0.5 AMINA`, `0 HC`. */
export function formatNet(net: string, currency: string): string {
  const negative = net.startsWith('-');
  const abs = negative ? net.slice(1) : net;
  const [whole, fraction] = abs.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (fraction ? `.${fraction}` : '');
  const sign = /^[0.]*$/.test(abs) ? '' : negative ? '−' : '+';
  return `${sign}${grouped} ${currency}`;
}
