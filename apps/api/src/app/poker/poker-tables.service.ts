import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { SqlService } from '../database/sql.service';
import { POKER_OPTIONS, type PokerOptions } from './poker.options';
import { PokerRepository } from './poker.repository';
import { TableRuntime, type HandRecord, type TableHooks } from './table-runtime';

/** Called with a table whenever something visible at it changed. */
export type TableListener = (table: TableRuntime) => void;

/**
 * The tables this process runs, created at boot. Tables live in memory; each finished hand is
 * recorded in PostgreSQL (history and the humans' seated chips) before the next one is dealt.
 */
@Injectable()
export class PokerTables implements OnModuleInit, OnModuleDestroy {
  /** This process's id on the seats it holds. */
  readonly instanceId = randomUUID();
  private readonly tables = new Map<string, TableRuntime>();
  private readonly listeners = new Set<TableListener>();
  private readonly logger = new Logger('Poker');

  constructor(
    @Inject(POKER_OPTIONS) private readonly options: PokerOptions,
    private readonly sql: SqlService,
    private readonly repo: PokerRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    const hooks: TableHooks = {
      clientSeeds: (userIds) => this.repo.clientSeeds(this.sql.pool, userIds),
      handEnded: (record) => this.record(record),
      changed: (table) => this.listeners.forEach((l) => l(table)),
      newServerSeed: () => randomBytes(32).toString('hex'),
      error: (message, err) => this.logger.error({ msg: message, err: String(err) }, (err as Error)?.stack),
    };
    for (const config of this.options.tables) {
      const last = await this.repo.lastHandNo(this.sql.pool, config.id);
      this.tables.set(config.id, new TableRuntime(config, this.options, hooks, last));
    }
  }

  onModuleDestroy(): void {
    for (const t of this.tables.values()) t.close();
  }

  /** A table by id, or undefined. */
  get(id: string): TableRuntime | undefined {
    return this.tables.get(id);
  }

  all(): TableRuntime[] {
    return [...this.tables.values()];
  }

  /** The table where this user sits in this process, if any. */
  tableOf(userId: string): TableRuntime | undefined {
    return this.all().find((t) => t.seatOf(userId) !== null);
  }

  /** Subscribes to table changes; returns the unsubscribe function. */
  onChange(listener: TableListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async record(record: HandRecord): Promise<void> {
    await this.sql.tx((db) => this.repo.recordHand(db, record, this.instanceId));
  }
}
