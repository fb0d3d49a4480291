import { Injectable } from '@nestjs/common';
import type { EmergencyState } from '@cosmic/contracts';
import { SqlService } from '../../database/sql.service';

const BLOCKED_KEY = 'security.blocked_origins';

/** The emergency switch's SQL: the AMINA pause row and the blocked-origin list, in PostgreSQL so every instance sees them. */
@Injectable()
export class EmergencyRepository {
  constructor(private readonly sql: SqlService) {}

  async read(): Promise<EmergencyState> {
    const [row] = await this.sql.query<{
      active: boolean | null;
      reason: string | null;
      updated_at: Date | null;
      blocked: string[] | null;
    }>(
      `SELECT s.active, s.reason, s.updated_at, (SELECT value FROM app_state WHERE key = $1) AS blocked
         FROM (SELECT 1) one LEFT JOIN operator_switches s ON s.name = 'amina_paused'`,
      [BLOCKED_KEY],
    );
    return {
      aminaPaused: row?.active === true,
      reason: row?.active ? row.reason : null,
      since: row?.active && row.updated_at ? row.updated_at.toISOString() : null,
      blockedOrigins: row?.blocked ?? [],
    };
  }

  /** Blocks the origins and pauses AMINA in one transaction. */
  async engage(origins: string[], reason: string): Promise<EmergencyState> {
    await this.sql.tx(async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [BLOCKED_KEY]);
      const cur = await db.query<{ value: string[] }>(`SELECT value FROM app_state WHERE key = $1 FOR UPDATE`, [
        BLOCKED_KEY,
      ]);
      const merged = [...new Set([...(cur.rows[0]?.value ?? []), ...origins])].sort();
      await db.query(
        `INSERT INTO app_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`,
        [BLOCKED_KEY, JSON.stringify(merged)],
      );
      await db.query(
        `INSERT INTO operator_switches (name, active, reason) VALUES ('amina_paused', true, $1)
         ON CONFLICT (name) DO UPDATE SET active = true, reason = $1, updated_at = now()`,
        [reason],
      );
    }, null);
    return this.read();
  }

  /** Lifts the AMINA pause; blocked origins stay blocked. */
  async resume(reason: string): Promise<EmergencyState> {
    await this.sql.query(
      `INSERT INTO operator_switches (name, active, reason) VALUES ('amina_paused', false, $1)
       ON CONFLICT (name) DO UPDATE SET active = false, reason = $1, updated_at = now()`,
      [reason],
    );
    return this.read();
  }
}
