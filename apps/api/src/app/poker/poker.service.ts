import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  CHIPS_PER_HC,
  MAX_SEATS,
  type CashOutResult,
  type PokerAction,
  type PokerMe,
  type TableSummary,
  type TableView,
} from '@cosmic/poker';
import type { PokerHandRecord } from '@cosmic/contracts';
import { BASE_UNITS_PER_COIN } from '@cosmic/game-engine';
import type { SessionUser } from '../auth/session.service';
import { money } from '../common/amount';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-error';
import { KeyedQueue } from '../common/keyed-queue';
import { Queryable, SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { PokerBus, TableMovedError } from './poker-bus';
import { POKER_OPTIONS, type PokerOptions } from './poker.options';
import { PokerRepository, type SeatRow } from './poker.repository';
import { PokerTables } from './poker-tables.service';
import { SeatError, type RestoredSeat, type TableRuntime } from './table-runtime';

/** HC base units per chip: 1 HC = 100 chips = 10^8 units. */
const UNITS_PER_CHIP = BASE_UNITS_PER_COIN / BigInt(CHIPS_PER_HC);
/** How many hands a table taken over shows again from the record. */
const HISTORY = 12;

/** Who acts: all an owner needs of a session (the instance that took the call checked the session). */
type Player = Pick<SessionUser, 'userId' | 'username' | 'claim'>;
/** An action forwarded to the instance that runs the table. */
interface Forwarded {
  user: Player;
  tableId?: string;
  amount?: number;
  action?: PokerAction;
}
const player = (u: Player): Player => ({ userId: u.userId, username: u.username });

/**
 * Poker money and routing. Buy-ins turn HC into chips and cash-outs turn chips back into HC, each
 * one ledger transaction together with the seat row. Cash-out pays floor(chips / 100) HC and
 * keeps the odd chips for the next buy-in.
 *
 * Each table is run by one instance at a time (PokerTables); a call for a table run elsewhere is
 * forwarded to its owner over PostgreSQL NOTIFY (PokerBus) and answered with the owner's result
 * or error. This service also keeps the leases: it renews the tables and seats held here, takes
 * over a table whose owner stopped renewing it (its seats sit down again with the chips of the
 * last recorded hand: the hand in play there is void), and cashes out seats nobody will seat again.
 */
@Injectable()
export class PokerService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Poker');
  private timer: NodeJS.Timeout | null = null;
  /** Buy-ins, top-ups and cash-outs of one player, one after another. */
  private readonly money = new KeyedQueue(16);
  private readonly takeovers = new Map<string, Promise<boolean>>();
  /** Per table run elsewhere: a takeover attempt the moment its lease runs out. */
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private maintaining = false;
  /** The players holding a poker socket to this instance (set by the gateway). */
  presence: () => string[] = () => [];
  /** Shutting down (cleanly or halted): no more takeovers. */
  private stopped = false;
  private halted = false;

  constructor(
    @Inject(POKER_OPTIONS) private readonly options: PokerOptions,
    private readonly sql: SqlService,
    private readonly settlement: SettlementService,
    private readonly repo: PokerRepository,
    private readonly tables: PokerTables,
    private readonly bus: PokerBus,
  ) {}

  async onModuleInit(): Promise<void> {
    this.tables.onReleased = (id) =>
      void this.takeOver(id).catch((e) =>
        this.logger.warn({ msg: 'poker: takeover failed', tableId: id, err: String(e) }),
      );
    await this.tables.start((op, args) => this.serve(op, args as Forwarded));
    // the first instance up takes every table; the others mirror them
    await this.maintain();
    this.timer = setInterval(() => void this.maintain(), Math.max(250, Math.floor(this.options.leaseMs / 3)));
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.stopTimers();
    await Promise.all([...this.takeovers.values()].map((p) => p.catch(() => false)));
    // a clean shutdown hands the tables over at once (their seats are taken over with them)
    if (!this.halted) await this.tables.stop(true);
  }

  /**
   * Stops this instance's part in poker as a killed process would: no more lease renewals, no
   * answers to forwarded actions, nothing released. Its tables are taken over by another
   * instance once their leases run out. For tests and an operator's emergency stop.
   */
  async halt(): Promise<void> {
    this.halted = true;
    this.stopped = true;
    this.stopTimers();
    await Promise.all([...this.takeovers.values()].map((p) => p.catch(() => false)));
    await this.tables.stop(false);
  }

  /** The lobby. */
  list(): Promise<TableSummary[]> {
    return this.tables.summaries();
  }

  /** One table as this user sees it. */
  async view(user: SessionUser | null, tableId: string): Promise<TableView> {
    return (await this.tables.source(tableId)).view(user?.userId ?? null);
  }

  /** Where the user sits and the odd chips they keep. */
  async me(user: SessionUser): Promise<PokerMe> {
    const change = await this.repo.change(this.sql.pool, user.userId);
    const here = this.tables.tableOf(user.userId);
    if (here)
      return {
        seat: { tableId: here.config.id, seat: here.seatOf(user.userId)!, chips: here.chipsOf(user.userId)! },
        changeChips: change,
        chipsPerHc: CHIPS_PER_HC,
      };
    const row = await this.repo.seatOf(this.sql.pool, user.userId);
    let seat: PokerMe['seat'] = null;
    if (row) {
      // the owner's latest snapshot has the chips of the hand in play; the row those of its start
      const you = this.tables.config(row.table_id)
        ? (await this.tables.source(row.table_id)).view(user.userId, false).you
        : null;
      seat = { tableId: row.table_id, seat: you?.seat ?? row.seat, chips: you?.stack ?? Number(row.chips) };
    }
    return { seat, changeChips: change, chipsPerHc: CHIPS_PER_HC };
  }

  /**
   * Buys chips with HC: seats the player (or tops up their stack here) in one transaction that
   * debits the HC through the ledger ("Insufficient balance!" when short).
   */
  buyIn(user: Player, tableId: string, amountHc: number): Promise<TableView> {
    // one money call per player at a time: a top-up racing a cash-out must not lose the top-up
    return this.money.run(user.userId, () =>
      this.atOwner(
        tableId,
        () => this.buyInNow(user, tableId, amountHc),
        async (owner) =>
          (await this.forwardView(
            owner,
            'buyIn',
            { user: player(user), tableId, amount: amountHc },
            tableId,
            user.userId,
          ))!,
      ),
    );
  }

  private async buyInNow(user: Player, tableId: string, amountHc: number): Promise<TableView> {
    const table = this.table(tableId);
    const { minBuyIn, maxBuyIn } = table.config;
    if (!Number.isSafeInteger(amountHc) || amountHc < minBuyIn || amountHc > maxBuyIn) {
      throw new InvalidInputError(`amount must be a whole number of HC between ${minBuyIn} and ${maxBuyIn}`);
    }
    const elsewhere = this.tables.tableOf(user.userId);
    if (elsewhere && elsewhere !== table)
      throw new ConflictError(`You are seated at ${elsewhere.config.name}: cash out there first`);
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
        await this.settlement.checkPlayAllowed(db, user.userId, 'HC', 0n);
        await this.assertHolds(db, tableId);
        const existing = await this.repo.lockSeat(db, user.userId);
        if (existing && !existing.expired)
          throw new ConflictError(
            `You are seated at ${this.tables.config(existing.table_id)?.name ?? 'a poker table'}: cash out there first`,
          );
        if (existing) await this.payOut(db, existing, 'recovered');
        await this.settlement.apply(db, {
          kind: 'poker_buyin',
          userId: user.userId,
          amount: BigInt(amountHc) * BASE_UNITS_PER_COIN,
          tableId: tableId,
        });
        const chips = amountHc * CHIPS_PER_HC + (await this.repo.takeChange(db, user.userId));
        const sitId = await this.repo.insertSeat(
          db,
          user.userId,
          tableId,
          seat,
          chips,
          this.tables.instanceId,
          this.options.leaseMs,
        );
        return { chips, sitId };
      }, user.claim);
      table.confirm(user.userId, chips, sitId);
    } catch (e) {
      table.release(user.userId);
      throw e;
    }
    return table.view(user.userId);
  }

  private async topUp(user: Player, table: TableRuntime, amountHc: number): Promise<TableView> {
    const sitId = table.sittingOf(user.userId);
    if (!sitId) throw new ConflictError('Your seat is still being taken: try again in a moment');
    const chips = amountHc * CHIPS_PER_HC;
    await this.sql.tx(async (db) => {
      await this.assertHolds(db, table.config.id);
      // the seat row first, then the balance: the order cash-out takes them in (else they deadlock)
      const row = await this.repo.lockSeat(db, user.userId);
      if (!row || row.id !== sitId)
        throw new ConflictError('Your seat was cashed out meanwhile: nothing was charged, buy in again');
      await this.settlement.checkPlayAllowed(db, user.userId, 'HC', 0n);
      await this.settlement.apply(db, {
        kind: 'poker_buyin',
        userId: user.userId,
        amount: BigInt(amountHc) * BASE_UNITS_PER_COIN,
        tableId: table.config.id,
      });
      await this.repo.addChips(db, sitId, chips);
    }, user.claim);
    table.addChips(user.userId, chips);
    return table.view(user.userId);
  }

  /**
   * Leaves the table (folding a hand in play) and pays floor(chips / 100) HC; the odd chips are
   * kept for the next buy-in. A seat nobody will seat again is paid out here too.
   */
  cashOut(user: Player): Promise<CashOutResult> {
    return this.money.run(user.userId, async () => {
      if (this.tables.tableOf(user.userId)) return this.cashOutNow(user);
      const row = await this.repo.seatOf(this.sql.pool, user.userId);
      if (!row) throw new ConflictError('You are not seated at a poker table');
      if (!this.tables.config(row.table_id)) return this.cashOutNow(user);
      return this.atOwner(
        row.table_id,
        () => this.cashOutNow(user),
        (owner) =>
          this.bus.request(
            owner,
            'cashOut',
            { user: player(user) },
            this.options.forwardTimeoutMs,
          ) as Promise<CashOutResult>,
      );
    });
  }

  private async cashOutNow(user: Player): Promise<CashOutResult> {
    const table = this.tables.tableOf(user.userId);
    if (!table) return this.cashOutOrphan(user);
    const left = table.leave(user.userId);
    if (!left) throw new ConflictError('You are not seated at a poker table');
    try {
      return await this.sql.tx(async (db) => {
        await this.assertHolds(db, table.config.id);
        const row = await this.repo.lockSeat(db, user.userId);
        if (!row || row.id !== left.sitId) throw new ConflictError('Your seat is not on record: nothing to cash out');
        return this.payOut(db, row, 'cashout', left.chips);
      }, user.claim);
    } catch (e) {
      table.rejoin(user.userId, user.username, left.seat, left.chips, left.sitId);
      throw e;
    }
  }

  /** A seat on record that no table here holds: paid out if nobody will seat it again. */
  private async cashOutOrphan(user: Player): Promise<CashOutResult> {
    return this.sql.tx(async (db) => {
      const row = await this.repo.lockSeat(db, user.userId);
      if (!row) throw new ConflictError('You are not seated at a poker table');
      const known = this.tables.config(row.table_id) !== undefined;
      // a table run here that lost track of the seat, or a seat whose instance is gone
      if (row.expired || (known && this.tables.get(row.table_id))) return this.payOut(db, row, 'recovered');
      // the table moved meanwhile: the caller asks its new owner
      if (known) throw new TableMovedError();
      throw new ConflictError('You are seated at a poker table on another server: cash out there');
    }, user.claim);
  }

  /** Deletes the seat and credits its chips (plus kept odd chips) as HC: floor(total / 100). */
  private async payOut(
    db: Queryable,
    row: SeatRow,
    why: 'cashout' | 'recovered',
    chips = Number(row.chips),
  ): Promise<CashOutResult> {
    await this.repo.deleteSeat(db, row.id);
    const total = chips + (await this.repo.takeChange(db, row.user_id));
    const hc = Math.floor(total / CHIPS_PER_HC);
    const changeChips = total - hc * CHIPS_PER_HC;
    await this.repo.putChange(db, row.user_id, changeChips);
    const credit = BigInt(hc) * BigInt(CHIPS_PER_HC) * UNITS_PER_CHIP;
    const balance =
      credit > 0n
        ? await this.settlement.apply(db, {
            kind: 'poker_cashout',
            userId: row.user_id,
            amount: credit,
            tableId: row.table_id,
            why: why,
          })
        : (await this.settlement.balances(db, row.user_id)).HC;
    return { chips, hc: money(credit), changeChips, balance: money(balance) };
  }

  /** A move at the user's table; `withView` false answers nothing (a socket gets the view pushed). */
  act(user: Player, tableId: string, action: PokerAction, withView = true): Promise<TableView | null> {
    return this.atOwner(
      tableId,
      async () => this.actNow(user, tableId, action),
      (owner) =>
        this.forwardView(owner, 'act', { user: player(user), tableId, action }, tableId, withView ? user.userId : null),
    );
  }

  private actNow(user: Player, tableId: string, action: PokerAction): TableView {
    const table = this.table(tableId);
    const r = table.act(user.userId, action);
    if (!r.ok) throw new ConflictError(r.error);
    return table.view(user.userId);
  }

  /** Back from sitting out. */
  sitIn(user: Player, tableId: string, withView = true): Promise<TableView | null> {
    return this.atOwner(
      tableId,
      async () => this.sitInNow(user, tableId),
      (owner) =>
        this.forwardView(owner, 'sitIn', { user: player(user), tableId }, tableId, withView ? user.userId : null),
    );
  }

  private sitInNow(user: Player, tableId: string): TableView {
    const table = this.table(tableId);
    const r = table.sitIn(user.userId);
    if (!r.ok) throw new ConflictError(r.error);
    return table.view(user.userId);
  }

  /** The user's latest hands from the database (history across tables and restarts). */
  async hands(user: SessionUser, limit: number): Promise<PokerHandRecord[]> {
    const rows = await this.repo.handsOf(this.sql.pool, user.userId, limit);
    return rows.map((r) => ({
      id: r.id,
      tableId: r.table_id,
      chipsBefore: Number(r.chips_before),
      chipsAfter: Number(r.chips_after),
      summary: r.summary,
      at: r.created_at.toISOString(),
    }));
  }

  /**
   * Keeps the leases: renews the tables and seats held here (a table whose lease another
   * instance took is dropped), takes over tables nobody runs, schedules a takeover attempt for
   * the moment each other table's lease runs out, catches up on missed snapshots and cashes out
   * seats nobody will seat again. Returns how many seats were cashed out.
   */
  async maintain(): Promise<number> {
    if (this.stopped || this.maintaining) return 0;
    this.maintaining = true;
    try {
      await this.repo.markSeen(this.sql.pool, this.presence());
      const heldTables = this.tables.held();
      const kept = new Set(
        await this.repo.renewTables(this.sql.pool, this.tables.instanceId, heldTables, this.options.leaseMs),
      );
      for (const h of heldTables)
        if (!kept.has(h.tableId) && this.tables.epochOf(h.tableId) === h.epoch) this.tables.drop(h.tableId);
      const held = this.tables.all().flatMap((t) => t.sittings().map((sitId) => ({ t, sitId })));
      const renewed = new Set(
        await this.repo.renewLeases(
          this.sql.pool,
          this.tables.instanceId,
          held.map((h) => h.sitId),
          this.options.leaseMs,
        ),
      );
      // a seat whose row is gone was paid out elsewhere (our lease lapsed): it must not keep playing
      for (const h of held) if (!renewed.has(h.sitId)) h.t.evict(h.sitId);
      await this.claimTables();
      await this.tables.resync();
      return (await this.sweepExpired()) + (await this.cashOutAway());
    } catch (e) {
      this.logger.warn({ msg: 'poker lease maintenance failed', err: String(e) });
      return 0;
    } finally {
      this.maintaining = false;
    }
  }

  /** Cashes out every seat nobody will seat again (see PokerRepository.lockExpired): chips back to HC. Returns how many. */
  async sweepExpired(): Promise<number> {
    return this.sql.tx(async (db) => {
      const rows = await this.repo.lockExpired(
        db,
        100,
        this.tables.configList().map((c) => c.id),
      );
      for (const row of rows) {
        const r = await this.payOut(db, row, 'recovered');
        this.logger.log({
          msg: 'poker seat recovered to HC',
          userId: row.user_id,
          tableId: row.table_id,
          chips: r.chips,
          hc: r.hc,
        });
      }
      return rows.length;
    }, null);
  }

  /**
   * Cashes out the players at tables run here who have held no poker connection on any instance
   * for `awayMs` (a closed tab): the chips go back as HC, as Cash Out would. Returns how many.
   */
  async cashOutAway(): Promise<number> {
    const away = await this.repo.away(
      this.sql.pool,
      this.tables.all().map((t) => t.config.id),
      this.options.awayMs,
    );
    let paid = 0;
    for (const u of away) {
      const user = { userId: u.user_id, username: u.username };
      try {
        const r = await this.money.run(user.userId, () => this.cashOutNow(user));
        paid++;
        this.logger.log({ msg: 'poker: away player cashed out', userId: user.userId, chips: r.chips, hc: r.hc });
      } catch (e) {
        // cashed out meanwhile by the player, or the table moved: the next pass looks again
        this.logger.warn({ msg: 'poker: away cash-out skipped', userId: user.userId, err: String(e) });
      }
    }
    return paid;
  }

  /** Takes over a table nobody holds a live lease on; false when another instance holds (or just took) it. */
  takeOver(tableId: string): Promise<boolean> {
    if (this.tables.get(tableId)) return Promise.resolve(true);
    if (this.stopped || !this.tables.config(tableId)) return Promise.resolve(false);
    let p = this.takeovers.get(tableId);
    if (!p) {
      p = this.takeOverNow(tableId).finally(() => this.takeovers.delete(tableId));
      this.takeovers.set(tableId, p);
    }
    return p;
  }

  private async takeOverNow(tableId: string): Promise<boolean> {
    const config = this.tables.config(tableId)!;
    const me = this.tables.instanceId;
    const taken = await this.sql.tx(async (db) => {
      const epoch = await this.repo.acquireTable(db, tableId, me, this.options.leaseMs);
      if (epoch === null) return null;
      const seats: RestoredSeat[] = [];
      const chairs = new Set<number>();
      for (const r of await this.repo.lockTableSeats(db, tableId)) {
        if (r.seat >= 0 && r.seat < MAX_SEATS && !chairs.has(r.seat)) {
          chairs.add(r.seat);
          seats.push({
            userId: String(r.user_id),
            name: r.username,
            seat: r.seat,
            chips: Number(r.chips),
            sitId: String(r.id),
          });
        } else {
          // two seats on one chair: left from when every instance ran its own copy of the table
          await this.payOut(db, r, 'recovered');
        }
      }
      await this.repo.adoptSeats(
        db,
        seats.map((s) => s.sitId),
        me,
        this.options.leaseMs,
      );
      return {
        epoch,
        seats,
        last: await this.repo.lastHandNo(db, tableId),
        history: await this.repo.recentHands(db, tableId, HISTORY),
      };
    }, null);
    if (!taken) return false;
    this.clearExpiryTimer(tableId);
    await this.tables.adopt(config, taken.epoch, taken.last, { seats: taken.seats, history: taken.history });
    this.logger.log({ msg: 'poker table taken over', tableId, epoch: taken.epoch, seats: taken.seats.length });
    return true;
  }

  /** Takes every table nobody holds; for the others, tries again the moment their lease runs out. */
  private async claimTables(): Promise<void> {
    const leases = new Map((await this.repo.tableLeases(this.sql.pool)).map((l) => [l.table_id, l]));
    for (const c of this.tables.configList()) {
      if (this.tables.get(c.id)) continue;
      const lease = leases.get(c.id);
      if (!lease || !lease.live) await this.takeOver(c.id);
      else this.retryAt(c.id, lease.expires_in_ms);
    }
  }

  private retryAt(tableId: string, inMs: number): void {
    this.clearExpiryTimer(tableId);
    const timer = setTimeout(
      () => {
        this.expiryTimers.delete(tableId);
        void this.takeOver(tableId).catch((e) =>
          this.logger.warn({ msg: 'poker: takeover failed', tableId, err: String(e) }),
        );
      },
      Math.max(0, Math.ceil(inMs)) + 25,
    );
    timer.unref();
    this.expiryTimers.set(tableId, timer);
  }

  private clearExpiryTimer(tableId: string): void {
    const t = this.expiryTimers.get(tableId);
    if (t) clearTimeout(t);
    this.expiryTimers.delete(tableId);
  }

  private stopTimers(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const id of [...this.expiryTimers.keys()]) this.clearExpiryTimer(id);
  }

  /**
   * Runs `local` when this instance runs the table (taking it over first when nobody holds its
   * lease), else `remote` on its owner; a table that moved meanwhile is looked up again.
   */
  private async atOwner<T>(
    tableId: string,
    local: () => Promise<T>,
    remote: (owner: string) => Promise<T>,
  ): Promise<T> {
    if (!this.tables.config(tableId)) throw new NotFoundError(`No poker table "${tableId}"`);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (this.tables.get(tableId)) {
        try {
          return await local();
        } catch (e) {
          // lost the table meanwhile (nothing was written): ask its new owner
          if (!(e instanceof TableMovedError)) throw e;
          continue;
        }
      }
      const lease = await this.repo.tableLease(this.sql.pool, tableId);
      if (!lease || !lease.live) {
        await this.takeOver(tableId);
        continue;
      }
      if (lease.instance_id === this.tables.instanceId) {
        // ours on record, not yet in memory: a takeover is finishing
        await this.takeovers.get(tableId);
        continue;
      }
      try {
        return await remote(lease.instance_id);
      } catch (e) {
        if (!(e instanceof TableMovedError)) throw e;
      }
    }
    throw new TableMovedError();
  }

  /** Forwards an action and answers the user's view as of the owner's snapshot after it (null: no view wanted). */
  private async forwardView(
    owner: string,
    op: string,
    args: Forwarded,
    tableId: string,
    userId: string | null,
  ): Promise<TableView | null> {
    const { version } = (await this.bus.request(owner, op, args, this.options.forwardTimeoutMs)) as { version: number };
    return userId === null ? null : this.tables.viewAt(tableId, userId, version);
  }

  /** Runs an action another instance forwarded here (only on a table run here: else it moved). */
  private async serve(op: string, a: Forwarded): Promise<unknown> {
    const user = player(a.user);
    const tableId = a.tableId ?? '';
    switch (op) {
      case 'buyIn':
        await this.money.run(user.userId, () => this.buyInNow(user, tableId, Number(a.amount)));
        return { version: await this.published(tableId) };
      case 'act':
        this.actNow(user, tableId, a.action!);
        return { version: await this.published(tableId) };
      case 'sitIn':
        this.sitInNow(user, tableId);
        return { version: await this.published(tableId) };
      case 'cashOut':
        return this.money.run(user.userId, () => this.cashOutNow(user));
      default:
        throw new InvalidInputError(`unknown poker operation ${op}`);
    }
  }

  /** The snapshot version that includes what was just done at a table run here (0 if it could not be written). */
  private published(tableId: string): Promise<number> {
    return this.tables.flush(tableId).catch(() => 0);
  }

  /** Fails (the table moved) unless this instance still holds the table; locks its lease until the transaction ends. */
  private async assertHolds(db: Queryable, tableId: string): Promise<void> {
    const epoch = this.tables.epochOf(tableId);
    if (epoch === undefined || !(await this.repo.holdsTable(db, tableId, this.tables.instanceId, epoch)))
      throw new TableMovedError();
  }

  /** A table run here; else it moved (the caller looks its owner up again). */
  private table(id: string): TableRuntime {
    if (!this.tables.config(id)) throw new NotFoundError(`No poker table "${id}"`);
    const t = this.tables.get(id);
    if (!t) throw new TableMovedError();
    return t;
  }
}
