// Responsible gaming's rules and words as the player reads them: the limits' kinds, windows and
// currencies, the time-out and exclusion periods, the reality check's intervals and answers, and
// how time and a session's net are written. No schema here: the web's first screens (the session
// card, the cashier's limits) use these, and the request and answer schemas built from them with
// TypeBox stay in responsible-gaming.ts, on the API's side of the import graph.

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

/** Reality-check intervals a player may choose, in minutes; House Coins may also be off, AMINA never (60 unless chosen). */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;

/** What the player answers a due reality check: keep playing (the next check is one interval away) or leave (the session ends). */
export const REALITY_CHECK_ACTIONS = ['continue', 'leave'] as const;

/** Raising or removing any limit waits this long; lowering it applies at once. */
export const LIMIT_COOL_OFF_HOURS = 24;

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
