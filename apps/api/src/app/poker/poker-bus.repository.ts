import { Inject, Injectable } from '@nestjs/common';
import { Client } from 'pg';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { SqlService } from '../database/sql.service';

/** What a listening connection hands back: each notice, and its own end (`client` tells which connection ended). */
export interface ListenHandlers {
  notification(channel: string, payload: string): void;
  end(client: Client): void;
}

/**
 * The poker bus's SQL: NOTIFY through the pool, LISTEN on a dedicated connection per instance
 * (a pooled one would drop its LISTENs when released). No rules here: PokerBus decides what a
 * notice means and when to reconnect.
 */
@Injectable()
export class PokerBusRepository {
  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'databaseUrl'>,
    private readonly sql: SqlService,
  ) {}

  /** Sends a notice on a channel (delivered to every connection listening on it). */
  async notify(channel: string, payload: string): Promise<void> {
    await this.sql.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  /**
   * Opens a connection listening on `channels`; a connection that fails to connect or to listen
   * is closed and the error thrown. The caller ends it with `client.end()`.
   */
  async listen(channels: readonly string[], on: ListenHandlers): Promise<Client> {
    const client = new Client({ connectionString: this.config.databaseUrl, application_name: 'cosmic-api-poker-bus' });
    // a lost connection is the caller's to replace (end); an error event must not crash the process
    client.on('error', () => undefined);
    client.on('end', () => on.end(client));
    client.on('notification', (n) => on.notification(n.channel, n.payload ?? ''));
    await client.connect();
    try {
      for (const name of channels) await client.query(`LISTEN "${name}"`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    return client;
  }
}
