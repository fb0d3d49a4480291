import { Injectable } from '@nestjs/common';
import type { Queryable } from '../database/sql.service';
import type { LimitState } from './limit-change';

/** The loss-limit currencies and their player_limits columns. */
export const LIMIT_CURRENCIES = ['HC', 'AMINA'] as const;
/** A currency a daily loss limit can be set in. */
export type LimitCurrency = (typeof LIMIT_CURRENCIES)[number];

/** A player's player_limits row (all empty when there is none) and today's net losses. */
export interface LimitsRow {
  limits: Record<LimitCurrency, LimitState>;
  lostToday: Record<LimitCurrency, bigint>;
  selfExcludedUntil: Date | null;
}

/** How a write leaves one currency's pending change: cleared, started anew (now + cool-off), or as it was. */
export type PendingTime = 'clear' | 'restart' | 'keep';

/** One currency's row after a write. */
export interface LimitWrite {
  live: bigint | null;
  pendingValue: bigint | null;
  pendingTime: PendingTime;
}

interface RawRow {
  hc: string | null;
  amina: string | null;
  pending_hc: string | null;
  pending_hc_at: Date | null;
  pending_amina: string | null;
  pending_amina_at: Date | null;
  until: Date | null;
  lost_hc: string;
  lost_amina: string;
}

const big = (v: string | null) => (v === null ? null : BigInt(v));
const state = (live: string | null, value: string | null, at: Date | null): LimitState => ({
  live: big(live),
  pending: at ? { value: big(value), effectiveAt: at } : null,
});

// Every pending change whose time has come moves into the live column. The bet path's SQL reads
// only the live columns, so this is what makes a raise or removal count.
const PROMOTE = `
  UPDATE player_limits SET
    daily_loss_limit_hc    = CASE WHEN pending_hc_at <= now() THEN pending_limit_hc ELSE daily_loss_limit_hc END,
    pending_limit_hc       = CASE WHEN pending_hc_at <= now() THEN NULL ELSE pending_limit_hc END,
    pending_hc_at          = CASE WHEN pending_hc_at <= now() THEN NULL ELSE pending_hc_at END,
    daily_loss_limit_amina = CASE WHEN pending_amina_at <= now() THEN pending_limit_amina ELSE daily_loss_limit_amina END,
    pending_limit_amina    = CASE WHEN pending_amina_at <= now() THEN NULL ELSE pending_limit_amina END,
    pending_amina_at       = CASE WHEN pending_amina_at <= now() THEN NULL ELSE pending_amina_at END,
    updated_at             = now()
  WHERE (pending_hc_at <= now() OR pending_amina_at <= now())`;

/** player_limits SQL: read, promote due pending changes, write. No rules here. */
@Injectable()
export class ResponsibleGamingRepository {
  /** Promotes every due pending change (all players); returns how many players' limits changed. */
  async promoteAllDue(db: Queryable): Promise<number> {
    const r = await db.query(PROMOTE);
    return r.rowCount ?? 0;
  }

  /** Promotes this player's due pending changes. */
  async promoteDue(db: Queryable, userId: string): Promise<void> {
    await db.query(`${PROMOTE} AND user_id = $1`, [userId]);
  }

  /** The player's limits and today's losses. */
  async read(db: Queryable, userId: string): Promise<LimitsRow> {
    const r = await db.query<RawRow>(
      `SELECT l.daily_loss_limit_hc AS hc, l.daily_loss_limit_amina AS amina,
              l.pending_limit_hc AS pending_hc, l.pending_hc_at, l.pending_limit_amina AS pending_amina, l.pending_amina_at,
              l.self_excluded_until AS until,
              -- what check_play_allowed() counts: today's settled losses and the stakes of open rounds
              COALESCE((SELECT sum(amount - payout) FROM bets WHERE user_id = $1 AND currency = 'HC' AND created_at >= date_trunc('day', now())), 0)
                + COALESCE((SELECT sum(staked) FROM game_rounds WHERE user_id = $1 AND currency = 'HC' AND status = 'open'), 0) AS lost_hc,
              COALESCE((SELECT sum(amount - payout) FROM bets WHERE user_id = $1 AND currency = 'AMINA' AND created_at >= date_trunc('day', now())), 0)
                + COALESCE((SELECT sum(staked) FROM game_rounds WHERE user_id = $1 AND currency = 'AMINA' AND status = 'open'), 0) AS lost_amina
         FROM (SELECT $1::bigint AS user_id) u LEFT JOIN player_limits l ON l.user_id = u.user_id`,
      [userId],
    );
    const row = r.rows[0];
    return {
      limits: {
        HC: state(row.hc, row.pending_hc, row.pending_hc_at),
        AMINA: state(row.amina, row.pending_amina, row.pending_amina_at),
      },
      lostToday: { HC: BigInt(row.lost_hc), AMINA: BigInt(row.lost_amina) },
      selfExcludedUntil: row.until,
    };
  }

  /** Creates the player's row if needed and locks it until the transaction ends, so limit writes queue. */
  async lockRow(db: Queryable, userId: string): Promise<void> {
    await db.query(`INSERT INTO player_limits (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
    await db.query(`SELECT 1 FROM player_limits WHERE user_id = $1 FOR UPDATE`, [userId]);
  }

  /** Writes both currencies' live limit and pending change; a restarted change takes effect `coolOffHours` from now. */
  async writeLimits(
    db: Queryable,
    userId: string,
    w: Record<LimitCurrency, LimitWrite>,
    coolOffHours: number,
  ): Promise<void> {
    const s = (v: bigint | null) => (v === null ? null : v.toString());
    await db.query(
      `UPDATE player_limits SET
         daily_loss_limit_hc = $2, pending_limit_hc = $3,
         pending_hc_at = CASE $4::text WHEN 'clear' THEN NULL WHEN 'restart' THEN now() + make_interval(hours => $8) ELSE pending_hc_at END,
         daily_loss_limit_amina = $5, pending_limit_amina = $6,
         pending_amina_at = CASE $7::text WHEN 'clear' THEN NULL WHEN 'restart' THEN now() + make_interval(hours => $8) ELSE pending_amina_at END,
         updated_at = now()
       WHERE user_id = $1`,
      [
        userId,
        s(w.HC.live),
        s(w.HC.pendingValue),
        w.HC.pendingTime,
        s(w.AMINA.live),
        s(w.AMINA.pendingValue),
        w.AMINA.pendingTime,
        coolOffHours,
      ],
    );
  }

  /** Blocks all betting for `days`; an exclusion can be extended, never shortened. */
  async extendSelfExclusion(db: Queryable, userId: string, days: number): Promise<void> {
    await db.query(
      `INSERT INTO player_limits (user_id, self_excluded_until) VALUES ($1, now() + make_interval(days => $2))
       ON CONFLICT (user_id) DO UPDATE SET self_excluded_until = GREATEST(COALESCE(player_limits.self_excluded_until, now()), now() + make_interval(days => $2)), updated_at = now()`,
      [userId, days],
    );
  }
}
