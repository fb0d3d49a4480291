import { Injectable } from '@nestjs/common';
import { ConflictError } from '../common/domain-error';
import { money, parseMoney } from '../common/amount';
import { SqlService } from '../database/sql.service';

/** A player's own limits and what today's play has used. */
export interface PlayerLimits {
  dailyLossLimitHC: string | null;
  dailyLossLimitAMINA: string | null;
  lostTodayHC: string;
  lostTodayAMINA: string;
  selfExcludedUntil: string | null;
}

/** Raising or removing a limit waits this long; lowering it applies at once. */
export const LIMIT_COOL_OFF_HOURS = 24;

/**
 * Responsible-gaming tools: a daily loss limit per currency and a self-exclusion period. The
 * database function check_play_allowed() enforces both on every bet.
 */
@Injectable()
export class ResponsibleGamingService {
  constructor(private readonly sql: SqlService) {}

  async get(userId: string): Promise<PlayerLimits> {
    const [r] = await this.sql.query<{ hc: string | null; amina: string | null; until: Date | null; lost_hc: string; lost_amina: string }>(
      `SELECT l.daily_loss_limit_hc AS hc, l.daily_loss_limit_amina AS amina, l.self_excluded_until AS until,
              COALESCE((SELECT sum(amount - payout) FROM bets WHERE user_id = $1 AND currency = 'HC' AND created_at >= date_trunc('day', now())), 0) AS lost_hc,
              COALESCE((SELECT sum(amount - payout) FROM bets WHERE user_id = $1 AND currency = 'AMINA' AND created_at >= date_trunc('day', now())), 0) AS lost_amina
         FROM (SELECT $1::bigint AS user_id) u LEFT JOIN player_limits l ON l.user_id = u.user_id`,
      [userId],
    );
    const pos = (v: string) => money(BigInt(v) > 0n ? BigInt(v) : 0n);
    return {
      dailyLossLimitHC: r.hc === null ? null : money(BigInt(r.hc)),
      dailyLossLimitAMINA: r.amina === null ? null : money(BigInt(r.amina)),
      lostTodayHC: pos(r.lost_hc),
      lostTodayAMINA: pos(r.lost_amina),
      selfExcludedUntil: r.until && r.until.getTime() > Date.now() ? r.until.toISOString() : null,
    };
  }

  /** Sets limits: a lower limit applies now; raising or removing one is refused inside the cool-off. */
  async setLimits(userId: string, hc: unknown, amina: unknown): Promise<PlayerLimits> {
    const current = await this.get(userId);
    const next = {
      hc: this.nextLimit(hc, current.dailyLossLimitHC, 'dailyLossLimitHC'),
      amina: this.nextLimit(amina, current.dailyLossLimitAMINA, 'dailyLossLimitAMINA'),
    };
    await this.sql.query(
      `INSERT INTO player_limits (user_id, daily_loss_limit_hc, daily_loss_limit_amina) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET daily_loss_limit_hc = $2, daily_loss_limit_amina = $3, updated_at = now()`,
      [userId, next.hc, next.amina],
    );
    return this.get(userId);
  }

  /** Blocks all betting for `days`; an exclusion can be extended, never shortened. */
  async selfExclude(userId: string, days: number): Promise<PlayerLimits> {
    await this.sql.query(
      `INSERT INTO player_limits (user_id, self_excluded_until) VALUES ($1, now() + make_interval(days => $2))
       ON CONFLICT (user_id) DO UPDATE SET self_excluded_until = GREATEST(COALESCE(player_limits.self_excluded_until, now()), now() + make_interval(days => $2)), updated_at = now()`,
      [userId, days],
    );
    return this.get(userId);
  }

  private nextLimit(raw: unknown, current: string | null, field: string): string | null {
    if (raw === undefined) return current === null ? null : parseMoney(current, field).toString();
    const currentUnits = current === null ? null : parseMoney(current, field);
    if (raw === null) {
      if (currentUnits !== null) throw new ConflictError(`${field}: a limit can only be removed after a ${LIMIT_COOL_OFF_HOURS}-hour cool-off; contact support or lower it instead`);
      return null;
    }
    const units = parseMoney(raw, field);
    if (currentUnits !== null && units > currentUnits) {
      throw new ConflictError(`${field}: a limit can be lowered at once but raised only after a ${LIMIT_COOL_OFF_HOURS}-hour cool-off`);
    }
    return units.toString();
  }
}
