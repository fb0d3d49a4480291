import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { CHIPS_PER_HC, type CashOutResult, type PokerAction, type PokerMe, type TableSummary, type TableView } from '@cosmic/poker';
import type { SessionUser } from '../auth/session.service';
import { money, UNIT } from '../common/amount';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-error';
import { KeyedQueue } from '../common/keyed-queue';
import { Queryable, SqlService } from '../database/sql.service';
import { LedgerRepository } from '../ledger/ledger.repository';
import { POKER_OPTIONS, type PokerOptions } from './poker.options';
import { PokerRepository, type SeatRow } from './poker.repository';
import { PokerTables } from './poker-tables.service';
import { SeatError, type TableRuntime } from './table-runtime';

/** HC base units per chip: 1 HC = 100 chips = 10^8 units. */
const UNITS_PER_CHIP = UNIT / BigInt(CHIPS_PER_HC);

/**
 * Poker money: buy-ins turn HC into chips and cash-outs turn chips back into HC, each one
 * ledger transaction together with the seat row. Cash-out pays floor(chips / 100) HC and keeps
 * the odd chips for the next buy-in. Seats of a process that died are cashed out the same way.
 */
@Injectable()
export class PokerService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Poker');
  private timer: NodeJS.Timeout | null = null;
  /** Buy-ins, top-ups and cash-outs of one player, one after another. */
  private readonly money = new KeyedQueue(16);

  constructor(
    @Inject(POKER_OPTIONS) private readonly options: PokerOptions,
    private readonly sql: SqlService,
    private readonly ledger: LedgerRepository,
    private readonly repo: PokerRepository,
    private readonly tables: PokerTables,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.maintain(), Math.max(1000, Math.floor(this.options.leaseMs / 3)));
    this.timer.unref();
    void this.maintain();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The lobby. */
  list(): TableSummary[] {
    return this.tables.all().map((t) => t.summary());
  }

  /** One table as this user sees it. */
  view(user: SessionUser | null, tableId: string): TableView {
    return this.table(tableId).view(user?.userId ?? null);
  }

  /** Where the user sits and the odd chips they keep. */
  async me(user: SessionUser): Promise<PokerMe> {
    const change = await this.repo.change(this.sql.pool, user.userId);
    const t = this.tables.tableOf(user.userId);
    const seat = t ? { tableId: t.config.id, seat: t.seatOf(user.userId)!, chips: t.chipsOf(user.userId)! } : null;
    return { seat, changeChips: change, chipsPerHc: CHIPS_PER_HC };
  }

  /**
   * Buys chips with HC: seats the player (or tops up their stack here) in one transaction that
   * debits the HC through the ledger ("Insufficient balance!" when short).
   */
  buyIn(user: SessionUser, tableId: string, amountHc: number): Promise<TableView> {
    // one money call per player at a time: a top-up racing a cash-out must not lose the top-up
    return this.money.run(user.userId, () => this.buyInNow(user, tableId, amountHc));
  }

  private async buyInNow(user: SessionUser, tableId: string, amountHc: number): Promise<TableView> {
    const table = this.table(tableId);
    const { minBuyIn, maxBuyIn } = table.config;
    if (!Number.isSafeInteger(amountHc) || amountHc < minBuyIn || amountHc > maxBuyIn) {
      throw new InvalidInputError(`amount must be a whole number of HC between ${minBuyIn} and ${maxBuyIn}`);
    }
    const elsewhere = this.tables.tableOf(user.userId);
    if (elsewhere && elsewhere !== table) throw new ConflictError(`You are seated at ${elsewhere.config.name}: cash out there first`);
    if (elsewhere) return this.topUp(user, table, amountHc);
    let seat: number;
    try {
      seat = table.reserve(user.userId, user.username);
    } catch (e) {
      if (e instanceof SeatError) throw new ConflictError(e.message);
      throw e;
    }
    try {
      const { chips, sitId } = await this.sql.tx(async (db) => {
        await db.query(`SELECT check_play_allowed($1, 'HC', 0)`, [user.userId]);
        const existing = await this.repo.lockSeat(db, user.userId);
        if (existing && !existing.expired) throw new ConflictError('You are seated at a poker table on another server: cash out there first');
        if (existing) await this.payOut(db, existing, 'recovered');
        await this.ledger.apply(db, user.userId, 'HC', -BigInt(amountHc) * UNIT, 'poker_buyin', `poker:${tableId}`);
        const chips = amountHc * CHIPS_PER_HC + (await this.repo.takeChange(db, user.userId));
        const sitId = await this.repo.insertSeat(db, user.userId, tableId, seat, chips, this.tables.instanceId, this.options.leaseMs).catch((e: unknown) => {
          // another instance seated this player between our lock and insert (the row did not exist to lock)
          if ((e as { code?: string }).code === '23505') throw new ConflictError('You are being seated at a poker table on another server: cash out there first');
          throw e;
        });
        return { chips, sitId };
      });
      table.confirm(user.userId, chips, sitId);
    } catch (e) {
      table.release(user.userId);
      throw e;
    }
    return table.view(user.userId);
  }

  private async topUp(user: SessionUser, table: TableRuntime, amountHc: number): Promise<TableView> {
    const sitId = table.sittingOf(user.userId);
    if (!sitId) throw new ConflictError('Your seat is still being taken: try again in a moment');
    const chips = amountHc * CHIPS_PER_HC;
    await this.sql.tx(async (db) => {
      // the seat row first, then the balance: the order cash-out takes them in (else they deadlock)
      const row = await this.repo.lockSeat(db, user.userId);
      if (!row || row.id !== sitId) throw new ConflictError('Your seat was cashed out meanwhile: nothing was charged, buy in again');
      await db.query(`SELECT check_play_allowed($1, 'HC', 0)`, [user.userId]);
      await this.ledger.apply(db, user.userId, 'HC', -BigInt(amountHc) * UNIT, 'poker_buyin', `poker:${table.config.id}`);
      await this.repo.addChips(db, sitId, chips);
    });
    table.addChips(user.userId, chips);
    return table.view(user.userId);
  }

  /**
   * Leaves the table (folding a hand in play) and pays floor(chips / 100) HC; the odd chips are
   * kept for the next buy-in. A seat left behind by a process that died is paid out here too.
   */
  cashOut(user: SessionUser): Promise<CashOutResult> {
    return this.money.run(user.userId, () => this.cashOutNow(user));
  }

  private async cashOutNow(user: SessionUser): Promise<CashOutResult> {
    const table = this.tables.tableOf(user.userId);
    if (!table) return this.cashOutOrphan(user);
    const left = table.leave(user.userId);
    if (!left) throw new ConflictError('You are not seated at a poker table');
    try {
      return await this.sql.tx(async (db) => {
        const row = await this.repo.lockSeat(db, user.userId);
        if (!row || row.id !== left.sitId) throw new ConflictError('Your seat is not on record: nothing to cash out');
        return this.payOut(db, row, 'cashout', left.chips);
      });
    } catch (e) {
      table.rejoin(user.userId, user.username, left.seat, left.chips, left.sitId);
      throw e;
    }
  }

  private async cashOutOrphan(user: SessionUser): Promise<CashOutResult> {
    return this.sql.tx(async (db) => {
      const row = await this.repo.lockSeat(db, user.userId);
      if (!row) throw new ConflictError('You are not seated at a poker table');
      if (!row.expired) throw new ConflictError('You are seated at a poker table on another server: cash out there');
      return this.payOut(db, row, 'recovered');
    });
  }

  /** Deletes the seat and credits its chips (plus kept odd chips) as HC: floor(total / 100). */
  private async payOut(db: Queryable, row: SeatRow, why: 'cashout' | 'recovered', chips = Number(row.chips)): Promise<CashOutResult> {
    await this.repo.deleteSeat(db, row.id);
    const total = chips + (await this.repo.takeChange(db, row.user_id));
    const hc = Math.floor(total / CHIPS_PER_HC);
    const changeChips = total - hc * CHIPS_PER_HC;
    await this.repo.putChange(db, row.user_id, changeChips);
    const credit = BigInt(hc) * BigInt(CHIPS_PER_HC) * UNITS_PER_CHIP;
    const balance = credit > 0n ? await this.ledger.apply(db, row.user_id, 'HC', credit, 'poker_cashout', `poker:${row.table_id}:${why}`) : (await this.ledger.balances(db, row.user_id)).HC;
    return { chips, hc: money(credit), changeChips, balance: money(balance) };
  }

  /** A move at the user's table. */
  act(user: SessionUser, tableId: string, action: PokerAction): TableView {
    const table = this.table(tableId);
    const r = table.act(user.userId, action);
    if (!r.ok) throw new ConflictError(r.error);
    return table.view(user.userId);
  }

  /** Back from sitting out. */
  sitIn(user: SessionUser, tableId: string): TableView {
    const table = this.table(tableId);
    const r = table.sitIn(user.userId);
    if (!r.ok) throw new ConflictError(r.error);
    return table.view(user.userId);
  }

  /** The user's latest hands from the database (history across tables and restarts). */
  async hands(user: SessionUser, limit: number) {
    const rows = await this.repo.handsOf(this.sql.pool, user.userId, limit);
    return rows.map((r) => ({ id: r.id, tableId: r.table_id, chipsBefore: Number(r.chips_before), chipsAfter: Number(r.chips_after), summary: r.summary, at: r.created_at.toISOString() }));
  }

  /** Renews this process's seat leases and cashes out seats whose process is gone. */
  async maintain(): Promise<number> {
    try {
      const held = this.tables.all().flatMap((t) => t.sittings().map((sitId) => ({ t, sitId })));
      const renewed = new Set(await this.repo.renewLeases(this.sql.pool, this.tables.instanceId, held.map((h) => h.sitId), this.options.leaseMs));
      // a seat whose row is gone was paid out elsewhere (our lease lapsed): it must not keep playing
      for (const h of held) if (!renewed.has(h.sitId)) h.t.evict(h.sitId);
      return await this.sweepExpired();
    } catch (e) {
      this.logger.warn({ msg: 'poker seat maintenance failed', err: String(e) });
      return 0;
    }
  }

  /** Cashes out every seat whose lease ran out (its process died): chips back to HC. Returns how many. */
  async sweepExpired(): Promise<number> {
    return this.sql.tx(async (db) => {
      const rows = await this.repo.lockExpired(db, 100);
      for (const row of rows) {
        const r = await this.payOut(db, row, 'recovered');
        this.logger.log({ msg: 'poker seat recovered to HC', userId: row.user_id, tableId: row.table_id, chips: r.chips, hc: r.hc });
      }
      return rows.length;
    });
  }

  private table(id: string): TableRuntime {
    const t = this.tables.get(id);
    if (!t) throw new NotFoundError(`No poker table "${id}"`);
    return t;
  }
}
