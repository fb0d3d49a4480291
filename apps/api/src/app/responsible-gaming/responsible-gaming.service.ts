import { Injectable } from '@nestjs/common';
import {
  formatTimeLeft,
  LIMIT_COOL_OFF_HOURS,
  type PendingLimitChange,
  type PlayerLimits,
  type SetLimitsResponse,
} from '@cosmic/contracts';
import { money, parseMoney } from '../common/amount';
import { SqlService } from '../database/sql.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';
import { decideLimitChange, type LimitDecision, type LimitState } from './limit-change';
import {
  LIMIT_CURRENCIES,
  type LimitCurrency,
  type LimitsRow,
  type LimitWrite,
  ResponsibleGamingRepository,
} from './responsible-gaming.repository';

export { LIMIT_COOL_OFF_HOURS };
export type { PlayerLimits, SetLimitsResponse };

const HOUR_MS = 3_600_000;

/**
 * Responsible-gaming tools: a daily loss limit per currency and a self-exclusion period. The
 * database function check_play_allowed() enforces both on every bet, reading only the live limit
 * columns. Lowering a limit or excluding applies at once; raising or removing a limit waits
 * LIMIT_COOL_OFF_HOURS as a pending change, promoted into the live column when limits are read or
 * written and by a job every minute, so until then the lower limit applies.
 */
@Injectable()
export class ResponsibleGamingService {
  constructor(
    private readonly sql: SqlService,
    private readonly repo: ResponsibleGamingRepository,
  ) {}

  async get(userId: string): Promise<PlayerLimits> {
    await this.repo.promoteDue(this.sql.pool, userId);
    return present(await this.repo.read(this.sql.pool, userId));
  }

  /**
   * Sets limits (a decimal sets, null removes, undefined leaves alone): a lower limit applies now
   * and cancels a pending raise; a raise or removal is pending for the cool-off. The answer says which.
   */
  async setLimits(userId: string, hc: unknown, amina: unknown): Promise<SetLimitsResponse> {
    const requested: Record<LimitCurrency, bigint | null | undefined> = {
      HC: parseLimit(hc, 'dailyLossLimitHC'),
      AMINA: parseLimit(amina, 'dailyLossLimitAMINA'),
    };
    const decided = await this.sql.tx(async (db) => {
      await this.repo.lockRow(db, userId);
      await this.repo.promoteDue(db, userId);
      const before = await this.repo.read(db, userId);
      const decisions: Partial<Record<LimitCurrency, LimitDecision>> = {};
      for (const c of LIMIT_CURRENCIES) {
        const r = requested[c];
        if (r !== undefined) decisions[c] = decideLimitChange(before.limits[c], r);
      }
      await this.repo.writeLimits(
        db,
        userId,
        { HC: toWrite(before.limits.HC, decisions.HC), AMINA: toWrite(before.limits.AMINA, decisions.AMINA) },
        LIMIT_COOL_OFF_HOURS,
      );
      return { before, decisions, after: present(await this.repo.read(db, userId)) };
    });
    const { before, decisions, after } = decided;
    const said = LIMIT_CURRENCIES.flatMap((c) => {
      const d = decisions[c];
      return d ? [explain(c, d, before.limits[c], after[pendingKey(c)])] : [];
    });
    return { ...after, message: said.length ? said.join(' ') : 'No limit changed' };
  }

  /** Blocks all betting for `days`; an exclusion can be extended, never shortened. */
  async selfExclude(userId: string, days: number): Promise<PlayerLimits> {
    await this.repo.extendSelfExclusion(this.sql.pool, userId, days);
    return this.get(userId);
  }

  /**
   * Promotes every pending raise or removal whose cool-off has ended into the live limit. Run by
   * the job every minute on the one instance that holds the lock; undefined when another holds it.
   */
  async promoteDueChanges(): Promise<number | undefined> {
    return withJobLock(this.sql, JOB_LOCKS.limitCoolOff, () => this.repo.promoteAllDue(this.sql.pool));
  }
}

function parseLimit(raw: unknown, field: string): bigint | null | undefined {
  if (raw === undefined || raw === null) return raw;
  return parseMoney(raw, field);
}

function toWrite(s: LimitState, d: LimitDecision | undefined): LimitWrite {
  if (d?.kind === 'now') return { live: d.live, pendingValue: null, pendingTime: 'clear' };
  if (d?.kind === 'pending')
    return { live: s.live, pendingValue: d.value, pendingTime: d.restart ? 'restart' : 'keep' };
  return { live: s.live, pendingValue: s.pending?.value ?? null, pendingTime: 'keep' };
}

const pendingKey = (c: LimitCurrency): 'pendingLimitHC' | 'pendingLimitAMINA' =>
  c === 'HC' ? 'pendingLimitHC' : 'pendingLimitAMINA';

function presentPending(s: LimitState): PendingLimitChange | null {
  return s.pending
    ? {
        value: s.pending.value === null ? null : money(s.pending.value),
        effectiveAt: s.pending.effectiveAt.toISOString(),
      }
    : null;
}

function present(r: LimitsRow): PlayerLimits {
  const pos = (v: bigint) => money(v > 0n ? v : 0n);
  const live = (v: bigint | null) => (v === null ? null : money(v));
  return {
    dailyLossLimitHC: live(r.limits.HC.live),
    dailyLossLimitAMINA: live(r.limits.AMINA.live),
    lostTodayHC: pos(r.lostToday.HC),
    lostTodayAMINA: pos(r.lostToday.AMINA),
    selfExcludedUntil:
      r.selfExcludedUntil && r.selfExcludedUntil.getTime() > Date.now() ? r.selfExcludedUntil.toISOString() : null,
    pendingLimitHC: presentPending(r.limits.HC),
    pendingLimitAMINA: presentPending(r.limits.AMINA),
  };
}

/** One sentence per currency the request named: what changed now, and what waits and how long. */
function explain(c: LimitCurrency, d: LimitDecision, before: LimitState, pending: PendingLimitChange | null): string {
  if (d.kind === 'none') return `You have no daily ${c} loss limit to remove.`;
  if (d.kind === 'now') {
    const cancelled = d.cancelled
      ? d.cancelled.value === null
        ? '; the pending removal is cancelled'
        : `; the pending raise to ${money(d.cancelled.value)} ${c} is cancelled`
      : '';
    return `Your daily ${c} loss limit is ${money(d.live)} ${c}, effective now${cancelled}.`;
  }
  const left = formatTimeLeft(
    pending ? new Date(pending.effectiveAt).getTime() - Date.now() : LIMIT_COOL_OFF_HOURS * HOUR_MS,
  );
  const until = before.live === null ? '' : `; until then your limit stays ${money(before.live)} ${c}`;
  return d.value === null
    ? `Your daily ${c} loss limit will be removed in ${left}${until}.`
    : `Your new daily ${c} loss limit of ${money(d.value)} ${c} takes effect in ${left}${until}.`;
}
