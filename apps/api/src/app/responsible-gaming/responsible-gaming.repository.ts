import { Injectable } from '@nestjs/common';
import type { ExclusionPeriod, LimitCurrency, LimitKind, LimitPeriod } from '@cosmic/contracts';
import type { Queryable } from '../database/sql.service';
import type { LimitState } from './limit-change';

/** One limit's key: what it bounds, in which currency, over which window. */
export interface LimitKey {
  kind: LimitKind;
  currency: LimitCurrency;
  period: LimitPeriod;
}

/** One limit as stored (live null: none set), with what its window has used (limit_usage()). */
export interface LimitRow extends LimitKey {
  state: LimitState;
  used: bigint;
}

/** A player's player_limits row and the AMINA locked from play. */
export interface ExclusionRow {
  until: Date | null;
  kind: 'time-out' | 'self-exclusion' | null;
  confirmNeeded: boolean;
  locked: bigint;
  lockedUntil: Date | null;
}

/** One currency's play session as stored, with what its bets have won or lost since it started. */
export interface SessionRow {
  currency: LimitCurrency;
  /** the reality-check interval in seconds (null: off) */
  interval: number | null;
  /** null: no session going (none yet, left, or idle past 30 minutes as reality_check_gate.sql counts it) */
  startedAt: Date | null;
  dueAt: Date | null;
  now: Date;
  net: bigint;
  bets: number;
}

/** How a write leaves one limit's pending change: cleared, started anew (now + cool-off), or as it was. */
export type PendingTime = 'clear' | 'restart' | 'keep';

/** One limit's row after a write. */
export interface LimitWrite extends LimitKey {
  live: bigint | null;
  pendingValue: bigint | null;
  pendingTime: PendingTime;
}

/** The SQL interval of each time-out or self-exclusion period. */
const EXCLUSION_INTERVAL: Record<ExclusionPeriod, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '6w': '42 days',
  '6m': '6 months',
  '1y': '1 year',
  '5y': '5 years',
};

const big = (v: string | null) => (v === null ? null : BigInt(v));

// Every pending change whose time has come moves into the live column. The guards read only
// `live`, so this is what makes a raise or removal count.
const PROMOTE = `
  UPDATE player_limit_windows SET live = pending_value, pending_value = NULL, pending_at = NULL, updated_at = now()
   WHERE pending_at <= now()`;

/** player_limits and player_limit_windows SQL: read, promote due pending changes, write. No rules here. */
@Injectable()
export class ResponsibleGamingRepository {
  /** Promotes every due pending change (all players); returns how many limits changed. */
  async promoteAllDue(db: Queryable): Promise<number> {
    const r = await db.query(PROMOTE);
    return r.rowCount ?? 0;
  }

  /** Promotes this player's due pending changes. */
  async promoteDue(db: Queryable, userId: string): Promise<void> {
    await db.query(`${PROMOTE} AND user_id = $1`, [userId]);
  }

  /** Every limit of one currency, set or not, with what each window has used. */
  async limits(db: Queryable, userId: string, currency: LimitCurrency): Promise<LimitRow[]> {
    const r = await db.query<{
      kind: LimitKind;
      period: LimitPeriod;
      live: string | null;
      pending_value: string | null;
      pending_at: Date | null;
      used: string | null;
    }>(`SELECT * FROM limit_usage($1, $2, 30)`, [userId, currency]);
    return r.rows.map((row) => ({
      kind: row.kind,
      currency,
      period: row.period,
      state: {
        live: big(row.live),
        pending: row.pending_at ? { value: big(row.pending_value), effectiveAt: row.pending_at } : null,
      },
      used: BigInt(row.used ?? 0),
    }));
  }

  /** The player's time-out or self-exclusion and the AMINA locked from play by deposits beyond a limit. */
  async exclusion(db: Queryable, userId: string): Promise<ExclusionRow> {
    const r = await db.query<{
      until: Date | null;
      kind: ExclusionRow['kind'];
      confirm: boolean | null;
      locked: string;
      locked_until: Date | null;
    }>(
      `SELECT l.self_excluded_until AS until, l.exclusion_kind AS kind, l.play_confirm_needed AS confirm,
              (SELECT COALESCE(sum(play_locked), 0) FROM chain_deposits WHERE user_id = $1 AND play_locked > 0 AND locked_until > now()) AS locked,
              (SELECT max(locked_until) FROM chain_deposits WHERE user_id = $1 AND play_locked > 0 AND locked_until > now()) AS locked_until
         FROM (SELECT $1::bigint AS user_id) u LEFT JOIN player_limits l ON l.user_id = u.user_id`,
      [userId],
    );
    const row = r.rows[0];
    return {
      until: row.until,
      kind: row.kind,
      confirmNeeded: row.confirm === true,
      locked: BigInt(row.locked),
      lockedUntil: row.locked_until,
    };
  }

  /** Both currencies' reality-check intervals and sessions (a player without a row: House Coins off, AMINA hourly, as the column defaults say). */
  async sessions(db: Queryable, userId: string): Promise<SessionRow[]> {
    const r = await db.query<{
      currency: LimitCurrency;
      interval: number | null;
      started_at: Date | null;
      due_at: Date | null;
      now: Date;
      net: string;
      bets: string;
    }>(
      `SELECT c.currency,
              CASE c.currency WHEN 'AMINA' THEN COALESCE(l.reality_check_amina, 3600) ELSE l.reality_check_hc END AS interval,
              s.started_at, s.due_at, now() AS now,
              COALESCE(b.net, 0) AS net, COALESCE(b.bets, 0) AS bets
         FROM (VALUES ('HC'::currency, 1), ('AMINA'::currency, 2)) AS c(currency, ord)
         LEFT JOIN player_limits l ON l.user_id = $1
         LEFT JOIN play_sessions s ON s.user_id = $1 AND s.currency = c.currency
               AND s.started_at IS NOT NULL AND s.last_play_at >= now() - interval '30 minutes'
         LEFT JOIN LATERAL (
           SELECT sum(x.payout - x.amount) AS net, count(*) AS bets FROM bets x
            WHERE x.user_id = $1 AND x.currency = c.currency AND x.created_at >= s.started_at
         ) AS b ON true
        ORDER BY c.ord`,
      [userId],
    );
    return r.rows.map((row) => ({
      currency: row.currency,
      interval: row.interval,
      startedAt: row.started_at,
      dueAt: row.due_at,
      now: row.now,
      net: BigInt(row.net),
      bets: Number(row.bets),
    }));
  }

  /** Sets one currency's reality-check interval (null: off); a session going is due one new interval from now, or ends when off. */
  async setRealityInterval(
    db: Queryable,
    userId: string,
    currency: LimitCurrency,
    seconds: number | null,
  ): Promise<void> {
    await db.query(
      `UPDATE player_limits SET ${currency === 'AMINA' ? 'reality_check_amina' : 'reality_check_hc'} = $2 WHERE user_id = $1`,
      [userId, seconds],
    );
    await db.query(
      `UPDATE play_sessions
          SET started_at = CASE WHEN $3::integer IS NULL THEN NULL ELSE started_at END,
              due_at = CASE WHEN $3::integer IS NULL THEN NULL ELSE now() + make_interval(secs => $3::integer) END
        WHERE user_id = $1 AND currency = $2 AND started_at IS NOT NULL`,
      [userId, currency, seconds],
    );
  }

  /** A due reality check answered: the next one `seconds` from now (continue), or the session ends (leave). False: none was due. */
  async acknowledge(
    db: Queryable,
    userId: string,
    currency: LimitCurrency,
    action: 'continue' | 'leave',
    seconds: number,
  ): Promise<boolean> {
    const r =
      action === 'continue'
        ? await db.query(
            `UPDATE play_sessions SET due_at = now() + make_interval(secs => $3::integer)
              WHERE user_id = $1 AND currency = $2 AND started_at IS NOT NULL AND due_at <= now()`,
            [userId, currency, seconds],
          )
        : await db.query(
            `UPDATE play_sessions SET started_at = NULL, due_at = NULL
              WHERE user_id = $1 AND currency = $2 AND started_at IS NOT NULL`,
            [userId, currency],
          );
    return (r.rowCount ?? 0) > 0;
  }

  /** Creates the player's row if needed and locks it until the transaction ends, so limit writes and bets queue. */
  async lockRow(db: Queryable, userId: string): Promise<void> {
    await db.query(`INSERT INTO player_limits (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
    await db.query(`SELECT 1 FROM player_limits WHERE user_id = $1 FOR UPDATE`, [userId]);
  }

  /** Locks the player's row if there is one (a player with no row has no limits). */
  async lockIfAny(db: Queryable, userId: string): Promise<void> {
    await db.query(`SELECT 1 FROM player_limits WHERE user_id = $1 FOR UPDATE`, [userId]);
  }

  /** Writes limits' live values and pending changes; a restarted change takes effect `coolOffHours` from now. */
  async writeLimits(db: Queryable, userId: string, writes: LimitWrite[], coolOffHours: number): Promise<void> {
    const s = (v: bigint | null) => (v === null ? null : v.toString());
    for (const w of writes) {
      await db.query(
        `INSERT INTO player_limit_windows AS w (user_id, kind, currency, period, live, pending_value, pending_at)
           -- the proposed row passes the CHECKs even when it only updates ('keep' happens only on an existing row)
           VALUES ($1, $2, $3, $4, $5, $6, CASE $7::text WHEN 'clear' THEN NULL ELSE now() + make_interval(hours => $8) END)
         ON CONFLICT (user_id, kind, currency, period) DO UPDATE SET
           live = EXCLUDED.live, pending_value = EXCLUDED.pending_value,
           pending_at = CASE $7::text WHEN 'clear' THEN NULL WHEN 'restart' THEN EXCLUDED.pending_at ELSE w.pending_at END,
           updated_at = now()`,
        [userId, w.kind, w.currency, w.period, s(w.live), s(w.pendingValue), w.pendingTime, coolOffHours],
      );
    }
  }

  /**
   * Starts a time-out or self-exclusion, or extends the one in force when the new one ends later (never
   * shortens it); either way play needs the player's confirmation once it has ended. False when the one in
   * force already ends later.
   */
  async exclude(db: Queryable, userId: string, period: ExclusionPeriod, kind: string): Promise<boolean> {
    const r = await db.query(
      `INSERT INTO player_limits AS l (user_id, self_excluded_until, exclusion_kind, play_confirm_needed)
         VALUES ($1, now() + $2::interval, $3, true)
       ON CONFLICT (user_id) DO UPDATE SET self_excluded_until = EXCLUDED.self_excluded_until,
         exclusion_kind = EXCLUDED.exclusion_kind, play_confirm_needed = true, updated_at = now()
         WHERE l.self_excluded_until IS NULL OR l.self_excluded_until < EXCLUDED.self_excluded_until
       RETURNING user_id`,
      [userId, EXCLUSION_INTERVAL[period], kind],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /** The player confirms playing again: only once the time-out or exclusion has ended; false otherwise. */
  async confirmPlay(db: Queryable, userId: string): Promise<boolean> {
    const r = await db.query(
      `UPDATE player_limits SET play_confirm_needed = false, updated_at = now()
        WHERE user_id = $1 AND (self_excluded_until IS NULL OR self_excluded_until <= now())`,
      [userId],
    );
    return (r.rowCount ?? 0) > 0;
  }
}
