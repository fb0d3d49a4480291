import { Injectable } from '@nestjs/common';
import { SqlService } from '../database/sql.service';

/** The reconciliation's own SQL: the automatic AMINA pause. */
@Injectable()
export class ReconciliationRepository {
  constructor(private readonly sql: SqlService) {}

  /** Turns the AMINA pause on with `reason`, unless it is on already (it keeps its first reason); true when it turned it on. */
  async pauseAmina(reason: string): Promise<boolean> {
    const paused = await this.sql.query(
      `INSERT INTO operator_switches (name, active, reason) VALUES ('amina_paused', true, $1)
       ON CONFLICT (name) DO UPDATE SET active = true, reason = $1, updated_at = now() WHERE NOT operator_switches.active
       RETURNING 1`,
      [reason],
    );
    return paused.length > 0;
  }
}
