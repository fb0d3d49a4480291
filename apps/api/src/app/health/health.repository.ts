import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The SQL of the health checks, through TypeORM's own connection (it runs the migrations). */
@Injectable()
export class HealthRepository {
  constructor(private readonly db: DataSource) {}

  /** One round trip to the database. */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  /** How many of the migrations this build knows are not applied yet. */
  async pendingMigrations(): Promise<number> {
    const rows = await this.db.query<Array<{ name: string }>>('SELECT name FROM migrations');
    const applied = new Set(rows.map((r) => r.name));
    return this.db.migrations.filter((m) => !applied.has(m.name ?? m.constructor.name)).length;
  }
}
