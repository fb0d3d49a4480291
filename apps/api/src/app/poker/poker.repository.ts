import { Injectable } from '@nestjs/common';
import { toJson } from '../common/json';
import { Queryable } from '../database/sql.service';
import type { HandRecord } from './table-runtime';

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

/** SQL of the poker tables: seats with leases, odd chips kept from cash-outs, hand history. */
@Injectable()
export class PokerRepository {
  /** The user's seat row, locked for this transaction. */
  async lockSeat(db: Queryable, userId: string): Promise<SeatRow | null> {
    const r = await db.query<SeatRow>(`SELECT ${SEAT_COLUMNS} FROM poker_seats WHERE user_id = $1 FOR UPDATE`, [userId]);
    return r.rows[0] ?? null;
  }

  /** Seats a user; returns the sitting's id. */
  async insertSeat(db: Queryable, userId: string, tableId: string, seat: number, chips: number, instanceId: string, leaseMs: number): Promise<string> {
    const r = await db.query<{ id: string }>(
      `INSERT INTO poker_seats (user_id, table_id, seat, chips, instance_id, lease_until)
       VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond') RETURNING id`,
      [userId, tableId, seat, chips, instanceId, leaseMs],
    );
    return String(r.rows[0].id);
  }

  /** Adds chips to a sitting; false when the sitting no longer exists (cashed out meanwhile). */
  async addChips(db: Queryable, sitId: string, chips: number): Promise<boolean> {
    const r = await db.query(`UPDATE poker_seats SET chips = chips + $2, updated_at = now() WHERE id = $1`, [sitId, chips]);
    return r.rowCount === 1;
  }

  async deleteSeat(db: Queryable, sitId: string): Promise<void> {
    await db.query(`DELETE FROM poker_seats WHERE id = $1`, [sitId]);
  }

  /** Takes (and clears) the odd chips kept from the user's last cash-out. */
  async takeChange(db: Queryable, userId: string): Promise<number> {
    const r = await db.query<{ change_chips: string }>(`DELETE FROM poker_wallets WHERE user_id = $1 RETURNING change_chips`, [userId]);
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
    const r = await db.query<{ change_chips: string }>(`SELECT change_chips FROM poker_wallets WHERE user_id = $1`, [userId]);
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

  /** Seats whose process stopped renewing them, locked (skipping rows another process is handling). */
  async lockExpired(db: Queryable, limit: number): Promise<SeatRow[]> {
    const r = await db.query<SeatRow>(`SELECT ${SEAT_COLUMNS} FROM poker_seats WHERE lease_until < now() ORDER BY lease_until LIMIT $1 FOR UPDATE SKIP LOCKED`, [limit]);
    return r.rows;
  }

  /** The active client seed of each user, in the order asked. */
  async clientSeeds(db: Queryable, userIds: string[]): Promise<string[]> {
    const r = await db.query<{ user_id: string; client_seed: string }>(`SELECT user_id, client_seed FROM seed_pairs WHERE active AND user_id = ANY($1::bigint[])`, [userIds]);
    const byUser = new Map(r.rows.map((x) => [String(x.user_id), x.client_seed]));
    return userIds.map((u) => byUser.get(u) ?? '');
  }

  async lastHandNo(db: Queryable, tableId: string): Promise<number> {
    const r = await db.query<{ n: string | null }>(`SELECT max(hand_no) AS n FROM poker_hands WHERE table_id = $1`, [tableId]);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Writes the hand and its humans' chips before and after; moves each sitting's chips by its result. */
  async recordHand(db: Queryable, record: HandRecord, instanceId: string): Promise<string> {
    const f = record.fairness;
    const r = await db.query<{ id: string }>(
      `INSERT INTO poker_hands (table_id, hand_no, instance_id, server_seed, server_seed_hash, client_seed, nonce, bots_net, summary)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [record.tableId, f.handNo, instanceId, f.serverSeed, f.serverSeedHash, f.clientSeed, f.nonce, record.botsNet, toJson(record.summary)],
    );
    const handId = String(r.rows[0].id);
    for (const h of record.humans) {
      await db.query(`INSERT INTO poker_hand_players (hand_id, user_id, seat, chips_before, chips_after) VALUES ($1, $2, $3, $4, $5)`, [handId, h.userId, h.seat, h.before, h.after]);
      if (h.after !== h.before) await this.addChips(db, h.sitId, h.after - h.before);
    }
    return handId;
  }

  /** The user's latest hands, newest first. */
  async handsOf(db: Queryable, userId: string, limit: number): Promise<Array<{ id: string; table_id: string; chips_before: string; chips_after: string; summary: unknown; created_at: Date }>> {
    const r = await db.query<{ id: string; table_id: string; chips_before: string; chips_after: string; summary: unknown; created_at: Date }>(
      `SELECT h.id, h.table_id, p.chips_before, p.chips_after, h.summary, h.created_at
         FROM poker_hand_players p JOIN poker_hands h ON h.id = p.hand_id
        WHERE p.user_id = $1 ORDER BY p.hand_id DESC LIMIT $2`,
      [userId, limit],
    );
    return r.rows;
  }
}
