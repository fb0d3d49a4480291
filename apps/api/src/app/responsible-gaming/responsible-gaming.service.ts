import { ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  EXCLUSION_PERIODS,
  formatTimeLeft,
  LIMIT_COOL_OFF_HOURS,
  LIMIT_CURRENCIES,
  type ExclusionPeriod,
  type LimitCurrency,
  type LimitKind,
  type LimitPeriod,
  type LimitSetting,
  type LimitView,
  type PendingLimitChange,
  type PlayerLimits,
  type PlaySession,
  REALITY_CHECK_MINUTES,
  type RealityCheck,
  type SetLimitsResponse,
} from '@cosmic/contracts';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { InvalidInputError } from '../common/domain-error';
import { money, parseMoney } from '../common/amount';
import { SqlService, type Queryable } from '../database/sql.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';
import { decideLimitChange, type LimitDecision } from './limit-change';
import {
  type LimitKey,
  type LimitRow,
  type LimitWrite,
  ResponsibleGamingRepository,
  type SessionRow,
} from './responsible-gaming.repository';
import type { TransactionClaim } from '../database/transaction-claim';

export { LIMIT_COOL_OFF_HOURS };
export type { PlayerLimits, SetLimitsResponse };

const HOUR_MS = 3_600_000;
const PERIOD_HOURS: Record<LimitPeriod, number> = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30 };
const PERIOD_WORDS: Record<LimitPeriod, string> = { '24h': '24-hour', '7d': '7-day', '30d': '30-day' };
const KIND_WORDS: Record<LimitKind, string> = { loss: 'loss', wager: 'wager', deposit: 'deposit' };

/** What a deposit of some amount may do now: the least left over the deposit windows with a limit (null: no limit). */
export interface DepositAllowance {
  left: bigint | null;
  period: LimitPeriod | null;
}

/** The excess of a deposit over the deposit limits, locked from play until `until`. */
export interface DepositExcess {
  locked: bigint;
  until: Date | null;
}

const keyOf = (k: LimitKey) => `${k.kind} ${k.currency} ${k.period}`;

/**
 * Responsible-gaming tools: loss and wager limits per currency and AMINA deposit limits, each over
 * 24 hours, 7 days and 30 days; time-outs and self-exclusion. check_play_allowed() (settlement/sql)
 * enforces loss and wager limits, exclusions and the deposit lock on every bet, reading only the live
 * limits; the cashier enforces deposit limits (depositAllowance, depositExcess). Lowering a limit
 * applies at once; raising or removing one waits LIMIT_COOL_OFF_HOURS as a pending change, promoted
 * when limits are read or written and by a job every minute, so until then the lower limit applies.
 */
@Injectable()
export class ResponsibleGamingService {
  constructor(
    private readonly sql: SqlService,
    private readonly repo: ResponsibleGamingRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Both currencies' play sessions: how long each has gone, what it has won or lost, and whether its reality check is due. */
  async realityCheck(userId: string): Promise<RealityCheck> {
    const rows = await this.repo.sessions(this.sql.pool, userId);
    return { sessions: rows.map(sessionView), serverTime: rows[0].now.toISOString() };
  }

  /**
   * Sets how often play in `currency` pauses for a reality check: 15, 30 or 60 minutes (and, in
   * test runs, REALITY_CHECK_TEST_SECONDS); null turns House Coins' off. AMINA's can never be off.
   */
  async setRealityInterval(
    userId: string,
    currency: LimitCurrency,
    seconds: unknown,
    claim?: TransactionClaim,
  ): Promise<RealityCheck> {
    const allowed: number[] = REALITY_CHECK_MINUTES.map((m) => m * 60);
    if (this.config.realityCheckTestSeconds !== null) allowed.push(this.config.realityCheckTestSeconds);
    if (seconds === null && currency === 'AMINA')
      throw new InvalidInputError('intervalSeconds: AMINA play always has a reality check (900, 1800 or 3600 seconds)');
    if (seconds !== null && !(typeof seconds === 'number' && allowed.includes(seconds)))
      throw new InvalidInputError(
        `intervalSeconds must be one of ${allowed.join(', ')}${currency === 'HC' ? ', or null (off)' : ''}`,
      );
    await this.sql.tx(async (db) => {
      await this.repo.lockRow(db, userId);
      await this.repo.setRealityInterval(db, userId, currency, seconds);
    }, claim);
    return this.realityCheck(userId);
  }

  /**
   * The player answers a due reality check: `continue` makes the next one an interval away,
   * `leave` ends the session (the next bet starts a new one). Refused when none is due to continue.
   */
  async acknowledgeRealityCheck(
    userId: string,
    currency: LimitCurrency,
    action: 'continue' | 'leave',
    claim?: TransactionClaim,
  ): Promise<RealityCheck> {
    const interval = (await this.repo.sessions(this.sql.pool, userId)).find((r) => r.currency === currency)?.interval;
    const done = await this.sql.tx(
      (db) => this.repo.acknowledge(db, userId, currency, action, interval ?? 3600),
      claim,
    );
    if (!done && action === 'continue')
      throw new ConflictException(`No ${currency} reality check is due: there is nothing to acknowledge`);
    return this.realityCheck(userId);
  }

  async get(userId: string): Promise<PlayerLimits> {
    await this.repo.promoteDue(this.sql.pool, userId);
    return this.read(this.sql.pool, userId);
  }

  /**
   * Sets limits (a decimal sets, null removes, undefined leaves alone): a lower limit applies now
   * and cancels a pending raise; a raise or removal is pending for the cool-off. The answer says which.
   * `dailyLossLimitHC`/`dailyLossLimitAMINA` name the 24-hour loss limits.
   */
  async setLimits(
    userId: string,
    hc: unknown,
    amina: unknown,
    settings: LimitSetting[] = [],
    claim?: TransactionClaim,
  ): Promise<SetLimitsResponse> {
    const requested = new Map<string, { key: LimitKey; value: bigint | null }>();
    const add = (key: LimitKey, raw: unknown, field: string) => {
      if (key.kind === 'deposit' && key.currency !== 'AMINA')
        throw new InvalidInputError(`${field}: deposit limits are in AMINA only`);
      if (requested.has(keyOf(key))) throw new InvalidInputError(`${field}: the ${describe(key)} is named twice`);
      const value = raw === null ? null : parseMoney(raw, field, { currency: key.currency });
      requested.set(keyOf(key), { key, value });
    };
    if (hc !== undefined) add({ kind: 'loss', currency: 'HC', period: '24h' }, hc, 'dailyLossLimitHC');
    if (amina !== undefined) add({ kind: 'loss', currency: 'AMINA', period: '24h' }, amina, 'dailyLossLimitAMINA');
    settings.forEach((s, i) =>
      add({ kind: s.kind, currency: s.currency, period: s.period }, s.value, `limits[${i}].value`),
    );

    const said = await this.sql.tx(async (db) => {
      await this.repo.lockRow(db, userId);
      await this.repo.promoteDue(db, userId);
      const before = new Map<string, LimitRow>();
      for (const c of LIMIT_CURRENCIES) for (const r of await this.repo.limits(db, userId, c)) before.set(keyOf(r), r);
      const writes: LimitWrite[] = [];
      const decided: Array<{ key: LimitKey; decision: LimitDecision; row: LimitRow }> = [];
      for (const { key, value } of requested.values()) {
        const row = before.get(keyOf(key)) as LimitRow;
        const decision = decideLimitChange(row.state, value);
        decided.push({ key, decision, row });
        if (decision.kind === 'now')
          writes.push({ ...key, live: decision.live, pendingValue: null, pendingTime: 'clear' });
        else if (decision.kind === 'pending')
          writes.push({
            ...key,
            live: row.state.live,
            pendingValue: decision.value,
            pendingTime: decision.restart ? 'restart' : 'keep',
          });
      }
      await this.repo.writeLimits(db, userId, writes, LIMIT_COOL_OFF_HOURS);
      const after = new Map<string, LimitRow>();
      for (const c of LIMIT_CURRENCIES) for (const r of await this.repo.limits(db, userId, c)) after.set(keyOf(r), r);
      return decided.map(({ key, decision, row }) => explain(key, decision, row, after.get(keyOf(key))));
    }, claim);
    const now = await this.get(userId);
    return { ...now, message: said.length ? said.join(' ') : 'No limit changed' };
  }

  /**
   * Starts a time-out (24h, 7d, 6w) or self-exclusion (6m, 1y, 5y), or extends the one in force;
   * never shortens it: asking for one that ends sooner than the one in force is refused, saying until when.
   */
  async selfExclude(userId: string, period: ExclusionPeriod, claim?: TransactionClaim): Promise<PlayerLimits> {
    const kind = EXCLUSION_PERIODS[period].kind;
    const started = await this.sql.tx(async (db) => {
      await this.repo.lockRow(db, userId);
      return this.repo.exclude(db, userId, period, kind);
    }, claim);
    const now = await this.get(userId);
    if (!started)
      throw new ConflictException(
        `You are already ${now.exclusion?.kind === 'time-out' ? 'on a time-out' : 'self-excluded'} until ${now.exclusion?.until}: a time-out or self-exclusion can be extended, never shortened`,
      );
    return now;
  }

  /** After a time-out or self-exclusion ends, the player confirms playing again; refused while one is in force. */
  async confirmPlay(userId: string, claim?: TransactionClaim): Promise<PlayerLimits> {
    const ok = await this.sql.tx(async (db) => {
      await this.repo.lockRow(db, userId);
      return this.repo.confirmPlay(db, userId);
    }, claim);
    const now = await this.get(userId);
    if (!ok)
      throw new ConflictException(
        `Your ${now.exclusion?.kind ?? 'self-exclusion'} lasts until ${now.exclusion?.until}: play cannot be confirmed before it ends`,
      );
    return now;
  }

  /** How much AMINA a deposit may bring now without passing a deposit limit. */
  async depositAllowance(userId: string): Promise<DepositAllowance> {
    await this.repo.promoteDue(this.sql.pool, userId);
    return leastLeft(await this.repo.limits(this.sql.pool, userId, 'AMINA'), 'deposit');
  }

  /**
   * The part of an arriving deposit of `amount` beyond the player's deposit limits, in the crediting
   * transaction before the deposit is recorded: the largest excess over any window, locked from play
   * for that window's length (by then this deposit has left the window). Locks the player's limits row
   * so deposits credited at once count each other.
   */
  async depositExcess(db: Queryable, userId: string, amount: bigint): Promise<DepositExcess> {
    await this.repo.lockIfAny(db, userId);
    await this.repo.promoteDue(db, userId);
    let locked = 0n;
    let hours = 0;
    for (const r of await this.repo.limits(db, userId, 'AMINA')) {
      if (r.kind !== 'deposit' || r.state.live === null) continue;
      const over = r.used + amount - r.state.live;
      const excess = over <= 0n ? 0n : over > amount ? amount : over;
      if (excess > locked || (excess === locked && excess > 0n && PERIOD_HOURS[r.period] > hours)) {
        locked = excess;
        hours = PERIOD_HOURS[r.period];
      }
    }
    return { locked, until: locked > 0n ? new Date(Date.now() + hours * HOUR_MS) : null };
  }

  /**
   * Promotes every pending raise or removal whose cool-off has ended into the live limit. Run by
   * the job every minute on the one instance that holds the lock; undefined when another holds it.
   */
  async promoteDueChanges(): Promise<number | undefined> {
    return withJobLock(this.sql, JOB_LOCKS.limitCoolOff, () => this.repo.promoteAllDue(this.sql.pool));
  }

  private async read(db: Queryable, userId: string): Promise<PlayerLimits> {
    const rows: LimitRow[] = [];
    for (const c of LIMIT_CURRENCIES) rows.push(...(await this.repo.limits(db, userId, c)));
    const ex = await this.repo.exclusion(db, userId);
    const of = (kind: LimitKind, currency: LimitCurrency) =>
      leastLeft(
        rows.filter((r) => r.currency === currency),
        kind,
      ).left;
    const find = (kind: LimitKind, currency: LimitCurrency, period: LimitPeriod) =>
      rows.find((r) => r.kind === kind && r.currency === currency && r.period === period) as LimitRow;
    const nullableMoney = (v: bigint | null) => (v === null ? null : money(v));
    const inForce = ex.until !== null && ex.until.getTime() > Date.now();
    return {
      limits: rows.map(view),
      left: {
        lossHC: nullableMoney(of('loss', 'HC')),
        lossAMINA: nullableMoney(of('loss', 'AMINA')),
        wagerHC: nullableMoney(of('wager', 'HC')),
        wagerAMINA: nullableMoney(of('wager', 'AMINA')),
        depositAMINA: nullableMoney(of('deposit', 'AMINA')),
      },
      exclusion:
        ex.until && (inForce || ex.confirmNeeded)
          ? { kind: ex.kind ?? 'self-exclusion', until: ex.until.toISOString(), ended: !inForce }
          : null,
      depositLocked:
        ex.locked > 0n && ex.lockedUntil ? { amount: money(ex.locked), until: ex.lockedUntil.toISOString() } : null,
      dailyLossLimitHC: nullableMoney(find('loss', 'HC', '24h').state.live),
      dailyLossLimitAMINA: nullableMoney(find('loss', 'AMINA', '24h').state.live),
      lostTodayHC: money(positive(find('loss', 'HC', '24h').used)),
      lostTodayAMINA: money(positive(find('loss', 'AMINA', '24h').used)),
      selfExcludedUntil: inForce && ex.until ? ex.until.toISOString() : null,
      pendingLimitHC: presentPending(find('loss', 'HC', '24h')),
      pendingLimitAMINA: presentPending(find('loss', 'AMINA', '24h')),
    };
  }
}

function sessionView(r: SessionRow): PlaySession {
  const going = r.startedAt !== null && r.dueAt !== null;
  return {
    currency: r.currency,
    intervalSeconds: r.interval,
    startedAt: r.startedAt?.toISOString() ?? null,
    dueAt: r.dueAt?.toISOString() ?? null,
    due: going && (r.dueAt as Date).getTime() <= r.now.getTime(),
    elapsedSeconds: going ? Math.floor((r.now.getTime() - (r.startedAt as Date).getTime()) / 1000) : 0,
    net: r.net < 0n ? `-${money(-r.net)}` : money(r.net),
    bets: r.bets,
  };
}

const positive = (v: bigint) => (v > 0n ? v : 0n);

/** The lowest that applies wins: the least left over the windows of `kind` that have a limit. */
function leastLeft(rows: LimitRow[], kind: LimitKind): DepositAllowance {
  let best: DepositAllowance = { left: null, period: null };
  for (const r of rows) {
    if (r.kind !== kind || r.state.live === null) continue;
    const left = positive(r.state.live - r.used);
    if (best.left === null || left < best.left) best = { left, period: r.period };
  }
  return best;
}

function presentPending(r: LimitRow): PendingLimitChange | null {
  const p = r.state.pending;
  return p ? { value: p.value === null ? null : money(p.value), effectiveAt: p.effectiveAt.toISOString() } : null;
}

function view(r: LimitRow): LimitView {
  const live = r.state.live;
  return {
    kind: r.kind,
    currency: r.currency,
    period: r.period,
    limit: live === null ? null : money(live),
    used: money(positive(r.used)),
    left: live === null ? null : money(positive(live - r.used)),
    pending: presentPending(r),
  };
}

/** `24-hour HC loss limit`. */
function describe(k: LimitKey): string {
  return `${PERIOD_WORDS[k.period]} ${k.currency} ${KIND_WORDS[k.kind]} limit`;
}

/** One sentence per limit the request named: what changed now, and what waits and how long. */
function explain(k: LimitKey, d: LimitDecision, before: LimitRow, after: LimitRow | undefined): string {
  const name = describe(k);
  const c = k.currency;
  if (d.kind === 'none') return `You have no ${name} to remove.`;
  if (d.kind === 'now') {
    const cancelled = d.cancelled
      ? d.cancelled.value === null
        ? '; the pending removal is cancelled'
        : `; the pending raise to ${money(d.cancelled.value)} ${c} is cancelled`
      : '';
    return `Your ${name} is ${money(d.live)} ${c}, effective now${cancelled}.`;
  }
  const pending = after?.state.pending;
  const left = formatTimeLeft(pending ? pending.effectiveAt.getTime() - Date.now() : LIMIT_COOL_OFF_HOURS * HOUR_MS);
  const live = before.state.live;
  const until = live === null ? '' : `; until then your limit stays ${money(live)} ${c}`;
  return d.value === null
    ? `Your ${name} will be removed in ${left}${until}.`
    : `Your new ${name} of ${money(d.value)} ${c} takes effect in ${left}${until}.`;
}
