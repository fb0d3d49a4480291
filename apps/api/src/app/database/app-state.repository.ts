import { Injectable } from '@nestjs/common';
import { SqlService } from './sql.service';

/** `app_state`: small JSON values the jobs keep between runs (watermarks, last reports), shared by every instance. */
@Injectable()
export class AppStateRepository {
  constructor(private readonly sql: SqlService) {}

  /** The value stored under `key`, or undefined. */
  async read<T>(key: string): Promise<T | undefined> {
    const rows = await this.sql.query<{ value: T }>(`SELECT value FROM app_state WHERE key = $1`, [key]);
    return rows[0]?.value;
  }

  /** Stores `value` under `key` (replacing what was there). */
  async write(key: string, value: unknown): Promise<void> {
    await this.sql.query(
      `INSERT INTO app_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`,
      [key, JSON.stringify(value)],
    );
  }
}
