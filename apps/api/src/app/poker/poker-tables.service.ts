import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import type { TableView } from '@cosmic/poker';
import { NotFoundError } from '../common/domain-error';
import { SqlService } from '../database/sql.service';
import { PokerBus, TableMovedError, type RpcHandler } from './poker-bus';
import { POKER_OPTIONS, type PokerOptions, type TableConfig } from './poker.options';
import { PokerRepository, TABLE_CHANNEL } from './poker.repository';
import { MirroredTable, type TableSource } from './table-snapshot';
import { TableRuntime, type HandRecord, type TableHooks, type TableRestore } from './table-runtime';

/** Called with a table whenever something visible at it changed (run here or relayed). */
export type TableListener = (table: TableSource) => void;

/** The history kept in memory and restored on a takeover. */
const HISTORY = 12;

/** Publishing state of one owned table: one publish at a time, the latest state each time. */
interface Publisher {
  running: boolean;
  dirty: boolean;
  waiters: Array<{ resolve: (version: number) => void; reject: (e: unknown) => void }>;
  /** The history version last written to the row. */
  historyVersion: number | null;
}

/**
 * The casino's tables as this instance sees them. Each table is run by exactly one instance at a
 * time (its lease in poker_table_leases): the tables run here live in memory (TableRuntime) and
 * publish a snapshot to PostgreSQL after every change, with a NOTIFY carrying the version; the
 * others are mirrored from their owners' snapshots, refreshed on those notices, so this
 * instance's sockets see every table whoever runs it. Each finished hand is recorded in
 * PostgreSQL (history and the humans' seated chips) before the next one is dealt.
 */
@Injectable()
export class PokerTables {
  /** This instance's id on the tables and seats it holds. */
  readonly instanceId = randomUUID();
  private readonly configs: Map<string, TableConfig>;
  private readonly owned = new Map<string, { runtime: TableRuntime; epoch: number; publisher: Publisher }>();
  private readonly mirrors = new Map<string, MirroredTable>();
  /** Mirror refreshes in flight, and whether another was asked for meanwhile. */
  private readonly refreshing = new Map<string, { promise: Promise<void>; again: boolean }>();
  private readonly listeners = new Set<TableListener>();
  private readonly logger = new Logger('Poker');
  private running = false;
  /** A table released by its owner (clean shutdown): someone should take it now. */
  onReleased: (tableId: string) => void = () => undefined;

  constructor(
    @Inject(POKER_OPTIONS) private readonly options: PokerOptions,
    private readonly sql: SqlService,
    private readonly repo: PokerRepository,
    private readonly bus: PokerBus,
  ) {
    this.configs = new Map(options.tables.map((c) => [c.id, c]));
  }

  /** Starts listening to the other instances and loads their tables' snapshots. */
  async start(handler: RpcHandler): Promise<void> {
    this.running = true;
    this.bus.onReconnect = () => void this.resync();
    await this.bus.start(this.instanceId, { [TABLE_CHANNEL]: (payload) => this.onNotice(payload) }, handler);
    await this.resync();
  }

  /**
   * Stops every table run here. `release` (a clean shutdown) lets their leases run out at once so
   * another instance takes them over without waiting; a dying instance cannot, and does not.
   */
  async stop(release: boolean): Promise<void> {
    this.running = false;
    const held = this.held();
    for (const { runtime } of this.owned.values()) runtime.close();
    this.owned.clear();
    if (release && held.length) {
      await this.repo
        .releaseTables(this.sql.pool, this.instanceId, held)
        .catch((e) => this.logger.warn({ msg: 'poker: could not release the tables', err: String(e) }));
      for (const h of held) await this.bus.notify(TABLE_CHANNEL, `${h.tableId}:released`).catch(() => undefined);
    }
    await this.bus.stop();
  }

  /** Every table of the casino. */
  configList(): TableConfig[] {
    return this.options.tables;
  }

  /** A table's settings, or undefined for an unknown id. */
  config(id: string): TableConfig | undefined {
    return this.configs.get(id);
  }

  /** A table run here, by id, or undefined. */
  get(id: string): TableRuntime | undefined {
    return this.owned.get(id)?.runtime;
  }

  /** The tables run here. */
  all(): TableRuntime[] {
    return [...this.owned.values()].map((o) => o.runtime);
  }

  /** The tables run here with the epoch of their lease. */
  held(): Array<{ tableId: string; epoch: number }> {
    return [...this.owned].map(([tableId, o]) => ({ tableId, epoch: o.epoch }));
  }

  /** The epoch of a table run here. */
  epochOf(id: string): number | undefined {
    return this.owned.get(id)?.epoch;
  }

  /** The table run here where this user sits, if any. */
  tableOf(userId: string): TableRuntime | undefined {
    return this.all().find((t) => t.seatOf(userId) !== null);
  }

  /** A table to watch: run here, or the latest snapshot of its owner (read now if none is cached). */
  async source(id: string): Promise<TableSource> {
    const config = this.configs.get(id);
    if (!config) throw new NotFoundError(`No poker table "${id}"`);
    const local = this.get(id);
    if (local) return local;
    if (!this.mirrors.has(id)) await this.refresh(id);
    return this.get(id) ?? this.mirrors.get(id) ?? new MirroredTable(config, 0, null, 0, []);
  }

  /** Every table's lobby row: run here or as last published. */
  async summaries() {
    return Promise.all(this.options.tables.map(async (c) => (await this.source(c.id)).summary()));
  }

  /**
   * `userId`'s view of a table once it reflects `version` of the owner's snapshot (an action
   * forwarded there answers the version its effect was published under).
   */
  async viewAt(id: string, userId: string, version: number): Promise<TableView> {
    for (let i = 0; i < 3 && !this.get(id) && (this.mirrors.get(id)?.version ?? 0) < version; i++)
      await this.refresh(id);
    return (await this.source(id)).view(userId);
  }

  /** Subscribes to table changes; returns the unsubscribe function. */
  onChange(listener: TableListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts running a table whose lease this instance just took (at `epoch`): the seats it found
   * in PostgreSQL sit down again with their chips as of the last recorded hand (a hand that was
   * in play elsewhere is void), and the recorded history is shown again.
   */
  async adopt(
    config: TableConfig,
    epoch: number,
    lastHandNo: number,
    restore: TableRestore,
  ): Promise<TableRuntime | null> {
    if (!this.running) return null; // shutting down: the lease runs out and another instance takes the table
    this.owned.get(config.id)?.runtime.close();
    const hooks: TableHooks = {
      clientSeeds: (userIds) => this.repo.clientSeeds(this.sql.pool, userIds),
      handEnded: (record) => this.record(record, epoch),
      changed: (table) => this.changed(table),
      newServerSeed: () => randomBytes(32).toString('hex'),
      error: (message, err) => this.logger.error({ msg: message, err: String(err) }, (err as Error)?.stack),
    };
    const runtime = new TableRuntime(config, this.options, hooks, lastHandNo, {
      ...restore,
      history: restore.history?.slice(0, HISTORY),
    });
    this.owned.set(config.id, {
      runtime,
      epoch,
      publisher: { running: false, dirty: false, waiters: [], historyVersion: null },
    });
    this.mirrors.delete(config.id);
    runtime.resume();
    await this.flush(config.id).catch((e) =>
      this.logger.warn({ msg: 'poker: could not publish a table taken over', tableId: config.id, err: String(e) }),
    );
    return runtime;
  }

  /** Stops running a table whose lease another instance holds now; its sockets follow the new owner. */
  drop(id: string): void {
    const o = this.owned.get(id);
    if (!o) return;
    o.runtime.close();
    this.owned.delete(id);
    for (const w of o.publisher.waiters.splice(0)) w.reject(new TableMovedError());
    this.logger.warn({ msg: 'poker table lost to another instance', tableId: id });
    void this.refresh(id);
  }

  /** Resolves once a snapshot taken after this call is published; with its version. */
  flush(id: string): Promise<number> {
    const o = this.owned.get(id);
    if (!o) return Promise.reject(new TableMovedError());
    return new Promise((resolve, reject) => {
      o.publisher.waiters.push({ resolve, reject });
      this.markDirty(id);
    });
  }

  /** Re-reads every table whose published version is newer than the one mirrored here. */
  async resync(): Promise<void> {
    const rows = await this.repo.versions(this.sql.pool).catch(() => []);
    await Promise.all(
      rows
        .filter(
          (r) =>
            this.configs.has(r.table_id) &&
            !this.owned.has(r.table_id) &&
            Number(r.version) > (this.mirrors.get(r.table_id)?.version ?? -1),
        )
        .map((r) => this.refresh(r.table_id)),
    );
  }

  private changed(table: TableRuntime): void {
    this.listeners.forEach((l) => l(table));
    this.markDirty(table.config.id);
  }

  private markDirty(id: string): void {
    const o = this.owned.get(id);
    if (!o || !this.running) return;
    o.publisher.dirty = true;
    if (o.publisher.running) return;
    o.publisher.running = true;
    setImmediate(() => void this.publishLoop(id, o));
  }

  /** Publishes the table's latest state until nothing changed during the last write. */
  private async publishLoop(
    id: string,
    o: { runtime: TableRuntime; epoch: number; publisher: Publisher },
  ): Promise<void> {
    const p = o.publisher;
    while (p.dirty && this.owned.get(id) === o) {
      p.dirty = false;
      const waiters = p.waiters.splice(0);
      try {
        const historyVersion = o.runtime.historyVersion;
        const history = p.historyVersion === historyVersion ? null : o.runtime.hands();
        const version = await this.repo.publishSnapshot(
          this.sql.pool,
          id,
          this.instanceId,
          o.epoch,
          o.runtime.snapshot(),
          historyVersion,
          history,
        );
        if (version === null) throw new TableMovedError();
        p.historyVersion = historyVersion;
        waiters.forEach((w) => w.resolve(version));
      } catch (e) {
        waiters.forEach((w) => w.reject(e));
        if (e instanceof TableMovedError) this.drop(id);
        else this.logger.warn({ msg: 'poker: could not publish a table', tableId: id, err: String(e) });
      }
    }
    p.running = false;
    for (const w of p.waiters.splice(0)) w.reject(new TableMovedError());
  }

  private onNotice(payload: string): void {
    const at = payload.lastIndexOf(':');
    const id = payload.slice(0, at);
    const what = payload.slice(at + 1);
    if (!this.configs.has(id) || this.owned.has(id)) return;
    if (what === 'released') return this.onReleased(id);
    if (Number(what) > (this.mirrors.get(id)?.version ?? -1)) void this.refresh(id);
  }

  /** Reads a table's latest snapshot (one read at a time per table; a notice meanwhile reads again). */
  private refresh(id: string): Promise<void> {
    const current = this.refreshing.get(id);
    if (current) {
      current.again = true;
      return current.promise;
    }
    const entry = { promise: Promise.resolve(), again: false };
    entry.promise = (async () => {
      do {
        entry.again = false;
        await this.readSnapshot(id).catch((e) =>
          this.logger.warn({ msg: 'poker: could not read a table snapshot', tableId: id, err: String(e) }),
        );
      } while (entry.again);
      this.refreshing.delete(id);
    })();
    this.refreshing.set(id, entry);
    return entry.promise;
  }

  private async readSnapshot(id: string): Promise<void> {
    const config = this.configs.get(id)!;
    const old = this.mirrors.get(id);
    const row = await this.repo.snapshot(this.sql.pool, id, old?.historyVersion ?? -1);
    if (!row || this.owned.has(id)) return;
    const version = Number(row.version);
    if (old && version <= old.version) return;
    const mirror = old
      ? old.next(version, row.snapshot, Number(row.history_version), row.history)
      : new MirroredTable(config, version, row.snapshot, Number(row.history_version), row.history ?? []);
    this.mirrors.set(id, mirror);
    this.listeners.forEach((l) => l(mirror));
  }

  /** Records a finished hand, only while this instance still holds the table at this epoch. */
  private async record(record: HandRecord, epoch: number): Promise<void> {
    try {
      await this.sql.tx(async (db) => {
        if (!(await this.repo.holdsTable(db, record.tableId, this.instanceId, epoch))) throw new TableMovedError();
        await this.repo.recordHand(db, record, this.instanceId);
      }, null);
    } catch (e) {
      // another instance runs the table now: this hand never happened (it voided it when it took over)
      if (e instanceof TableMovedError)
        setImmediate(() => this.owned.get(record.tableId)?.epoch === epoch && this.drop(record.tableId));
      throw e;
    }
  }
}
