import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlService } from '../database/sql.service';

/** The SQL of the health checks. */
@Injectable()
export class HealthRepository {
  constructor(
    private readonly db: DataSource,
    private readonly sql: SqlService,
  ) {}

  /**
   * One round trip on the pool the requests use, answering whether that server takes writes: a
   * standby, or a leader demoted by a failover, answers but is read-only, and the API cannot serve
   * its writes there.
   */
  async writable(): Promise<boolean> {
    const [row] = await this.sql.query<{ writable: boolean }>(
      `SELECT NOT pg_is_in_recovery() AND current_setting('transaction_read_only') = 'off' AS writable`,
    );
    return row?.writable === true;
  }

  /** How many of the migrations this build knows are not applied yet (TypeORM's connection: it ran them). */
  async pendingMigrations(): Promise<number> {
    const rows = await this.db.query<Array<{ name: string }>>('SELECT name FROM migrations');
    const applied = new Set(rows.map((r) => r.name));
    return this.db.migrations.filter((m) => !applied.has(m.name ?? m.constructor.name)).length;
  }
}
