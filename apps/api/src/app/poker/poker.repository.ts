import { ConflictError } from '../common/domain-error';
import { Injectable } from '@nestjs/common';
import { toJson } from '../common/json';
import { Queryable } from '../database/sql.service';
import type { HandSummary } from '@cosmic/poker';
import type { HandRecord } from './table-runtime';
import type { TableSnapshot } from './table-snapshot';

/** The NOTIFY channel of table snapshots: the payload is "tableId:version" (or "tableId:released"). */
export const TABLE_CHANNEL = 'poker_table';

/** A seated human as stored. */
export interface SeatRow {
  id: string;
  user_id: string;
  table_id: string;
  seat: number;
  chips: string;
  instance_id: string;
  expired: boolean;
}

const SEAT_COLUMNS = `id, user_id, table_id, seat, chips, instance_id, lease_until < now() AS expired`;

/** A table's lease as stored: who runs it, since which takeover, and whether the lease still runs. */
export interface TableLeaseRow {
  table_id: string;
  instance_id: string;
  epoch: string;
  live: boolean;
  /** Milliseconds until the lease runs out (negative once it has). */
  expires_in_ms: number;
}

/** A table's published snapshot as stored. */
export interface SnapshotRow {
  version: string;
  snapshot: TableSnapshot | null;
  history_version: string;
  /** Only when it differs from the history version the reader already has. */
  history: HandSummary[] | null;
}

/** SQL of the poker tables: seats with leases, odd chips kept from cash-outs, hand history. */
@Injectable()
export class PokerRepository {
  /** The user's seat row, locked for this transaction. */
  async lockSeat(db: Queryable, userId: string): Promise<SeatRow | null> {
    const r = await db.query<SeatRow>(`SELECT ${SEAT_COLUMNS} FROM poker_seats WHERE user_id = $1 FOR UPDATE`, [
      userId,
    ]);
    return r.rows[0] ?? null;
  }

  /** Stamps the seats of these players (connected to this instance right now) as seen. */
  async markSeen(db: Queryable, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await db.query(`UPDATE poker_seats SET seen_at = now() WHERE user_id = ANY($1::bigint[])`, [userIds]);
  }

  /** The players seated at these tables who have held no poker connection anywhere for `awayMs`. */
  async away(db: Queryable, tableIds: string[], awayMs: number): Promise<Array<{ user_id: string; username: string }>> {
    if (tableIds.length === 0) return [];
    const r = await db.query<{ user_id: string; username: string }>(
      `SELECT s.user_id, u.username FROM poker_seats s JOIN users u ON u.id = s.user_id
        WHERE s.table_id = ANY($1::text[]) AND s.seen_at < now() - $2 * interval '1 millisecond' ORDER BY s.id`,
      [tableIds, awayMs],
    );
    return r.rows.map((row) => ({ user_id: String(row.user_id), username: row.username }));
  }

  /** Seats a user; returns the sitting's id. */
  async insertSeat(
    db: Queryable,
    userId: string,
    tableId: string,
    seat: number,
    chips: number,
    instanceId: string,
    leaseMs: number,
  ): Promise<string> {
    const r = await db
      .query<{ id: string }>(
        `INSERT INTO poker_seats (user_id, table_id, seat, chips, instance_id, lease_until)
         VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond') RETURNING id`,
        [userId, tableId, seat, chips, instanceId, leaseMs],
      )
      .catch((e: unknown) => {
        // the player's one seat (unique): another instance seated them between the caller's lock and this insert
        if ((e as { code?: string }).code === '23505')
          throw new ConflictError('You are being seated at a poker table on another server: cash out there first');
        throw e;
      });
    return String(r.rows[0].id);
  }

  /** Adds chips to a sitting; false when the sitting no longer exists (cashed out meanwhile). */
  async addChips(db: Queryable, sitId: string, chips: number): Promise<boolean> {
    const r = await db.query(`UPDATE poker_seats SET chips = chips + $2, updated_at = now() WHERE id = $1`, [
      sitId,
      chips,
    ]);
    return r.rowCount === 1;
  }

  async deleteSeat(db: Queryable, sitId: string): Promise<void> {
    await db.query(`DELETE FROM poker_seats WHERE id = $1`, [sitId]);
  }

  /** Takes (and clears) the odd chips kept from the user's last cash-out. */
  async takeChange(db: Queryable, userId: string): Promise<number> {
    const r = await db.query<{ change_chips: string }>(
      `DELETE FROM poker_wallets WHERE user_id = $1 RETURNING change_chips`,
      [userId],
    );
    return r.rows[0] ? Number(r.rows[0].change_chips) : 0;
  }

  async putChange(db: Queryable, userId: string, chips: number): Promise<void> {
    if (chips === 0) return;
    await db.query(
      `INSERT INTO poker_wallets (user_id, change_chips) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET change_chips = EXCLUDED.change_chips, updated_at = now()`,
      [userId, chips],
    );
  }

  async change(db: Queryable, userId: string): Promise<number> {
    const r = await db.query<{ change_chips: string }>(`SELECT change_chips FROM poker_wallets WHERE user_id = $1`, [
      userId,
    ]);
    return r.rows[0] ? Number(r.rows[0].change_chips) : 0;
  }

  async seatOf(db: Queryable, userId: string): Promise<SeatRow | null> {
    const r = await db.query<SeatRow>(`SELECT ${SEAT_COLUMNS} FROM poker_seats WHERE user_id = $1`, [userId]);
    return r.rows[0] ?? null;
  }

  /** Extends the leases of the sittings this process holds; returns the ones still on record. */
  async renewLeases(db: Queryable, instanceId: string, sitIds: string[], leaseMs: number): Promise<string[]> {
    if (sitIds.length === 0) return [];
    const r = await db.query<{ id: string }>(
      `UPDATE poker_seats SET lease_until = now() + $3 * interval '1 millisecond' WHERE instance_id = $1 AND id = ANY($2::bigint[]) RETURNING id`,
      [instanceId, sitIds, leaseMs],
    );
    return r.rows.map((x) => String(x.id));
  }

  /**
   * Seats nobody will seat again, locked (skipping rows another process is handling): their lease
   * ran out and their table is not one the casino runs, or its table is run by a live instance that
   * does not hold them. Seats of a table whose owner died wait for the instance that takes it over.
   */
  async lockExpired(db: Queryable, limit: number, tableIds: string[]): Promise<SeatRow[]> {
    const r = await db.query<SeatRow>(
      `SELECT ${SEAT_COLUMNS} FROM poker_seats s
        WHERE s.lease_until < now()
          AND (s.table_id <> ALL($2::text[])
               OR EXISTS (SELECT 1 FROM poker_table_leases t WHERE t.table_id = s.table_id AND t.lease_until > now() AND t.instance_id <> s.instance_id))
        ORDER BY s.lease_until LIMIT $1 FOR UPDATE OF s SKIP LOCKED`,
      [limit, tableIds],
    );
    return r.rows;
  }

  /** Every table's lease. */
  async tableLeases(db: Queryable): Promise<TableLeaseRow[]> {
    const r = await db.query<TableLeaseRow>(
      `SELECT table_id, instance_id, epoch, lease_until > now() AS live, (extract(epoch FROM lease_until - now()) * 1000)::float8 AS expires_in_ms FROM poker_table_leases`,
    );
    return r.rows;
  }

  /** One table's lease, or null when no instance ever ran it. */
  async tableLease(db: Queryable, tableId: string): Promise<TableLeaseRow | null> {
    const r = await db.query<TableLeaseRow>(
      `SELECT table_id, instance_id, epoch, lease_until > now() AS live, (extract(epoch FROM lease_until - now()) * 1000)::float8 AS expires_in_ms FROM poker_table_leases WHERE table_id = $1`,
      [tableId],
    );
    return r.rows[0] ?? null;
  }

  /** Takes a table whose lease ran out (or that nobody ran yet); its new epoch, or null when another instance holds it. */
  async acquireTable(db: Queryable, tableId: string, instanceId: string, leaseMs: number): Promise<number | null> {
    const r = await db.query<{ epoch: string }>(
      `INSERT INTO poker_table_leases (table_id, instance_id, epoch, lease_until) VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond')
       ON CONFLICT (table_id) DO UPDATE SET instance_id = EXCLUDED.instance_id, epoch = poker_table_leases.epoch + 1, lease_until = EXCLUDED.lease_until, updated_at = now()
        WHERE poker_table_leases.lease_until < now()
       RETURNING epoch`,
      [tableId, instanceId, leaseMs],
    );
    return r.rows[0] ? Number(r.rows[0].epoch) : null;
  }

  /** Extends the leases of the tables this instance still holds (same epoch); returns their ids. */
  async renewTables(
    db: Queryable,
    instanceId: string,
    held: Array<{ tableId: string; epoch: number }>,
    leaseMs: number,
  ): Promise<string[]> {
    if (held.length === 0) return [];
    const r = await db.query<{ table_id: string }>(
      `UPDATE poker_table_leases l SET lease_until = now() + $4 * interval '1 millisecond'
         FROM unnest($2::text[], $3::bigint[]) AS h(table_id, epoch)
        WHERE l.table_id = h.table_id AND l.epoch = h.epoch AND l.instance_id = $1
        RETURNING l.table_id`,
      [instanceId, held.map((h) => h.tableId), held.map((h) => h.epoch), leaseMs],
    );
    return r.rows.map((x) => x.table_id);
  }

  /** Lets the leases of these tables run out now (a clean shutdown), so another instance takes them at once. */
  async releaseTables(
    db: Queryable,
    instanceId: string,
    held: Array<{ tableId: string; epoch: number }>,
  ): Promise<void> {
    if (held.length === 0) return;
    await db.query(
      `UPDATE poker_table_leases l SET lease_until = now() - interval '1 millisecond'
         FROM unnest($2::text[], $3::bigint[]) AS h(table_id, epoch)
        WHERE l.table_id = h.table_id AND l.epoch = h.epoch AND l.instance_id = $1`,
      [instanceId, held.map((h) => h.tableId), held.map((h) => h.epoch)],
    );
  }

  /**
   * Fails unless this instance still holds the table at this epoch; the row stays share-locked
   * until the transaction ends, so no takeover slips in before what it writes is committed.
   */
  async holdsTable(db: Queryable, tableId: string, instanceId: string, epoch: number): Promise<boolean> {
    const r = await db.query(
      `SELECT 1 FROM poker_table_leases WHERE table_id = $1 AND instance_id = $2 AND epoch = $3 FOR SHARE`,
      [tableId, instanceId, epoch],
    );
    return r.rows.length === 1;
  }

  /** The seats of a table with their players' names, locked for a takeover. */
  async lockTableSeats(db: Queryable, tableId: string): Promise<Array<SeatRow & { username: string }>> {
    const r = await db.query<SeatRow & { username: string }>(
      `SELECT s.id, s.user_id, s.table_id, s.seat, s.chips, s.instance_id, s.lease_until < now() AS expired, u.username
         FROM poker_seats s JOIN users u ON u.id = s.user_id WHERE s.table_id = $1 ORDER BY s.id FOR UPDATE OF s`,
      [tableId],
    );
    return r.rows;
  }

  /** Hands these sittings to this instance with a fresh lease. */
  async adoptSeats(db: Queryable, sitIds: string[], instanceId: string, leaseMs: number): Promise<void> {
    if (sitIds.length === 0) return;
    await db.query(
      `UPDATE poker_seats SET instance_id = $2, lease_until = now() + $3 * interval '1 millisecond', updated_at = now() WHERE id = ANY($1::bigint[])`,
      [sitIds, instanceId, leaseMs],
    );
  }

  /** The table's latest recorded hands, newest first. */
  async recentHands(db: Queryable, tableId: string, limit: number): Promise<HandSummary[]> {
    const r = await db.query<{ summary: HandSummary }>(
      `SELECT summary FROM poker_hands WHERE table_id = $1 ORDER BY hand_no DESC, id DESC LIMIT $2`,
      [tableId, limit],
    );
    return r.rows.map((x) => x.summary);
  }

  /**
   * Stores the owner's snapshot (and the history when it changed) under a new version and
   * notifies the other instances with "tableId:version", both only if this instance still holds
   * the table at this epoch. Returns the version, or null when the table is no longer ours.
   */
  async publishSnapshot(
    db: Queryable,
    tableId: string,
    instanceId: string,
    epoch: number,
    snapshot: TableSnapshot,
    historyVersion: number,
    history: HandSummary[] | null,
  ): Promise<number | null> {
    const r = await db.query<{ version: string }>(
      `WITH u AS (
         UPDATE poker_table_leases SET version = version + 1, snapshot = $4, history_version = $5, history = COALESCE($6::jsonb, history), updated_at = now()
          WHERE table_id = $1 AND instance_id = $2 AND epoch = $3
          RETURNING version)
       SELECT version, pg_notify('${TABLE_CHANNEL}', $1 || ':' || version) FROM u`,
      [tableId, instanceId, epoch, toJson(snapshot), historyVersion, history === null ? null : toJson(history)],
    );
    return r.rows[0] ? Number(r.rows[0].version) : null;
  }

  /** A table's published snapshot; the history only when its version differs from `haveHistory`. */
  async snapshot(db: Queryable, tableId: string, haveHistory: number): Promise<SnapshotRow | null> {
    const r = await db.query<SnapshotRow>(
      `SELECT version, snapshot, history_version, CASE WHEN history_version <> $2 THEN history END AS history FROM poker_table_leases WHERE table_id = $1`,
      [tableId, haveHistory],
    );
    return r.rows[0] ?? null;
  }

  /** Every table's snapshot version. */
  async versions(db: Queryable): Promise<Array<{ table_id: string; version: string }>> {
    const r = await db.query<{ table_id: string; version: string }>(`SELECT table_id, version FROM poker_table_leases`);
    return r.rows;
  }

  /** The active client seed of each user, in the order asked. */
  async clientSeeds(db: Queryable, userIds: string[]): Promise<string[]> {
    const r = await db.query<{ user_id: string; client_seed: string }>(
      `SELECT user_id, client_seed FROM seed_pairs WHERE active AND user_id = ANY($1::bigint[])`,
      [userIds],
    );
    const byUser = new Map(r.rows.map((x) => [String(x.user_id), x.client_seed]));
    return userIds.map((u) => byUser.get(u) ?? '');
  }

  async lastHandNo(db: Queryable, tableId: string): Promise<number> {
    const r = await db.query<{ n: string | null }>(`SELECT max(hand_no) AS n FROM poker_hands WHERE table_id = $1`, [
      tableId,
    ]);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Writes the hand and its humans' chips before and after; moves each sitting's chips by its result. */
  async recordHand(db: Queryable, record: HandRecord, instanceId: string): Promise<string> {
    const f = record.fairness;
    const r = await db.query<{ id: string }>(
      `INSERT INTO poker_hands (table_id, hand_no, instance_id, server_seed, server_seed_hash, client_seed, nonce, bots_net, summary)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        record.tableId,
        f.handNo,
        instanceId,
        f.serverSeed,
        f.serverSeedHash,
        f.clientSeed,
        f.nonce,
        record.botsNet,
        toJson(record.summary),
      ],
    );
    const handId = String(r.rows[0].id);
    for (const h of record.humans) {
      await db.query(
        `INSERT INTO poker_hand_players (hand_id, user_id, seat, chips_before, chips_after) VALUES ($1, $2, $3, $4, $5)`,
        [handId, h.userId, h.seat, h.before, h.after],
      );
      if (h.after !== h.before) await this.addChips(db, h.sitId, h.after - h.before);
    }
    return handId;
  }

  /** The user's latest hands, newest first. */
  async handsOf(
    db: Queryable,
    userId: string,
    limit: number,
  ): Promise<
    Array<{
      id: string;
      table_id: string;
      chips_before: string;
      chips_after: string;
      summary: unknown;
      created_at: Date;
    }>
  > {
    const r = await db.query<{
      id: string;
      table_id: string;
      chips_before: string;
      chips_after: string;
      summary: unknown;
      created_at: Date;
    }>(
      `SELECT h.id, h.table_id, p.chips_before, p.chips_after, h.summary, h.created_at
         FROM poker_hand_players p JOIN poker_hands h ON h.id = p.hand_id
        WHERE p.user_id = $1 ORDER BY p.hand_id DESC LIMIT $2`,
      [userId, limit],
    );
    return r.rows;
  }
}
